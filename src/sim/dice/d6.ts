import type { Sfc32 } from '../rng.js';

/** 2^-32, exact in a double. */
const INV_2_32 = 2.3283064365386963e-10;

/**
 * One six-sided die, 1..6, exactly uniform, without a division.
 *
 * Lemire's multiply-and-reject: m = r * 6 for a uniform 32-bit r (exact in a
 * double, below 2^35); the die is the high part of m (its top 32 bits), and the
 * low part below 2^32 mod 6 = 4 is rejected, which leaves each face exactly
 * 715827882 of the accepted values. A rejection happens once in 2^30 rolls.
 */
export function d6(rng: Sfc32): number {
  for (;;) {
    const m = (rng.next() >>> 0) * 6;
    const high = (m * INV_2_32) | 0;
    if (m - high * 4294967296 >= 4) return high + 1;
  }
}
