import { expect } from 'vitest';
import { rngFromSeed } from '../../src/sim/rng.js';
import { NeteaRunner } from '../../src/rulesets/netea/engine/runner.js';
import type { EngagementSpec } from '../../src/rulesets/netea/model/spec.js';

/**
 * `trials` trials of `spec` from `seed`, in two runs on one generator (a fire plan must leave the
 * generator where the general path does), with fire plans allowed or not: the path and the tally.
 */
function tallyOf(spec: EngagementSpec, firePlan: boolean, seed: string, trials: number): { path: string; tally: number[] } {
  const runner = new NeteaRunner(spec, { firePlan });
  const tally = new Float64Array(runner.layout.length);
  const rng = rngFromSeed(seed);
  runner.run(rng, trials / 2, tally);
  runner.run(rng, trials / 2, tally);
  return { path: runner.path, tally: Array.from(tally) };
}

/** The engagement runs as a fire plan, and its tally is the general procedure's, bit for bit. */
export function expectFirePlanSameAsGeneral(spec: EngagementSpec, seed: string, trials: number): void {
  const fast = tallyOf(spec, true, seed, trials);
  const general = tallyOf(spec, false, seed, trials);
  expect(fast.path).toBe('fire plan');
  expect(general.path).toBe('general (fire plans turned off)');
  expect(fast.tally).toEqual(general.tally);
}
