import type { Sfc32 } from '../rng.js';

/** 2^31 - 2 = 6 * 357913941: the largest multiple of 6 not above 2^31 - 1. */
const LIMIT = 2147483646;

/**
 * One six-sided die, 1..6, exactly uniform.
 *
 * Takes the top 31 bits (a non-negative int32, so `%` stays an integer
 * operation in V8) and rejects the two values at or above the largest multiple
 * of 6; a rejection happens once in 2^30 rolls.
 */
export function d6(rng: Sfc32): number {
  let r = rng.next() >>> 1;
  while (r >= LIMIT) r = rng.next() >>> 1;
  return (r % 6) + 1;
}
