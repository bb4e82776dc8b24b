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
 * How much army a wants objective k for the goals (RB 6.1.7): one in the
 * enemy's half counts for Take and Hold (two of them), the enemy's edge one
 * for Blitzkrieg too, and taking one the enemy holds there breaks his Defend
 * the Flag; one in its own half counts for its Defend the Flag (all three),
 * and taking back one the enemy holds or contests there breaks his Take and
 * Hold. A contested objective is wanted a little less.
 */
const ENEMY_HALF = 1;
const OWN_HALF = 0.8;
const BLITZKRIEG = 0.3;
const DENY = 0.3;

/**
 * The objective formation f should head for, written to `goal`: the most
 * wanted (above), discounted by the turns it takes to get there (its speed,
 * three moves a turn), and much less when another formation of its army
 * already stands on it or heads for it (`claimed`, a bit per objective).
 * Returns the objective, or -1.
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
    const enemyThere = o.control[k] === 1 - a || o.control[k] === CONTESTED;
    let value = o.half[k] === a ? OWN_HALF : ENEMY_HALF;
    if (o.onEdge[k] === 1 && o.placer[k] !== a) value += BLITZKRIEG;
    if (enemyThere) value += DENY;
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
