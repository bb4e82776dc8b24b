import { d10 } from '../../../sim/dice/d10.js';
import type { Sfc32 } from '../../../sim/rng.js';

/**
 * Penetration of one hit (seed 003, L59-63): roll `pen` D10s (1-3, +1 for an
 * Anti-tank firer against an Armored Vehicle, L499-500); a die equal to or
 * above the armour `a` (the profile's, + cover, + the accuracy overflow,
 * L112-140) penetrates. Armour above 10 cannot be penetrated (spec §2.3.10).
 *
 * `any` reading (the default): returns 1 if any die penetrates (the model
 * is removed). `each` reading: returns the number of dice that penetrate,
 * each removing one model (as shields count dice, L738-741).
 */
export function penetrations(rng: Sfc32, pen: number, a: number, each: boolean): number {
  if (a > 10) return 0;
  let n = 0;
  for (let j = 0; j < pen; j++) {
    if (d10(rng) >= a) {
      if (!each) return 1;
      n++;
    }
  }
  return n;
}
