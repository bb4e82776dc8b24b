import * as C from './codes.js';
import type { Engagement } from './engagement.js';

/**
 * The cover a formation stands in during a game, as a small number of states
 * the game's facade switches between (gameEngagement.ts). Each is what RB 1.8
 * and the TP give units in that terrain:
 *
 * - COVER_NONE: open ground.
 * - COVER_LOW_6: terrain too low to hide vehicles that gives infantry a 6+
 *   cover save (scrub, marsh, river): infantry only, −1 to hit them and the
 *   6+ save (RB 1.8.3: the save comes "in addition to the -1 to hit modifier").
 * - COVER_TALL_5, COVER_TALL_4: terrain tall enough to obscure any unit in it
 *   (woods 5+; ruins, buildings and jungle 4+): −1 to hit every unit
 *   (RB 1.8.2), the cover save for infantry (RB 1.8.3).
 * - COVER_OVERWATCH_OPEN: TP Terrain Effects, Open Ground: "Infantry count as
 *   being in cover (-1 to hit modifier) and receive a 5+ cover save if they are
 *   on Overwatch in Open Ground".
 *
 * Mounted infantry count as vehicles for terrain (RB 2.1.10); aircraft and
 * spacecraft are never in cover.
 */
export const COVER_NONE = 0;
export const COVER_LOW_6 = 1;
export const COVER_TALL_5 = 2;
export const COVER_TALL_4 = 3;
export const COVER_OVERWATCH_OPEN = 4;
export const COVER_STATES = 5;

/** The infantry cover save of each state (NONE for open ground). */
const STATE_SAVE = [C.NONE, 6, 5, 4, 5];
/** States that obscure vehicles and war engines as well as infantry. */
const STATE_TALL = [false, false, true, true, false];

/**
 * Puts unit u in cover state `state`: its U_IN_COVER flag and its cover save
 * (uCoverSave), as engagement/cover.ts does for a placed formation's cover.
 */
export function applyCoverState(e: Engagement, u: number, state: number): void {
  const flags = e.uFlags[u]! & ~C.U_IN_COVER;
  e.uFlags[u] = flags;
  e.uCoverSave[u] = C.NONE;
  if (state === COVER_NONE) return;
  const cls = e.uClass[u]!;
  if (cls === C.CLASS_AIR) return;
  const infantry = cls === C.CLASS_INF && (flags & C.U_MOUNTED) === 0;
  if (infantry) {
    e.uCoverSave[u] = STATE_SAVE[state]!;
    e.uFlags[u] = flags | C.U_IN_COVER;
  } else if (STATE_TALL[state]) {
    e.uFlags[u] = flags | C.U_IN_COVER;
  }
}
