import type { Game } from './game.js';
import { inNecronReserve } from './necronReserves.js';

/**
 * The tiebreak's victory points army a scores (RB 6.1.7): "the full points
 * value of any enemy formations that have been completely destroyed, plus the
 * full points value of any enemy formations that are broken and have been
 * reduced to half strength or less, plus half the value of any formation
 * reduced to half strength or less but is not broken, plus half the value of
 * any formation that is broken but is above half strength", where "a
 * formation's 'strength' is equal to the number of units in the formation
 * plus the (remaining) damage capacity of any war engines". A Necron
 * formation in the reserves counts as destroyed (TP Scarab Conflict, Necron
 * Reserves: "is considered destroyed for the purpose of tiebreak"). Written
 * to out[a].
 */
export function victoryPoints(game: Game, a: number, out: Float64Array): void {
  const e = game.e;
  let vp = 0;
  for (let f = 0; f < game.nF; f++) {
    if (game.army(f) === a) continue;
    const value = game.info.points[f]!;
    if (e.fAlive[f] === 0 || inNecronReserve(game, f)) {
      vp += value;
      continue;
    }
    const broken = e.fBroken[f] === 1;
    // Its daemons' places are not its starting strength: summoned daemons count while they are on the table (TP Summoned Units).
    const halved = 2 * game.ge.strength(f) <= game.ge.startingStrength(f) - game.daemons.placeStrength[f]!;
    if (broken && halved) vp += value;
    else if (broken || halved) vp += value / 2;
  }
  out[a] = vp;
}
