import type { Sfc32 } from '../../../../sim/rng.js';
import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import { shoot } from '../shoot.js';
import { PHASE_APPROACH } from './airState.js';
import { flak } from './flak.js';
import { intercept } from './intercept.js';

/**
 * A ground attack after the approach move (RB 4.2.1-4.2.4): one enemy
 * formation on combat air patrol may intercept first (`cap`, -1 for none),
 * then the enemy formations in `flakMask` fire flak, then the aircraft that
 * are left and did not jink attack `at` with the normal shooting rules; no
 * crossfire, no suppression (RB 4.2.2), their weapons as an advance would
 * fire them. Returns false if the attack was not made.
 */
export function groundAttack(e: Engagement, by: number, at: number, cap: number, flakMask: number, rng: Sfc32): boolean {
  if (e.fAlive[by] === 0) return false;
  approach(e, by, cap, flakMask, rng);
  return attackFromAir(e, by, at, rng);
}

/** The approach (RB 4.2.1-4.2.4): the interception by `cap` (-1: none), then flak from the formations in `flakMask`. */
export function approach(e: Engagement, by: number, cap: number, flakMask: number, rng: Sfc32): void {
  if (cap >= 0 && e.fAlive[cap]! > 0) intercept(e, cap, by, rng);
  for (let f = 0; f < e.nFormations; f++) {
    if ((flakMask & (1 << f)) !== 0) flak(e, f, by, PHASE_APPROACH, false, rng);
  }
}

/** The attack after the approach: the aircraft left that did not jink shoot `at` as an advance would (RB 4.2.2-4.2.3). */
export function attackFromAir(e: Engagement, by: number, at: number, rng: Sfc32): boolean {
  // RB 4.2.3: jinking aircraft lose their attack.
  if (e.fAlive[by] === 0 || e.air.fJink[by] === 1) return false;
  e.air.fAttacked[by] = 1;
  return shoot(e, by, at, C.ACTION_ADVANCE, false, true, rng);
}
