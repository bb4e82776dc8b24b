/**
 * Two-sample tests for "these two samplers have the same distribution",
 * each at a false-alarm rate of 1e-5, so that the few hundred comparisons a
 * test file makes with fixed seeds are all but sure to pass when the
 * distributions agree.
 */

/** Two-sided normal quantile for 1e-5. */
const Z = 4.4172;
/** One-sided normal quantile for 1e-5 (the chi-square's upper tail). */
const Z_UPPER = 4.2649;

/**
 * Upper 1e-5 point of a chi-square with `dof` degrees of freedom, by the
 * Wilson-Hilferty cube: dof (1 - 2/(9 dof) + z sqrt(2/(9 dof)))^3. It is a
 * little above the exact point for few degrees of freedom (21.7 against
 * 19.5 for one, 42.0 against 40.0 for ten): an alarm is a little rarer than 1e-5.
 */
export function chiSquareCritical(dof: number): number {
  const c = 2 / (9 * dof);
  return dof * (1 - c + Z_UPPER * Math.sqrt(c)) ** 3;
}

/**
 * Pearson's chi-square for homogeneity of two histograms over the same
 * bins, with n1 and n2 observations: bins with fewer than 20 observations
 * between both are merged into the next. Returns the statistic and degrees
 * of freedom (0 when everything falls in one bin).
 */
export function chiSquareTwoSample(a: readonly number[], b: readonly number[]): { stat: number; dof: number } {
  const n1 = a.reduce((s, x) => s + x, 0);
  const n2 = b.reduce((s, x) => s + x, 0);
  const bins: Array<[number, number]> = [];
  let cur: [number, number] = [0, 0];
  a.forEach((x, i) => {
    cur = [cur[0] + x, cur[1] + b[i]!];
    if (cur[0] + cur[1] >= 20) {
      bins.push(cur);
      cur = [0, 0];
    }
  });
  if (cur[0] + cur[1] > 0) {
    if (bins.length === 0) bins.push(cur);
    else bins[bins.length - 1] = [bins[bins.length - 1]![0] + cur[0], bins[bins.length - 1]![1] + cur[1]];
  }
  let stat = 0;
  for (const [x, y] of bins) {
    const p = (x + y) / (n1 + n2);
    stat += (x - n1 * p) ** 2 / (n1 * p) + (y - n2 * p) ** 2 / (n2 * p);
  }
  return { stat, dof: bins.length - 1 };
}

/** Are two histograms alike (chi-square at 1e-5)? A message when not. */
export function histogramsDiffer(a: readonly number[], b: readonly number[]): string | null {
  const { stat, dof } = chiSquareTwoSample(a, b);
  if (dof === 0) return null;
  const critical = chiSquareCritical(dof);
  return stat > critical ? `chi-square ${stat.toFixed(1)} > ${critical.toFixed(1)} (${dof} dof): [${a.join(', ')}] against [${b.join(', ')}]` : null;
}

/**
 * Are two means alike, from each sample's count, sum and sum of squares?
 * Welch's z, (m1 - m2) / sqrt(v1/n1 + v2/n2), within 4.42 (1e-5). Two
 * samples without spread must have the same mean.
 */
export function meansDiffer(n1: number, sum1: number, sumSq1: number, n2: number, sum2: number, sumSq2: number): string | null {
  const m1 = sum1 / n1;
  const m2 = sum2 / n2;
  const v1 = Math.max(0, sumSq1 / n1 - m1 * m1) * (n1 / (n1 - 1));
  const v2 = Math.max(0, sumSq2 / n2 - m2 * m2) * (n2 / (n2 - 1));
  const se = Math.sqrt(v1 / n1 + v2 / n2);
  if (se === 0) return Math.abs(m1 - m2) < 1e-9 ? null : `means ${m1} and ${m2} without spread`;
  const z = (m1 - m2) / se;
  return Math.abs(z) > Z ? `means ${m1.toFixed(4)} and ${m2.toFixed(4)}: z = ${z.toFixed(2)}` : null;
}

/** Are two proportions alike, k1 of n1 against k2 of n2? The pooled two-proportion z within 4.42 (1e-5). */
export function proportionsDiffer(k1: number, n1: number, k2: number, n2: number): string | null {
  const p = (k1 + k2) / (n1 + n2);
  const se = Math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2));
  if (se === 0) return null;
  const z = (k1 / n1 - k2 / n2) / se;
  return Math.abs(z) > Z ? `proportions ${(k1 / n1).toFixed(4)} and ${(k2 / n2).toFixed(4)}: z = ${z.toFixed(2)}` : null;
}
