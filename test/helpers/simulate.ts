import { expect } from 'vitest';
import type { InputError as InputErrorType } from '../../src/model/inputError.js';
import { InputError } from '../../src/model/inputError.js';
import { outcomeAt } from '../../src/reports/aggregate.js';
import { rngFromSeed } from '../../src/sim/rng.js';
import { NeteaRunner } from '../../src/rulesets/netea/engine/runner.js';
import type { EngagementSpec } from '../../src/rulesets/netea/model/spec.js';
import { tolerance999 } from './exact.js';

/** Trials of the Monte Carlo checks against exact probabilities (fixed seed, 99.9% interval). */
export const EXACT_TRIALS = 200_000;

/** Runs `spec` on a fixed seed; returns each formation's outcome after step `record`. */
export function simulate(spec: EngagementSpec, seed: string, trials = EXACT_TRIALS) {
  const runner = new NeteaRunner(spec);
  const tally = new Float64Array(runner.layout.length);
  runner.run(rngFromSeed(seed), trials, tally);
  return (record: number, f: number) => outcomeAt(tally, runner.layout, record, f);
}

/** Every P(k) of `got` within the 99.9% interval of the exact `exact[k]` over n trials. */
export function expectDistribution(got: number[], exact: number[], n = EXACT_TRIALS): void {
  for (let k = 0; k < exact.length; k++) {
    expect(Math.abs((got[k] ?? 0) - exact[k]!), `P(${k})`).toBeLessThanOrEqual(tolerance999(exact[k]!, n));
  }
}

/** A proportion within the 99.9% interval of the exact probability over n trials. */
export function expectP(got: number, exact: number, n = EXACT_TRIALS): void {
  expect(Math.abs(got - exact)).toBeLessThanOrEqual(tolerance999(exact, n));
}

/** The problems of the InputError `f` throws (a test fails if it throws nothing or something else). */
export function problemsOf(f: () => unknown): InputErrorType['problems'] {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e.problems;
    throw e;
  }
  throw new Error('expected an InputError');
}
