import { describe, expect, it } from 'vitest';
import { fairCost, withCost, type FairCostMetric } from '../../src/reports/fairCost.js';
import { simulateWithMoments, simulateWithMomentsYielding } from '../../src/run/moments.js';
import { simulate } from '../../src/run/simulate.js';
import { pairA, pairB } from './fixtures.js';
import type { FormationSpec } from '../../src/model/formation.js';
import { chartContext } from '../../src/reports/report.js';
import { fairCostHeadline, fairCostSection } from '../../src/reports/sections/fairCostSection.js';
import { formation, unit } from '../helpers/fixtures.js';
import { sampleMeta } from './sampleReport.js';

/**
 * A synthetic pair whose parity costs are known exactly. Both have two
 * unsaved units 30 cm apart; A shoots with two AP4+ shots (1/2), B with two
 * AP5+ shots (1/3). Each meets the other twice, each acting once.
 *
 * A acts: H ~ Bin(2, 1/2) of B's units die: E[D] = 1 unit = P_B/2 = 100
 *   points; B is broken (1 loss, 2 BMs on 1 unit) or destroyed (2 losses)
 *   unless H = 0: A wins with P = 3/4.
 * B acts: likewise E[L] = (2/3)·c0/2 = c0/3 points of A; B wins with 5/9.
 *
 * exchange:   c* = c0·ΣD/ΣL = c0·100/(c0/3) = 300
 * efficiency: c*² = c0·P̄·ΣD/ΣL = 200·300 → c* = √60000 ≈ 244.95
 * win:        c* = P̄·ΣW/ΣV = 200·(3/4)/(5/9) = 270
 */
const EXACT: Record<FairCostMetric, number> = { exchange: 300, efficiency: Math.sqrt(60_000), win: 270 };
const settings = { kind: 'shoot' as const, action: 'advance' as const, gap: 30 };

function price(metric: FairCostMetric, seed: string, trials: number, a: FormationSpec = pairA(250)) {
  return fairCost({ formation: a, opponents: [pairB(200)], engagement: settings, metric, run: { seed, trials, chunkSize: 5000 } });
}

describe('fair cost on a synthetic pair with known parity', () => {
  it.each(Object.entries(EXACT) as Array<[FairCostMetric, number]>)('%s parity: %f inside the 95% interval, estimate within 3%', async (metric, exact) => {
    const r = await price(metric, 'fair', 20_000);
    expect(r.fairCost.ci95[0]).toBeLessThanOrEqual(exact);
    expect(r.fairCost.ci95[1]).toBeGreaterThanOrEqual(exact);
    expect(Math.abs(r.fairCost.estimate - exact) / exact).toBeLessThan(0.03);
    expect(r.currentCost).toBe(250);
    expect(r.meetings).toHaveLength(2);
    // B(c*) = 1 on the curve
    const k = r.constant.estimate;
    expect(k / r.fairCost.estimate ** r.power).toBeCloseTo(1, 12);
  });

  it('does not depend on the current cost (it only rescales points)', async () => {
    const a = await price('exchange', 'cost', 5000, pairA(250));
    const b = await price('exchange', 'cost', 5000, pairA(400));
    expect(b.fairCost.estimate).toBeCloseTo(a.fairCost.estimate, 9);
    expect(b.fairCost.ci95[0]).toBeCloseTo(a.fairCost.ci95[0], 9);
    // and the same trials: common random numbers, the dice of each meeting are the same
    expect(b.meetings[0]!.wins).toBe(a.meetings[0]!.wins);
  });

  it('prices a formation with no army-list cost at a nominal 100 and still finds parity', async () => {
    const a = pairA(250);
    const unpriced: FormationSpec = { ...a, points: null, units: a.units.map((u) => ({ ...u, points: null })) };
    const r = await price('exchange', 'nominal', 5000, unpriced);
    expect(r.currentCost).toBeNull();
    expect(r.runCost).toBe(100);
    expect(r.balanceAtCurrent).toBeNull();
    expect(Math.abs(r.fairCost.estimate - 300) / 300).toBeLessThan(0.06);
  });

  it('solves every metric from the same meetings', async () => {
    const r = await price('win', 'all', 5000);
    expect(r.byMetric.map((m) => m.metric)).toEqual(['exchange', 'efficiency', 'win']);
    expect(r.byMetric[2]!.fairCost).toEqual(r.fairCost);
  });

  it('the interval reflects the Monte Carlo error: ~95% of seeds cover the exact exchange parity', async () => {
    let covered = 0;
    const seeds = 120;
    for (let s = 0; s < seeds; s++) {
      const r = await price('exchange', `coverage-${s}`, 400);
      if (r.fairCost.ci95[0] <= 300 && 300 <= r.fairCost.ci95[1]) covered++;
    }
    expect(covered / seeds).toBeGreaterThan(0.88);
    expect(covered / seeds).toBeLessThan(0.995);
  });

  it('refuses opponents without a points cost', async () => {
    const b = pairB(200);
    await expect(fairCost({ formation: pairA(), opponents: [{ ...b, points: null }], engagement: settings, metric: 'exchange', run: { seed: 's', trials: 10, chunkSize: 10 } })).rejects.toThrow(/no points cost/);
  });
});

describe('an opponent that cannot hurt the formation', () => {
  it('has no finite exchange parity, says so, and draws no curve', async () => {
    const harmless = formation('harmless', [[2, unit('h', { type: 'INF' })]], { points: 200 });
    const r = await fairCost({ formation: pairA(250), opponents: [harmless], engagement: settings, metric: 'exchange', run: { seed: 'harmless', trials: 500, chunkSize: 500 } });
    expect(r.fairCost.estimate).toBe(Infinity);
    expect(fairCostHeadline(r)).toContain('no finite fair cost');
    const section = fairCostSection(r, settings, chartContext(sampleMeta()));
    expect(section.charts.map((c) => c.name)).toEqual(['fair-cost-opponents']);
    expect(section.tables.find((t) => t.name === 'fair-cost-curve')!.rows).toEqual([]);
  });
});

describe('withCost', () => {
  it('scales every unit share in proportion and keeps the total', () => {
    const a = pairA(240);
    a.units[0]!.points = 160;
    a.units[1]!.points = 80;
    const b = withCost(a, 360);
    expect(b.points).toBe(360);
    expect(b.units.map((u) => u.points)).toEqual([240, 120]);
    expect(a.units[0]!.points).toBe(160);
  });
});

describe('simulateWithMoments', () => {
  it('gives the same tally as simulate, to the last bit, with uneven points', async () => {
    const a = pairA(250);
    const b = pairB(200);
    for (const u of b.units) u.points = 100 / 3;
    b.points = 200 / 3;
    const spec = (await import('./fixtures.js')).exchange(a, b);
    const req = { spec, seed: 'same', scenario: 's', matchup: 'm', trials: 25_000, chunkSize: 7000 };
    const plain = await simulate(req);
    const withMoments = simulateWithMoments(req, [{ name: 'x', value: (t) => t[1]! }]);
    expect(Buffer.from(withMoments.result.tally.buffer).equals(Buffer.from(plain.tally.buffer))).toBe(true);
    expect(withMoments.moments.n).toBe(25_000);
  });

  it('gives the same tally and moments when it lets the event loop run (simulateWithMomentsYielding)', async () => {
    const spec = (await import('./fixtures.js')).exchange(pairA(250), pairB(200));
    const req = { spec, seed: 'yield', scenario: 's', matchup: 'm', trials: 25_000, chunkSize: 7000 };
    const variables = [{ name: 'x', value: (t: Float64Array) => t[1]! }, { name: 'y', value: (t: Float64Array) => t[2]! }];
    const once = simulateWithMoments(req, variables);
    const yielding = await simulateWithMomentsYielding(req, variables);
    expect(Buffer.from(yielding.result.tally.buffer).equals(Buffer.from(once.result.tally.buffer))).toBe(true);
    expect(yielding.moments).toEqual(once.moments);
  });
});
