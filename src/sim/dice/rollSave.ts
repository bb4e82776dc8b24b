import type { Sfc32 } from '../rng.js';
import { d6 } from './d6.js';

/**
 * A saving throw against the modified save `s` (RB 1.9.6): saved on D6 >= s.
 * Saves have no 7+ chart: a save modified past 6+ fails without a roll (RB 1.11).
 */
export function rollSave(rng: Sfc32, s: number): boolean {
  if (s > 6) return false;
  return d6(rng) >= s;
}
