import type { Game } from './game.js';

/** The charge move of formation f: its slowest unit's (infiltrators double, RB 2.1.4), riding if its passengers are in. */
export function chargeMove(game: Game, f: number): number {
  // Both read on every call: a read reached only when passengers ride would leave the optimised
  // callers (the players' reckonings) without feedback for it, to be thrown away mid-run the
  // first time a game reaches it, and their numbers boxed until they are optimised again.
  const riding = game.info.rideCharge[f]!;
  const onFoot = game.info.charge[f]!;
  const canRide = riding > 0;
  return game.embarked[f] === 1 && canRide ? riding : onFoot;
}
