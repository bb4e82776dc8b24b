import { Z95 } from './z95.js';

/**
 * Fieller's interval for a ratio θ = μx/μy of two means estimated by x and y
 * with variances vx, vy and covariance cxy (of the estimates, not of single
 * trials). θ is in the interval when x − θy is within z standard errors of 0:
 *
 *   (x − θy)² ≤ z²(vx − 2θ·cxy + θ²·vy)
 *   ⇔ a·θ² − 2b·θ + c ≤ 0,  a = y² − z²vy,  b = xy − z²cxy,  c = x² − z²vx
 *
 * When a > 0 (y is clearly away from 0) the interval is
 * [(b − √(b² − ac))/a, (b + √(b² − ac))/a]; it is asymmetric around x/y, as a
 * ratio's uncertainty is. When a ≤ 0 the denominator cannot be told from 0 and
 * the set is unbounded: the side that contains x/y is returned with ±Infinity.
 * For small variances it agrees with the delta method,
 * x/y ± z·√(vx − 2θcxy + θ²vy)/|y|.
 */
export function fiellerInterval(x: number, y: number, vx: number, vy: number, cxy: number, z: number = Z95): [number, number] {
  const z2 = z * z;
  const a = y * y - z2 * vy;
  const b = x * y - z2 * cxy;
  const c = x * x - z2 * vx;
  const disc = Math.max(0, b * b - a * c);
  const root = Math.sqrt(disc);
  if (a > 0) return [(b - root) / a, (b + root) / a];
  const estimate = x / y;
  if (a === 0 || disc === 0 || !Number.isFinite(estimate)) {
    if (a === 0 && b !== 0) {
      // a linear condition −2bθ + c ≤ 0
      const t = c / (2 * b);
      return b > 0 ? [t, Infinity] : [-Infinity, t];
    }
    return [-Infinity, Infinity];
  }
  // a < 0: the set is (−∞, r1] ∪ [r2, ∞) with r1 < r2.
  const r1 = (b + root) / a;
  const r2 = (b - root) / a;
  return estimate >= r2 ? [r2, Infinity] : [-Infinity, r1];
}
