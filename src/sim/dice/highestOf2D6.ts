import type { Sfc32 } from '../rng.js';
import { d6 } from './d6.js';

/**
 * "Roll 2D6 and use the highest" (RB 1.12.7 assault result, RB 1.13.1 regroup):
 * the dice are not added. P(k) = (2k - 1) / 36, mean 161/36.
 */
export function highestOf2D6(rng: Sfc32): number {
  const a = d6(rng);
  const b = d6(rng);
  return a > b ? a : b;
}
