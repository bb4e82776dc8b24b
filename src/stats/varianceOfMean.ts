/**
 * Variance of a sample mean from streaming sums: with S = Σx and Q = Σx² over
 * n trials, the sample variance is s² = (Q − S²/n)/(n − 1) and the variance of
 * the mean is s²/n. Zero for n < 2 (no spread can be estimated).
 */
export function varianceOfMean(sum: number, sumSq: number, n: number): number {
  if (n < 2) return 0;
  return Math.max(0, (sumSq - (sum * sum) / n) / (n - 1)) / n;
}
