/**
 * Covariance of two sample means taken over the same n trials, from streaming
 * sums Σx, Σy and the cross sum Σxy: the sample covariance is
 * (Σxy − ΣxΣy/n)/(n − 1), and the covariance of the means is that over n.
 * Zero for n < 2.
 */
export function covarianceOfMeans(sumX: number, sumY: number, sumXY: number, n: number): number {
  if (n < 2) return 0;
  return (sumXY - (sumX * sumY) / n) / (n - 1) / n;
}
