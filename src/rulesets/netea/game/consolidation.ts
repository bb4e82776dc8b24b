import type { Sfc32 } from '../../../sim/rng.js';
import { ON_TABLE, type Game } from './game.js';
import type { Player } from './policy/player.js';
import { moveToward, order } from './movement.js';
import { NP_CONSOLIDATION_PICKUP } from './notPlayed.js';
import { K_HIT_AND_RUN } from './formationInfo.js';
import { EV_CONSOLIDATE } from './timeline.js';

/** RB 1.12.9: "Any units on the winning side may then move 5cm." */
export const CONSOLIDATION = 5;

/**
 * The winner consolidates (RB 1.12.9): "Any units on the winning side may
 * then move 5cm. This is a free bonus move designed to allow attacking units
 * to occupy territory they have captured. Units may not enter an enemy's zone
 * of control when they consolidate." Each formation of `winners` (a bit each:
 * the winning side's formations in the assault, supporting ones included)
 * still on the table moves up to 5 cm, or its speed with Hit & Run Tactics
 * (TP Eldar: "any distance up to their speed value"), where its player
 * sends it (Player.consolidation), as any move: stopped short of enemy zones
 * of control and impassable terrain, with dangerous terrain tests (a move,
 * RB FAQ). A transport picking passengers up on the way (RB FAQ) is not
 * played: named when a winner could have.
 */
export function consolidate(game: Game, players: readonly [Player, Player], winners: number, rng: Sfc32): void {
  if (process.env.NOCONS) return;
  for (let g = 0; g < game.nF; g++) {
    if ((winners & (1 << g)) === 0 || game.status[g] !== ON_TABLE || game.e.fAlive[g] === 0) continue;
    const player = players[game.army(g)]!;
    const dist = (game.info.kind[g]! & K_HIT_AND_RUN) !== 0 ? game.info.speed[g]! : CONSOLIDATION;
    if (!player.consolidation(g, dist)) continue;
    game.timeline?.add(game.turn, EV_CONSOLIDATE, g, -1, 0, 0, 0, 0);
    order.tx = player.moveX;
    order.ty = player.moveY;
    order.dist = dist;
    moveToward(game, g, -1, rng);
    if (game.info.rideSpeed[g]! > 0 && game.embarked[g] === 0) game.notPlayed.mark(NP_CONSOLIDATION_PICKUP);
  }
}
