import type { Sfc32 } from '../../../rng.js';
import type { Engagement } from '../engagement.js';
import { antiAircraftFire } from './antiAircraftFire.js';
import { UNDER_FIRE_APPROACH } from './airState.js';

/** TP Anti-aircraft Attacks: aircraft on CAP or intercepting add +1 to their to-hit rolls. */
export const INTERCEPT_TO_HIT = -1;

/**
 * An interception (RB 4.2.1, 4.2.3): fighters `by` attack aircraft formation
 * `at` with their AA weapons at +1 to hit (TP), after its approach move. The
 * target takes the approach's coming-under-fire Blast marker (TP: "any
 * attacks ... being intercepted"). The interceptors have then made their
 * attack. Returns false if nothing fired.
 */
export function intercept(e: Engagement, by: number, at: number, rng: Sfc32): boolean {
  const fired = antiAircraftFire(e, by, at, INTERCEPT_TO_HIT, UNDER_FIRE_APPROACH, false, rng);
  e.air.fAttacked[by] = 1;
  return fired;
}
