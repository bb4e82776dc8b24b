import { describe, expect, it } from 'vitest';
import { combineScores, type BatchedScore } from '../../../src/rulesets/netea/game/worth/batchedScore.js';
import { solveExchange, worthGivenUp } from '../../../src/rulesets/netea/game/worth/exchange.js';
import { exchangeShares } from '../../../src/rulesets/netea/game/worth/worthSweep.js';
import { Z95 } from '../../../src/stats/z95.js';

/**
 * The exchange's root-finder on stub scores whose S is known exactly: one cell of two batches,
 * batch scores S ± a, so that every mean is exact and every paired variance is a² (batchedScore.ts).
 */

function score(mean: number, a = 0): BatchedScore {
  return { perCell: 2, cellWeight: Float64Array.of(1), score: Float64Array.of(mean + a, mean - a) };
}

function problem(base: number, vertices: number[], a = 0) {
  const asked: number[] = [];
  return {
    asked,
    p: {
      n: vertices.length - 1,
      base: score(base),
      vertex: async (j: number) => {
        asked.push(j);
        return score(vertices[j]!, a);
      },
    },
  };
}

describe('combineScores: batch means', () => {
  it('gives the weighted mean and the paired variance Σ w²·s²/k', () => {
    const x: BatchedScore = { perCell: 3, cellWeight: Float64Array.of(0.25, 0.75), score: Float64Array.of(0.2, 0.4, 0.6, 0.5, 0.5, 0.8) };
    const y: BatchedScore = { perCell: 3, cellWeight: Float64Array.of(0.25, 0.75), score: Float64Array.of(0.1, 0.4, 0.4, 0.5, 0.3, 0.5) };
    // Differences: cell 0 {0.1, 0, 0.2} mean 0.1, s² 0.01; cell 1 {0, 0.2, 0.3} mean 1/6, s² = 0.023333...
    const d = combineScores([[1, x], [-1, y]]);
    expect(d.mean).toBeCloseTo(0.25 * 0.1 + 0.75 / 6, 14);
    expect(d.variance).toBeCloseTo((0.0625 * 0.01) / 3 + (0.5625 * (0.07 / 3)) / 3, 14);
  });
});

describe('solveExchange', () => {
  it('finds the crossing of the interpolated vertices exactly, by bisection over the vertices', async () => {
    const { p, asked } = problem(0.5, [0.7, 0.62, 0.55, 0.45, 0.3]);
    const x = await solveExchange(p);
    // Between vertices 2 and 3: φ = (0.55 − 0.5)/(0.55 − 0.45) = 1/2.
    expect(x.share).toBeCloseTo(2.5, 14);
    expect(x.bound).toBe('none');
    // Vertex 0 and 4 for the bracket, then 2, then 3 (1 only for the interval: none here, no noise).
    expect(asked.slice(0, 4)).toEqual([0, 4, 2, 3]);
    // With no noise the interval is the root itself.
    expect(x.low).toBeCloseTo(2.5, 10);
    expect(x.high).toBeCloseTo(2.5, 10);
    expect(worthGivenUp(x.share, [100, 200, 300, 400])).toBeCloseTo(450, 10);
  });

  it('is exact where S is linear in the share: the mixture of two vertices scores their interpolation', async () => {
    // S_j = 0.7 − 0.1 j: the mixture at t scores 0.7 − 0.1 t, crossing 0.48 at t = 2.2.
    const { p } = problem(0.48, [0.7, 0.6, 0.5, 0.4, 0.3, 0.2]);
    const x = await solveExchange(p);
    expect(x.share).toBeCloseTo(2.2, 13);
    expect(worthGivenUp(2.2, [10, 20, 30, 40, 50])).toBeCloseTo(10 + 20 + 0.2 * 30, 12);
  });

  it('gives Fieller\'s interval: the shares where |D| <= z·sd(D), stepping out over the vertices', async () => {
    const a = 0.05;
    const { p } = problem(0.5, [0.7, 0.62, 0.55, 0.45, 0.3], a);
    const x = await solveExchange(p);
    // sd(D) = a everywhere; D runs 0.2, 0.12, 0.05, −0.05, −0.2 over the vertices.
    const za = Z95 * a;
    expect(x.share).toBeCloseTo(2.5, 14);
    expect(x.low).toBeCloseTo(1 + (0.12 - za) / 0.07, 10);
    expect(x.high).toBeCloseTo(3 + (za - 0.05) / 0.15, 10);
  });

  it('says when the formation adds nothing, and when it alone is worth its whole army', async () => {
    const none = await solveExchange(problem(0.5, [0.49, 0.4, 0.3]).p);
    expect(none.share).toBe(0);
    expect(none.bound).toBe('no-gain');
    const all = await solveExchange(problem(0.5, [0.8, 0.7, 0.6]).p);
    expect(all.share).toBe(2);
    expect(all.bound).toBe('beyond');
  });
});

describe('exchangeShares', () => {
  it('gives up the first ⌊t⌋ formations and φ of the next; a lower bound ("beyond") never counts a copy of the formation itself', () => {
    expect(exchangeShares({ order: ['a', 'b', 'c', 'd'], share: 2.25, bound: 'none', item: 'b' })).toEqual([1, 1, 0.25, 0]);
    expect(exchangeShares({ order: ['a', 'b', 'c'], share: 3, bound: 'beyond', item: 'b' })).toEqual([1, 0, 1]);
  });
});
