import type { Sfc32 } from '../rng.js';

/**
 * One ten-sided die, 1..10, exactly uniform, in 32-bit integer arithmetic:
 * the D10 of Heresy (seed 003, L7, L32-35, L59-63).
 *
 * Lemire's multiply-and-reject, as d6.ts: for a uniform 32-bit r the die is
 * one more than the high word of the product r * 10, and a product whose low
 * word is below 2^32 mod 10 = 6 is rejected, which leaves each face exactly
 * 429496729 of the accepted values (a rejection once in 2^29.4 rolls). With
 * r = h * 2^16 + l the high word is floor((10h + floor(10l / 2^16)) / 2^16);
 * every term stays below 2^20.
 */
export function d10(rng: Sfc32): number {
  for (;;) {
    const r = rng.next();
    if (Math.imul(r, 10) >>> 0 >= 6) return (((r >>> 16) * 10 + (((r & 0xffff) * 10) >>> 16)) >>> 16) + 1;
  }
}
