import type { Sfc32 } from '../rng.js';
import { d6 } from './d6.js';

/**
 * A to-hit roll against the modified target number `t` (RB 1.9.5).
 *
 * A natural 1 always misses. Up to 6, hit on max(t, 2)+. Needing 7, 8 or 9:
 * roll a 6, then 4+, 5+ or 6 on a second die (P = 1/12, 1/18, 1/36). 10 or
 * more cannot hit and rolls no die.
 */
export function rollToHit(rng: Sfc32, t: number): boolean {
  if (t <= 6) {
    const r = d6(rng);
    return r !== 1 && r >= t;
  }
  if (t >= 10) return false;
  return d6(rng) === 6 && d6(rng) >= t - 3;
}
