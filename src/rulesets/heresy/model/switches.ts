import { z } from 'zod';

/** An experiment's `heresyOptions`: the switches of src/rulesets/heresy/model/options.ts (docs/heresy.md, Switches), each optional. */
export const HeresySwitches = z.strictObject({
  penetration: z.enum(['any', 'each']).optional(),
  shootingCasualties: z.enum(['owner', 'front']).optional(),
  levelsLostPerFailedCheck: z.number().int().min(1).max(3).optional(),
  failedCheckLeavesAssault: z.boolean().optional(),
  chargeCheck: z.boolean().optional(),
  maxRounds: z.number().int().min(1).max(100).optional(),
  minCasualtyCost: z.number().int().min(0).max(20).optional(),
});
export type HeresySwitches = z.infer<typeof HeresySwitches>;
