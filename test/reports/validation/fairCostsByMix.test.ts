import { describe, expect, it } from 'vitest';
import type { ValueModel } from '../../../src/reports/value/fixedPointCost.js';
import { mixFairCost } from '../../../src/reports/value/fixedPointValue.js';
import { FairCostsByMix } from '../../../src/reports/validation/fairCostsByMix.js';

/** One opponent of `points`, 1 against 1, in two scenes (one play each): d̄ and ℓ̄ per scene from 100 trials. */
function model(points: number, d: [number, number], l: [number, number]): ValueModel {
  return {
    slots: [0, 1].map((scene) => ({ scene, initiative: 0 as const, defencePoints: 0, alone: true })),
    opponents: [{ opponent: 'o', points, firstChance: 0.5, groups: [{ m: 1, n: 1, sums: [0, 1].map((k) => ({ n: 100, d: 100 * d[k]!, l: 100 * l[k]!, dd: 0, ll: 0, dl: 0 })) }] }],
  };
}

describe('FairCostsByMix: fair costs by mix, each mix solved once', () => {
  it('gives each formation\'s mixFairCost, worked out by hand beyond its one group: √(X·P̄/ℓ)', () => {
    // Scene weights ½ each: X = (150 + 50)/2 = 100, ℓ = (0.5 + 0.1)/2 = 0.3, P̄ = 200: √(100·200/0.3); the second formation, 300 and 0.25: √(300·100/0.25).
    const models = [model(200, [150, 50], [0.5, 0.1]), model(100, [300, 300], [0.25, 0.25])];
    const costs = new FairCostsByMix(models, 'efficiency');
    const w = [0.5, 0.5];
    const got = costs.under(w);
    expect([...got]).toEqual(models.map((m) => mixFairCost({ model: m, metric: 'efficiency' }, w)));
    expect(got[0]).toBeCloseTo(Math.sqrt((100 * 200) / 0.3), 9);
    expect(got[1]).toBeCloseTo(Math.sqrt((300 * 100) / 0.25), 9);
  });

  it('keeps a mix: the same weights (a copy of them) give back the same array; any other double in them is another mix', () => {
    const costs = new FairCostsByMix([model(200, [150, 50], [0.5, 0.1])], 'efficiency');
    const first = costs.under([0.5, 0.5]);
    expect(costs.under([0.5, 0.5])).toBe(first);
    const next = costs.under([0.5, 0.5 + 2 ** -52]);
    expect(next).not.toBe(first);
    expect(next[0]).toBe(mixFairCost({ model: model(200, [150, 50], [0.5, 0.1]), metric: 'efficiency' }, [0.5, 0.5 + 2 ** -52]));
  });
});
