import { describe, expect, it } from 'vitest';
import { naiveHeresyRun, naiveHeresyScenario } from '../../../bench/naiveHeresyShoot.js';
import { HERESY_SCENARIOS } from '../../../bench/scenarios.js';
import { heresyShootJob } from '../../../src/rulesets/heresy/scenarios/heresyJobs.js';
import { rngFromSeed } from '../../../src/sim/rng.js';
import { simulate } from '../../../src/run/simulate.js';
import { binomialPmf, tolerance999 } from '../../helpers/exact.js';

/** The naive reference of the Heresy shooting benchmark (bench/naiveHeresyShoot.ts) gives the kernel's numbers. */

const trials = 200_000;

/** Two Monte Carlo estimates of one probability agree within the 99.9% interval of their difference. */
function expectSame(a: number, b: number, what: string): void {
  const p = (a + b) / 2;
  expect(Math.abs(a - b), what).toBeLessThanOrEqual(3.29 * Math.sqrt((2 * p * (1 - p)) / trials) + 1e-12);
}

async function both(spec: ReturnType<typeof heresyShootJob>['spec']) {
  const naive = naiveHeresyRun(naiveHeresyScenario(spec), rngFromSeed('naive-heresy'), trials);
  const engine = await simulate({ spec, seed: 'engine', scenario: 'shoot', matchup: 'm', trials, chunkSize: 50_000 });
  const L = engine.layout.records[0]!.formations[1]!;
  return { naive, engine, L };
}

describe('the naive Heresy reference', () => {
  it('4 Space Marines at 8 Orks, 20 cm: kills Binomial(4, 0.5 x 0.8) in both; 4 firepower (x2 Rapid Fire) = 8 dice do not exceed 8 models: no chit', async () => {
    const { naive, engine, L } = await both(heresyShootJob({ formation: '4 Space Marine', at: '8 Ork', gap: 20, gapGiven: true }).spec);
    binomialPmf(4, 0.4).forEach((p, k) => {
      expect(Math.abs(naive.killed[k]! / trials - p), `naive P(${k})`).toBeLessThanOrEqual(tolerance999(p, trials));
      expect(Math.abs(engine.tally[L.killedHistogram + k]! / trials - p), `engine P(${k})`).toBeLessThanOrEqual(tolerance999(p, trials));
    });
    expect(naive.chitsSum).toBe(0);
    expect(engine.tally[L.bmSum]).toBe(0);
  });

  it('the bench scenario (Terminators and Land Raiders at Orks and Rhinos in hard cover): the same distribution of kills, the same break and suppression chances', async () => {
    const { naive, engine, L } = await both(HERESY_SCENARIOS.find((s) => s.id === 'heresy-shooting')!.build());
    for (let k = 0; k <= L.units; k++) expectSame(naive.killed[k]! / trials, engine.tally[L.killedHistogram + k]! / trials, `P(${k} killed)`);
    expectSame(naive.broken / trials, engine.tally[L.broken]! / trials, 'P(broken)');
    expectSame(naive.chitsSum / trials, engine.tally[L.bmSum]! / trials, 'P(suppressed)');
    expect(naive.killed.slice(1).reduce((a, b) => a + b, 0)).toBeGreaterThan(trials / 10);
  });

  it('refuses what it does not simulate', () => {
    const assault = HERESY_SCENARIOS.find((s) => s.id === 'heresy-assault')!.build();
    expect(() => naiveHeresyScenario(assault)).toThrow(/^the naive Heresy reference does not simulate /);
  });
});
