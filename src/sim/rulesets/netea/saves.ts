import type { Sfc32 } from '../../rng.js';
import { d6 } from '../../dice/d6.js';
import { rollSave } from '../../dice/rollSave.js';
import * as C from './codes.js';
import type { Engagement } from './engagement.js';

/**
 * One saving throw for one hit on unit u (RB 1.9.6 and the abilities of §3.6).
 *
 * - No-save hits (assault-loss, broken-formation BM hits) allow nothing, not
 *   even an invulnerable save ([A-3]).
 * - Titan Killer: no armour or cover save, even with reinforced armour (RB 2.2.9).
 * - Macro-weapon: no save unless the unit has reinforced armour, and then no
 *   re-roll (RB 2.2.6, 2.1.11); cover saves are negated.
 * - Infantry in cover use the better of armour and cover, never both (RB 1.8.3);
 *   infantry of an engaging formation get none (`noCover`, RB 1.12.5).
 * - Crossfire (`crossfire`) and sniper each worsen the save by one, cumulatively
 *   (RB 1.11, 2.1.14, FAQ); thick rear armour ignores crossfire (RB 2.1.16).
 * - Reinforced armour re-rolls a failed save against anything but MW, TK and
 *   lance (RB 2.1.11, TP Lance); a cover save used is re-rolled as is ([A-25]).
 * - Jinking aircraft save on 4+ instead of their armour (RB 4.2.3).
 * - Invulnerable: a second, unmodified 6+ after any failed or denied save (RB 2.1.6).
 */
/** The save a jinking fighter takes instead of its armour (RB 4.2.3). */
export const JINK_SAVE = 4;

export function saveHit(e: Engagement, u: number, hitFlags: number, crossfire: boolean, noCover: boolean, rng: Sfc32): boolean {
  if ((hitFlags & C.H_NO_SAVE) !== 0) return false;
  const uf = e.uFlags[u]!;
  let saved = false;
  if ((hitFlags & C.H_TK) === 0 && ((hitFlags & C.H_MW) === 0 || (uf & C.U_REINFORCED) !== 0)) {
    let base = e.uArmour[u]!;
    const cover = e.uCoverSave[u]!;
    if (cover < base && !noCover && (hitFlags & (C.H_IGNORE_COVER | C.H_MW)) === 0) base = cover;
    // RB 4.2.3: a jinking aircraft saves on 4+ instead of its armour.
    if ((uf & C.U_AIRCRAFT) !== 0 && e.air.fJink[e.uFormation[u]!] === 1) base = JINK_SAVE;
    if (base < C.NONE) {
      let s = base;
      if (crossfire && (uf & C.U_THICK_REAR) === 0) s++;
      if ((hitFlags & C.H_SNIPER) !== 0) s++;
      saved = rollSave(rng, s);
      if (!saved && (uf & C.U_REINFORCED) !== 0 && (hitFlags & (C.H_MW | C.H_LANCE)) === 0) saved = rollSave(rng, s);
    }
  }
  if (!saved && (uf & C.U_INVULNERABLE) !== 0) saved = d6(rng) === 6;
  return saved;
}
