import { Z95 } from './z95.js';

/**
 * Mean and normal 95% interval from streaming sums: with S = Σx and Q = Σx²
 * over n trials, mean = S/n, sample variance s² = (Q − S²/n)/(n − 1), and the
 * interval is mean ± z·√(s²/n).
 */
export function meanInterval(sum: number, sumSq: number, n: number, z: number = Z95): { mean: number; ci95: [number, number] } {
  if (n <= 0) return { mean: 0, ci95: [0, 0] };
  const mean = sum / n;
  if (n === 1) return { mean, ci95: [mean, mean] };
  const variance = Math.max(0, (sumSq - (sum * sum) / n) / (n - 1));
  const half = z * Math.sqrt(variance / n);
  return { mean, ci95: [mean - half, mean + half] };
}
