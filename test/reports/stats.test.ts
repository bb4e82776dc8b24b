import { describe, expect, it } from 'vitest';
import { covarianceOfMeans } from '../../src/stats/covarianceOfMeans.js';
import { fiellerInterval } from '../../src/stats/fiellerInterval.js';
import { meanInterval } from '../../src/stats/meanInterval.js';
import { varianceOfMean } from '../../src/stats/varianceOfMean.js';
import { wilsonInterval } from '../../src/stats/wilsonInterval.js';
import { Z95 } from '../../src/stats/z95.js';
import { rngFromSeed } from '../../src/sim/rng.js';

describe('Z95', () => {
  it('is Φ⁻¹(0.975) to 15 digits', () => {
    expect(Z95).toBeCloseTo(1.959963984540054, 14);
  });
});

describe('wilsonInterval', () => {
  // Newcombe RG (1998), "Two-sided confidence intervals for the single proportion:
  // comparison of seven methods", Statistics in Medicine 17:857-872, Table I, method 3
  // (Wilson score interval without continuity correction), to 4 decimals.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0.0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i: [%f, %f] as published', (k, n, lo, hi) => {
    const [a, b] = wilsonInterval(k, n);
    expect(a).toBeCloseTo(lo, 4);
    expect(b).toBeCloseTo(hi, 4);
  });

  it('is symmetric under k -> n - k and stays inside [0, 1]', () => {
    const [a, b] = wilsonInterval(3, 40);
    const [c, d] = wilsonInterval(37, 40);
    expect(a).toBeCloseTo(1 - d, 12);
    expect(b).toBeCloseTo(1 - c, 12);
    expect(wilsonInterval(40, 40)[1]).toBe(1);
    expect(wilsonInterval(0, 40)[0]).toBe(0);
  });

  it('covers the true p about 95% of the time even at p = 0.02, n = 200', () => {
    const rng = rngFromSeed('wilson-coverage');
    const p = 0.02;
    const n = 200;
    let covered = 0;
    const reps = 4000;
    for (let r = 0; r < reps; r++) {
      let k = 0;
      for (let i = 0; i < n; i++) if ((rng.next() >>> 0) / 2 ** 32 < p) k++;
      const [a, b] = wilsonInterval(k, n);
      if (a <= p && p <= b) covered++;
    }
    expect(covered / reps).toBeGreaterThan(0.92);
    expect(covered / reps).toBeLessThan(0.99);
  });
});

describe('moments from streaming sums', () => {
  const xs = [2, 4, 4, 4, 5, 5, 7, 9];
  const ys = [1, 3, 2, 5, 4, 6, 8, 9];
  const sum = (a: number[]) => a.reduce((s, v) => s + v, 0);
  const n = xs.length;

  it('meanInterval: mean ± z·s/√n with the n − 1 variance', () => {
    // mean 5, sample variance 32/7
    const m = meanInterval(sum(xs), sum(xs.map((x) => x * x)), n);
    expect(m.mean).toBe(5);
    const half = Z95 * Math.sqrt(32 / 7 / n);
    expect(m.ci95[0]).toBeCloseTo(5 - half, 12);
    expect(m.ci95[1]).toBeCloseTo(5 + half, 12);
  });

  it('varianceOfMean and covarianceOfMeans by hand', () => {
    expect(varianceOfMean(sum(xs), sum(xs.map((x) => x * x)), n)).toBeCloseTo(32 / 7 / 8, 12);
    // Σ(x − 5)(y − 4.75) = 11.25 + 1.75 + 2.75 − 0.25 + 0 + 0 + 6.5 + 17 = 39; sample covariance 39/7
    const sxy = sum(xs.map((x, i) => x * ys[i]!));
    expect(covarianceOfMeans(sum(xs), sum(ys), sxy, n)).toBeCloseTo(39 / 7 / 8, 12);
    expect(covarianceOfMeans(1, 1, 1, 1)).toBe(0);
  });
});

describe('fiellerInterval', () => {
  it('with an exact denominator it is x/y ± z·√vx/|y|', () => {
    const [lo, hi] = fiellerInterval(10, 4, 0.25, 0, 0);
    expect(lo).toBeCloseTo(2.5 - (Z95 * 0.5) / 4, 12);
    expect(hi).toBeCloseTo(2.5 + (Z95 * 0.5) / 4, 12);
  });

  it('with no uncertainty it collapses to x/y', () => {
    expect(fiellerInterval(3, 2, 0, 0, 0)).toEqual([1.5, 1.5]);
  });

  it('agrees with the delta method when the variances are small, and is asymmetric when not', () => {
    const x = 100, y = 50, vx = 0.04, vy = 0.01, c = 0.005;
    const theta = x / y;
    const half = (Z95 * Math.sqrt(vx - 2 * theta * c + theta * theta * vy)) / y;
    const [lo, hi] = fiellerInterval(x, y, vx, vy, c);
    expect(Math.abs(lo - (theta - half)) / half).toBeLessThan(0.005);
    expect(Math.abs(hi - (theta + half)) / half).toBeLessThan(0.005);
    const [lo2, hi2] = fiellerInterval(10, 5, 4, 1, 0);
    expect(hi2 - 2).toBeGreaterThan(2 - lo2);
  });

  it('is unbounded when the denominator cannot be told from zero', () => {
    const [lo, hi] = fiellerInterval(10, 1, 1, 1, 0);
    expect(hi).toBe(Infinity);
    expect(lo).toBeGreaterThan(0);
  });

  it('negative covariance widens the interval of a positive ratio', () => {
    const w = (c: number) => {
      const [a, b] = fiellerInterval(10, 5, 0.2, 0.1, c);
      return b - a;
    };
    expect(w(-0.1)).toBeGreaterThan(w(0));
    expect(w(0)).toBeGreaterThan(w(0.1));
  });

  it('covers a ratio of means about 95% of the time', () => {
    const rng = rngFromSeed('fieller-coverage');
    const u = () => ((rng.next() >>> 0) + 0.5) / 2 ** 32;
    const normal = () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
    // Per trial: y ~ N(2, 1), x = 3y + N(0, 2²) so θ = μx/μy = 3, correlated.
    const reps = 1000;
    const n = 50;
    let covered = 0;
    for (let r = 0; r < reps; r++) {
      let sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
      for (let i = 0; i < n; i++) {
        const y = 2 + normal();
        const x = 3 * y + 2 * normal();
        sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y;
      }
      const [lo, hi] = fiellerInterval(sx / n, sy / n, varianceOfMean(sx, sxx, n), varianceOfMean(sy, syy, n), covarianceOfMeans(sx, sy, sxy, n));
      if (lo <= 3 && 3 <= hi) covered++;
    }
    expect(covered / reps).toBeGreaterThan(0.92);
    expect(covered / reps).toBeLessThan(0.975);
  });
});
