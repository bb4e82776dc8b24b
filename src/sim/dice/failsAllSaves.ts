import type { Sfc32 } from '../rng.js';

/**
 * Does a unit that saves all its hits with chance q fail one of them? True
 * with chance 1 - q, decided by one 32-bit word r: fails when r >= q * 2^32,
 * exact to within 2^-32. A certain outcome (q 0 or 1) draws no word.
 */
export function failsAllSaves(q: number, rng: Sfc32): boolean {
  if (q === 0) return true;
  if (q >= 1) return false;
  return rng.next() >>> 0 >= q * 4294967296;
}
