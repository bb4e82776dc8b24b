import type { Sfc32 } from '../../../../sim/rng.js';
import { rollDice } from '../../../../sim/diceExpr.js';
import type { FirePlan } from '../firePlan.js';

/**
 * The shots of the plan's line g, as `shoot` rolls them: its firepower dice
 * (times its multiplier), then any extra attacks' dice, in that order.
 */
export function rollShots(p: FirePlan, g: number, rng: Sfc32): number {
  const sn = p.gShotsN[g]!;
  let shots = sn === 0 ? p.gShotsPlus[g]! : rollDice(rng, sn, p.gShotsSides[g]!, p.gShotsPlus[g]!);
  shots *= p.gShotsTimes[g]!;
  if (p.gExN[g]! + p.gExPlus[g]! > 0) shots += rollDice(rng, p.gExN[g]!, p.gExSides[g]!, p.gExPlus[g]!);
  return shots;
}
