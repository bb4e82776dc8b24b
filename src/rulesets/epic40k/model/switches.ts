import { z } from 'zod';

/** Epic 40,000 only: the switches where the BattleBible is silent or damaged (docs/epic40k.md, Switches). */
export const Epic40kSwitches = z.strictObject({
  allocationOrder: z.enum(['lowest-first', 'highest-first']).optional(),
  blastMarkerFirepowerPenalty: z.number().int().min(0).optional(),
  assaultHalving: z.enum(['total', 'unit']).optional(),
  mixedCoverColumn: z.enum(['cover', 'open']).optional(),
  armourCap: z.boolean().optional(),
  templateUnits: z.number().int().min(1).optional(),
  criticalExtraDamage: z.number().int().min(0).optional(),
  criticalOnShieldedDamage: z.boolean().optional(),
  marchingRoundUp: z.boolean().optional(),
  firefightTie: z.enum(['as-close-combat', 'reroll', 'no-result']).optional(),
  assaultMoveTest: z.boolean().optional(),
  maxTieRolls: z.number().int().min(1).optional(),
});
