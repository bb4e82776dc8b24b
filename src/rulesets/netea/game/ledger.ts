import type { Game } from './game.js';

/**
 * Who destroyed what: before an attack the game notes each army's points
 * lost so far (the engine's running totals, e.fPointsLost), after it credits
 * the attacking formation with what the enemy lost in between. The numbers
 * stay in the game's arrays (a fraction returned from a call would be boxed).
 */
export function noteLosses(game: Game): void {
  game.lostBefore[0] = 0;
  game.lostBefore[1] = 0;
  const e = game.e;
  for (let f = 0; f < game.nF; f++) game.lostBefore[game.army(f)]! += e.fPointsLost[f]!;
}

/** Credits formation f with the points army `army` lost since noteLosses; the amount is left in game.credited. */
export function creditLosses(game: Game, f: number, army: number): void {
  const e = game.e;
  let lost = 0;
  for (let g = 0; g < game.nF; g++) if (game.army(g) === army) lost += e.fPointsLost[g]!;
  game.credited = lost - game.lostBefore[army]!;
  game.destroyedPoints[f]! += game.credited;
}
