import { describe, expect, it } from 'vitest';
import { linearPrediction } from '../../../src/stats/linearPrediction.js';
import { ridgeRegression } from '../../../src/stats/ridgeRegression.js';
import { solveLinearSystem } from '../../../src/stats/solveLinearSystem.js';
import { spearmanCorrelation } from '../../../src/stats/spearmanCorrelation.js';

describe('solveLinearSystem', () => {
  it('solves a system that needs a row swap (a zero first pivot)', () => {
    // 2y + z = 5, x + y + z = 4, 2x + y = 4: x = 1, y = 2, z = 1 (substitute to check).
    const x = solveLinearSystem([[0, 2, 1], [1, 1, 1], [2, 1, 0]], [5, 4, 4]);
    expect(x[0]).toBeCloseTo(1, 12);
    expect(x[1]).toBeCloseTo(2, 12);
    expect(x[2]).toBeCloseTo(1, 12);
  });

  it('refuses a singular matrix', () => {
    expect(() => solveLinearSystem([[1, 2], [2, 4]], [1, 2])).toThrow(/singular/);
  });
});

describe('ridgeRegression', () => {
  it('one feature, solved by hand: coefficient Sxy / (s²(n + λ))', () => {
    // x = 0, 1, 2; y = 1, 3, 2: x̄ = 1, ȳ = 2, Sxy = 1, s² = 2/3, n = 3.
    const x = [[0], [1], [2]];
    const y = [1, 3, 2];
    const ols = ridgeRegression(x, y, 0);
    expect(ols.coefficients[0]).toBeCloseTo(1 / 2, 14);
    expect(ols.intercept).toBeCloseTo(3 / 2, 14);
    // λ = 1: 1 / ((2/3)·4) = 3/8, intercept 2 − 3/8 = 13/8.
    const ridge = ridgeRegression(x, y, 1);
    expect(ridge.coefficients[0]).toBeCloseTo(3 / 8, 14);
    expect(ridge.intercept).toBeCloseTo(13 / 8, 14);
  });

  it('two orthogonal standardized features, solved by hand: β = Zᵀ(y − ȳ) / (n + λ)', () => {
    // Z = x itself (means 0, population sd 1); Zᵀ(y − ȳ) = (6, 4); ZᵀZ = 4I.
    const x = [[-1, -1], [1, -1], [-1, 1], [1, 1]];
    const y = [0, 2, 1, 5];
    const m = ridgeRegression(x, y, 2);
    expect(m.coefficients[0]).toBeCloseTo(1, 14);
    expect(m.coefficients[1]).toBeCloseTo(2 / 3, 14);
    expect(m.intercept).toBeCloseTo(2, 14);
    expect(linearPrediction(m, [1, 1])).toBeCloseTo(2 + 1 + 2 / 3, 14);
    const ols = ridgeRegression(x, y, 0);
    expect(ols.coefficients).toEqual([1.5, 1]);
  });

  it('λ = 0 recovers a noise-free plane exactly; a constant column gets 0', () => {
    // y = 1 + 2·x1 − x2, with a third column that never changes.
    const x = [[0, 0, 7], [1, 0, 7], [0, 1, 7], [1, 2, 7]];
    const y = x.map(([a, b]) => 1 + 2 * a! - b!);
    const m = ridgeRegression(x, y, 0);
    expect(m.coefficients[0]).toBeCloseTo(2, 12);
    expect(m.coefficients[1]).toBeCloseTo(-1, 12);
    expect(m.coefficients[2]).toBe(0);
    expect(m.intercept).toBeCloseTo(1, 12);
  });

  it('shrinks toward the mean as λ grows', () => {
    const x = [[0], [1], [2]];
    const y = [1, 3, 2];
    const big = ridgeRegression(x, y, 1e9);
    expect(Math.abs(big.coefficients[0]!)).toBeLessThan(1e-8);
    expect(big.intercept).toBeCloseTo(2, 6);
  });
});

describe('spearmanCorrelation with ties', () => {
  it('[1, 2, 2, 3] against [1, 3, 2, 4]: ranks [1, 2.5, 2.5, 4] and [1, 3, 2, 4] give 3/√10', () => {
    // Deviations from 2.5: (−1.5, 0, 0, 1.5) and (−1.5, 0.5, −0.5, 1.5): Σxy = 4.5, Σx² = 4.5, Σy² = 5.
    expect(spearmanCorrelation([1, 2, 2, 3], [1, 3, 2, 4])).toBeCloseTo(3 / Math.sqrt(10), 14);
  });

  it('ties on both sides: [5, 5, 1, 1] against [2, 2, 1, 1] is 1', () => {
    expect(spearmanCorrelation([5, 5, 1, 1], [2, 2, 1, 1])).toBeCloseTo(1, 14);
  });
});
