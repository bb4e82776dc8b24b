import type { Sfc32 } from '../../../../sim/rng.js';
import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import { shoot } from '../shoot.js';

/**
 * A spacecraft's attacks on formation `at` (RB 4.3.3-4.3.4): its orbital
 * bombardment as a barrage of its printed BP under 12 cm templates (the
 * barrage rules, never crossfire), and its pin-point attacks, rolled to hit
 * as normal, on the formation's war engines only. The target takes the
 * Blast marker for coming under fire ([A-28]). Returns false if nothing fired.
 */
export function orbitalAttack(e: Engagement, by: number, at: number, rng: Sfc32): boolean {
  if (e.fAlive[at] === 0) return false;
  e.air.fAttacked[by] = 1;
  return shoot(e, by, at, C.ACTION_ADVANCE, false, true, rng);
}
