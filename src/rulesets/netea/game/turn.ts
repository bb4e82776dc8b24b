import type { Sfc32 } from '../../../sim/rng.js';
import { d6 } from '../../../sim/dice/d6.js';
import type { Game } from './game.js';
import type { Player } from './policy/player.js';
import { activate } from './activation.js';
import { teleportArrivals } from './arrivals.js';
import { endPhase } from './endPhase.js';
import { EV_STRATEGY, EV_TURN } from './timeline.js';

/**
 * One turn (RB 1.4): abilities used at the start of the turn (teleports,
 * RB 1.4.2, 2.1.17), the strategy roll (RB 1.5), the action phase with its
 * alternating activations and the retain test (RB 1.6), the end phase
 * (RB 1.14).
 */
export function playTurn(game: Game, players: readonly [Player, Player], rng: Sfc32): void {
  game.turn++;
  if (game.turn > 1) game.ge.newTurn();
  for (let f = 0; f < game.nF; f++) {
    game.activated[f] = 0;
    game.marched[f] = 0;
    game.moved[f] = 0;
    game.rallied[f] = 0;
  }
  game.farsightRetained[0] = 0;
  game.farsightRetained[1] = 0;
  game.portalUsed.fill(0);
  players[0].newTurn();
  players[1].newTurn();
  game.timeline?.add(game.turn, EV_TURN, -1, -1, 0, 0, 0, 0);
  const ratingA = game.spec.armies[0].strategyRating;
  const ratingB = game.spec.armies[1].strategyRating;
  teleportArrivals(game, players, ratingB > ratingA ? 1 : 0, rng);
  game.firstToAct = strategyRoll(game, ratingA, ratingB, rng);
  if (game.turn === 1) game.firstPlayer = game.firstToAct;
  actionPhase(game, players, rng);
  endPhase(game, rng);
}

/**
 * RB 1.5: "both players make a strategy roll by rolling a D6 and adding their
 * strategy rating ... The player whose army scores higher can choose to go
 * first or second ... In the case of a tie, the side that failed to win the
 * initiative last turn gets it on this turn." In turn 1 a tie is broken at
 * random (a D6: 1-3 army A, 4-6 army B). The winner goes first (the
 * policies' choice). Returns the army acting first.
 */
export function strategyRoll(game: Game, ratingA: number, ratingB: number, rng: Sfc32): number {
  const dieA = d6(rng);
  const dieB = d6(rng);
  const a = dieA + ratingA;
  const b = dieB + ratingB;
  let winner: number;
  if (a !== b) winner = a > b ? 0 : 1;
  else if (game.initiativeWinner >= 0) winner = 1 - game.initiativeWinner;
  else winner = d6(rng) <= 3 ? 0 : 1;
  game.initiativeWinner = winner;
  game.timeline?.add(game.turn, EV_STRATEGY, -1, -1, a, b, winner, 0);
  // TP Fickle Masters: "In the strategy phase if the Chaos player rolls a 6 ... an additional 1D3 lesser daemons ... If the Chaos player rolls 1 ... remove D3".
  game.daemons.fickle(0, dieA, rng);
  game.daemons.fickle(1, dieB, rng);
  return winner;
}

/**
 * RB 1.6: the players take turns to carry out an action with one formation,
 * the first player first. After a passed test a player may retain the
 * initiative and act again with −1, never twice in a row (RB 1.6.3; TP Farsight: an
 * army with a unit with Farsight on the table may, once a turn, retain twice in a row). "If one
 * player runs out of formations to activate, then the opposing player may
 * keep on activating formations one after the other" without the −1.
 */
export function actionPhase(game: Game, players: readonly [Player, Player], rng: Sfc32): void {
  let army = game.firstToAct;
  for (;;) {
    const player = players[army]!;
    const other = players[1 - army]!;
    if (!player.anyToAct()) {
      if (!other.anyToAct()) return;
      army = 1 - army;
      continue;
    }
    player.choose(player.plan);
    const passed = activate(game, players, player.plan, false, rng);
    if (passed && other.anyToAct() && player.wantsRetain()) {
      const again = activate(game, players, player.next, true, rng);
      // TP Farsight: "once per turn the Eldar player may attempt to retain the initiative twice in a row ... at least one
      // unit with Farsight must still be in play and on the battlefield".
      if (again && game.farsightRetained[army] === 0 && game.farsightOnTable(army) && other.anyToAct() && player.wantsRetain()) {
        game.farsightRetained[army] = 1;
        activate(game, players, player.next, true, rng);
      }
    }
    army = 1 - army;
  }
}
