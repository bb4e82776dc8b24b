import { OFF_TABLE } from './engine.js';
import { ON_TABLE, RESERVE, type Game } from './game.js';
import { K_AIRCRAFT, K_SPACECRAFT } from './formationInfo.js';

/**
 * The engine measures distances on one line: a unit of formation a stands
 * `fFront[a] + depth` from a centre line, and two units of opposite armies
 * are the sum of those apart (engine geometry.ts). Before each call the game
 * sets the fronts so that the distances the call measures are the table's:
 *
 * - the pivot (the formation shot at, the assault's defender, the
 *   formation taking a test or rallying) stands on the centre line (front 0);
 * - every formation of the other army stands at its gap to the pivot, so the
 *   pivot's range, withdrawal (units ending within 15 cm of an enemy die) and
 *   rally (an enemy within 30 cm) are the table's;
 * - every other formation of the pivot's army stands at its gap to `other`,
 *   the enemy acting on the pivot (the shooter, or the charger where its
 *   charge ended), which is what the engine reads of them: who is within
 *   15 cm of the chargers to lend support or be caught by the loss; with no
 *   `other` (-1), far off;
 * - formations off the table, and aircraft, stand far off (OFF_TABLE);
 * - a ground pivot in the reserves (a Necron formation phased out, TP Phase Out)
 *   has every other formation far off: nothing on the table is near it.
 *
 * Fronts are whole centimetres, rounded: the precision of the engine's own
 * scripts, finer than a formation's footprint on the table; and a whole
 * number is passed between the engine's functions without being boxed.
 */
export function frontsAround(game: Game, pivot: number, other: number): void {
  const e = game.e;
  const front = e.fFront;
  const alive = e.fAlive;
  const status = game.status;
  const centres = game.centres;
  const rad = game.rad;
  const side = game.army(pivot);
  const n = game.nF;
  const radPivot = rad[pivot]!;
  const radOther = other >= 0 ? rad[other]! : 0;
  const offTable = status[pivot] === RESERVE && (game.info.kind[pivot]! & (K_AIRCRAFT | K_SPACECRAFT)) === 0;
  for (let f = 0; f < n; f++) {
    if (f === pivot) {
      front[f] = 0;
    } else if (offTable) {
      front[f] = OFF_TABLE;
    } else if (status[f] !== ON_TABLE || alive[f] === 0) {
      front[f] = OFF_TABLE;
    } else if (game.army(f) !== side) {
      const d = centres[f * n + pivot]! - rad[f]! - radPivot;
      front[f] = d > 0 ? Math.round(d) : 0;
    } else if (other >= 0) {
      const d = centres[f * n + other]! - rad[f]! - radOther;
      front[f] = d > 0 ? Math.round(d) : 0;
    } else {
      front[f] = OFF_TABLE;
    }
  }
}
