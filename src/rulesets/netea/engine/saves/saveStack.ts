import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import { FIELD_HOLOFIELD, FIELD_KNIGHT_SHIELD } from './unitSaves.js';
import { NO_SAVES, packSaves } from './saveCode.js';

// Codes as module constants, which V8 folds into optimised code: `C.X` is loaded again at every use (docs/adding-a-rule.md).
const H_ASSAULT = C.H_ASSAULT;
const H_FIELD_ROLLED = C.H_FIELD_ROLLED;
const H_IGNORE_COVER = C.H_IGNORE_COVER;
const H_LANCE = C.H_LANCE;
const H_MW = C.H_MW;
const H_NO_SAVE = C.H_NO_SAVE;
const H_SNIPER = C.H_SNIPER;
const H_SUPPORT = C.H_SUPPORT;
const H_TK = C.H_TK;
const H_WRECKED_TRANSPORT = C.H_WRECKED_TRANSPORT;
const NONE = C.NONE;
const U_AIRCRAFT = C.U_AIRCRAFT;
const U_IN_FORTIFICATION = C.U_IN_FORTIFICATION;
const U_REINFORCED = C.U_REINFORCED;
const U_SIEGE_BUNKER = C.U_SIEGE_BUNKER;
const U_THICK_REAR = C.U_THICK_REAR;

/** The save a jinking fighter takes instead of its armour (RB 4.2.3). */
export const JINK_SAVE = 4;
/** RB 1.7.5 (errata): the cover save a passenger may take instead of its armour when its transport is destroyed. */
export const WRECK_COVER_SAVE = 6;
/** TP Masters of Siege: "a 4+ save with reinforced armour" for infantry in a bunker. */
export const SIEGE_BUNKER_SAVE = 4;

/**
 * The rolls that may save one hit on unit u (RB 1.9.6, the abilities of §3.6
 * and the TP's save rules), as a save code (saveCode.ts). The one place that
 * decides saves: the general procedure rolls the code per hit, and the fire
 * and assault plans compile it per unit and kind of hit.
 *
 * - No-save hits (assault-loss, broken-formation BM hits) allow nothing, not
 *   even an invulnerable save ([A-3]).
 * - Titan Killer: no armour or cover save, even with reinforced armour (RB 2.2.9).
 * - Macro-weapon: no save unless the unit has reinforced armour, and then no
 *   re-roll (RB 2.2.6, 2.1.11); cover saves are negated.
 * - Infantry in cover use the better of armour and cover, never both (RB 1.8.3);
 *   infantry of an engaging formation get none (`noCover`, RB 1.12.5). The
 *   passengers of a destroyed transport may take a 6+ cover save, whatever
 *   their kind (RB 1.7.5 errata).
 * - In an assault, armour that counts in assaults only does (TP: Wyches' "(5+)").
 * - Jinking aircraft save on 4+ instead of their armour (RB 4.2.3).
 * - Crossfire (`crossfire`) and sniper each worsen the save by one, cumulatively
 *   (RB 1.11, 2.1.14, FAQ); thick rear armour and units in fortifications (a
 *   bunker: TP Fortified Positions) ignore crossfire (RB 2.1.16, 1.11).
 * - Masters of Siege (TP, Imperial Fists): infantry in a bunker "gain a 4+ save
 *   with reinforced armour", which "replaces both their regular save and the
 *   3+ bunker cover save": it stands against MW without its re-roll and not
 *   against TK, as reinforced armour does (RB 2.1.11). "This save is lost if
 *   the unit suffers an ignore cover hit": that hit meets the unit's own armour
 *   alone, as an ignore-cover hit meets any unit in cover (RB 2.2.5); so does
 *   an assault hit on a unit of the engaging formation, which left the bunker
 *   to charge (RB 1.12.5).
 * - Reinforced armour re-rolls a failed save against anything but MW, TK and
 *   lance (RB 2.1.11, TP Lance), with the save it failed; a failed cover save
 *   is re-rolled "only using its armour value" (TP FAQ Reinforced Armour,
 *   which settles [A-25] against the spec's reading), with the same crossfire
 *   and sniper modifiers.
 * - Holofield (TP Eldar Technology): a 3+ save "instead of the Titan's normal
 *   saving throw", against any hit, assault, MW and TK included; the crossfire
 *   and sniper modifiers apply to it as to any save (the text exempts it from
 *   no modifier). Its re-roll for reinforced armour is made "using the units
 *   armour save". A TK hit gets a single Holofield save for all its damage
 *   (damage.ts rolls it once and marks the hit H_FIELD_ROLLED).
 * - Knight Shield (TP Knight Technology): a 4+ save instead of armour that
 *   "no modifiers ever" change and MW, lance and TK do not deny, each point of
 *   TK damage saved apart; with reinforced armour a failed save is re-rolled
 *   "using its armour value" except against MW, lance and TK; none of it in a
 *   crossfire or against supporting fire.
 * - A field is taken only when it beats the save the unit would otherwise
 *   have ("can be taken instead").
 * - Second save: an unmodified roll after any failed or denied save:
 *   invulnerable 6+ (RB 2.1.6), Tau deflector 5+, Necron living metal 4+ (TP).
 */
export function saveCode(e: Engagement, u: number, hitFlags: number, crossfire: boolean, noCover: boolean): number {
  if ((hitFlags & H_NO_SAVE) !== 0) return NO_SAVES;
  const uf = e.uFlags[u]!;
  const s = e.saves;
  const worse = (crossfire && (uf & (U_THICK_REAR | U_IN_FORTIFICATION)) === 0 ? 1 : 0) + ((hitFlags & H_SNIPER) !== 0 ? 1 : 0);
  const siege = (uf & U_SIEGE_BUNKER) !== 0 && !noCover && (hitFlags & H_IGNORE_COVER) === 0;
  const reinforced = siege || (uf & U_REINFORCED) !== 0;
  let armour: number = NONE;
  // A cover save standing in for the unit's armour, and that armour: a re-roll's need.
  let coverUsed = false;
  let ownArmour: number = NONE;
  if ((hitFlags & H_TK) === 0 && ((hitFlags & H_MW) === 0 || reinforced)) {
    let base = (hitFlags & H_ASSAULT) !== 0 ? s.uAssaultArmour[u]! : e.uArmour[u]!;
    const cover = (hitFlags & H_WRECKED_TRANSPORT) !== 0 ? Math.min(e.uCoverSave[u]!, WRECK_COVER_SAVE) : e.uCoverSave[u]!;
    if (siege) base = SIEGE_BUNKER_SAVE;
    else if (cover < base && !noCover && (hitFlags & (H_IGNORE_COVER | H_MW)) === 0) {
      coverUsed = true;
      ownArmour = base + worse < NONE ? base + worse : NONE;
      base = cover;
    }
    // RB 4.2.3: a jinking aircraft saves on 4+ instead of its armour.
    if ((uf & U_AIRCRAFT) !== 0 && e.air.fJink[e.uFormation[u]!] === 1) base = JINK_SAVE;
    if (base < NONE) armour = base + worse < NONE ? base + worse : NONE;
  }
  const reroll = armour < NONE && reinforced && (hitFlags & (H_MW | H_LANCE | H_TK)) === 0 ? (coverUsed ? ownArmour : armour) : NONE;
  if (s.stField[u] === 1 && (hitFlags & H_FIELD_ROLLED) === 0) return withField(e, u, hitFlags, crossfire, worse, armour, reroll);
  return packSaves(armour, reroll, s.stSecond[u]!);
}

/** The code of a unit whose Holofield or Knight Shield is up: the field replaces the armour save where it is better. */
function withField(e: Engagement, u: number, hitFlags: number, crossfire: boolean, worse: number, armour: number, reroll: number): number {
  const s = e.saves;
  const kind = s.uField[u]!;
  let field: number = NONE;
  if (kind === FIELD_HOLOFIELD) field = Math.min(s.fieldSave(u) + worse, NONE);
  else if (kind === FIELD_KNIGHT_SHIELD && !crossfire && (hitFlags & H_SUPPORT) === 0) field = s.fieldSave(u);
  const first = field < armour ? field : armour;
  return packSaves(first, first < NONE ? reroll : NONE, s.stSecond[u]!);
}
