import type { Sfc32 } from '../../../../sim/rng.js';
import type { FirePlan } from './plan.js';
import { lineShots } from '../lineShots.js';

/** The shots of the plan's line g (`lineShots`, as `shoot` rolls them). */
export function rollShots(p: FirePlan, g: number, rng: Sfc32): number {
  return lineShots(rng, p.gShotsN[g]!, p.gShotsSides[g]!, p.gShotsPlus[g]!, p.gShotsTimes[g]!, p.gExN[g]!, p.gExSides[g]!, p.gExPlus[g]!);
}
