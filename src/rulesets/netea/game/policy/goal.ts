import type { Game } from '../game.js';
import { CAPTURE_RANGE, CONTESTED, OBJECTIVE_COUNT } from '../objectives.js';

/**
 * Where a formation is heading (docs/game.md, "Players"): an objective to
 * take or keep, or the enemy. Written into the Goal object the player keeps.
 */
export class Goal {
  x = 0;
  y = 0;
  /** The objective it heads for, or -1 when it heads for the enemy. */
  objective = -1;
  /** What reaching it is worth, in the policy's points. */
  value = 0;
}

/**
 * The objective formation f should head for, written to `goal`: the most
 * wanted, discounted by the turns it takes to get there (its speed, three
 * moves a turn), and much less when another formation of its army already
 * stands on it or heads for it (`claimed`, a bit per objective). Army a wants
 * one it does not hold for its goals (Take and Hold needs two in the enemy
 * half, Defend the Flag all three in its own, Blitzkrieg the enemy's edge one,
 * which it wants a little more), one it holds as much while it has to be kept,
 * a contested one a little less. Returns the objective, or -1.
 */
export function bestObjective(game: Game, f: number, speed: number, claimed: number, goal: Goal): number {
  const a = game.army(f);
  const o = game.objectives;
  let best = -1;
  let bestValue = 0;
  const perTurn = Math.max(speed * 3, 5);
  const x = game.x[f]!;
  const y = game.y[f]!;
  const r = game.rad[f]!;
  for (let k = 0; k < OBJECTIVE_COUNT; k++) {
    const dx = o.x[k]! - x;
    const dy = o.y[k]! - y;
    const d = Math.sqrt(dx * dx + dy * dy) - r;
    const turns = d <= CAPTURE_RANGE ? 0 : (d - CAPTURE_RANGE) / perTurn;
    let value = o.onEdge[k] === 1 && o.placer[k] !== a ? 1.2 : 1;
    if (o.control[k] === CONTESTED) value *= 0.8;
    value /= 1 + turns;
    if ((claimed & (1 << k)) !== 0 && d > CAPTURE_RANGE) value *= 0.25;
    if (value > bestValue) {
      bestValue = value;
      best = k;
    }
  }
  goal.objective = best;
  goal.value = bestValue;
  if (best >= 0) {
    goal.x = o.x[best]!;
    goal.y = o.y[best]!;
  }
  return best;
}
