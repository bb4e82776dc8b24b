import { Z95 } from './z95.js';

/**
 * Wilson score interval for a binomial proportion with `successes` out of `n`:
 *
 *   centre = (p̂ + z²/2n) / (1 + z²/n)
 *   half   = z / (1 + z²/n) · √( p̂(1 − p̂)/n + z²/4n² )
 *
 * It stays inside [0, 1] and keeps its coverage near 0 and 1, where the normal
 * interval collapses (P(broken) is often tiny).
 */
export function wilsonInterval(successes: number, n: number, z: number = Z95): [number, number] {
  if (n <= 0) return [0, 1];
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
