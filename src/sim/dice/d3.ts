import type { Sfc32 } from '../rng.js';
import { d6 } from './d6.js';

/** D3 read from a D6 as the rules do (RB 1.0.1): 1-2 -> 1, 3-4 -> 2, 5-6 -> 3. */
export function d3(rng: Sfc32): number {
  return (d6(rng) + 1) >> 1;
}
