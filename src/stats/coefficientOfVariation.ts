/**
 * The coefficient of variation: the sample standard deviation over the mean,
 * s/x̄ with s² = Σ(x − x̄)²/(n − 1). NaN for fewer than two values or a zero mean.
 */
export function coefficientOfVariation(values: readonly number[]): number {
  const n = values.length;
  if (n < 2) return NaN;
  const mean = values.reduce((t, v) => t + v, 0) / n;
  if (mean === 0) return NaN;
  const ss = values.reduce((t, v) => t + (v - mean) ** 2, 0);
  return Math.sqrt(ss / (n - 1)) / mean;
}
