import type { Sfc32 } from '../../../sim/rng.js';
import * as dice from '../../../sim/diceExpr.js';

// Module constants, which V8 folds into the callers' optimised code: an imported or exported
// binding is read again at every use (docs/adding-a-rule.md).
const rollDice = dice.rollDice;

/**
 * A weapon line's shots in an attack (RB 1.9.5), written once for the
 * general procedure (shoot.ts, the engagement's `wFixedShots`) and the fire
 * plan (firePlan.ts, firePlan/rollShots.ts): its firepower dice (n dice of
 * `sides` plus `plus`) times its multiplier, then its extra attacks' dice, in
 * that order.
 */
export function lineShots(rng: Sfc32, n: number, sides: number, plus: number, times: number, extraN: number, extraSides: number, extraPlus: number): number {
  let shots = n === 0 ? plus : rollDice(rng, n, sides, plus);
  shots *= times;
  if (extraN + extraPlus > 0) shots += rollDice(rng, extraN, extraSides, extraPlus);
  return shots;
}

/** The shots `lineShots` gives when no die decides them, without rolling; -1 when dice do. */
export function fixedShots(n: number, plus: number, times: number, extraN: number, extraPlus: number): number {
  return n === 0 && extraN === 0 ? plus * times + extraPlus : -1;
}
