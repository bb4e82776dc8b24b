import type { Sfc32 } from '../rng.js';

/**
 * One six-sided die, 1..6, exactly uniform, in 32-bit integer arithmetic.
 *
 * Lemire's multiply-and-reject on a uniform 32-bit r: the die is one more
 * than the high word of the 35-bit product r * 6, and a product whose low
 * word is below 2^32 mod 6 = 4 is rejected, which leaves each face exactly
 * 715827882 of the accepted values. A rejection happens once in 2^30 rolls.
 *
 * The low word is Math.imul(r, 6). With r = h * 2^16 + l, the high word is
 * floor((6h + floor(6l / 2^16)) / 2^16): every term stays below 2^19, so
 * no step leaves the integers (fewer instructions than the same product in
 * doubles, which gave the same dice).
 */
export function d6(rng: Sfc32): number {
  for (;;) {
    const r = rng.next();
    if (Math.imul(r, 6) >>> 0 >= 4) return (((r >>> 16) * 6 + (((r & 0xffff) * 6) >>> 16)) >>> 16) + 1;
  }
}
