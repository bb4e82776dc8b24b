import type { Sfc32 } from '../../../../sim/rng.js';
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
  // The 2004 rulebook has neither the +1 nor the Blast marker for coming under fire from interceptors.
  const fired = antiAircraftFire(e, by, at, e.optInterceptorBonus ? INTERCEPT_TO_HIT : 0, e.optInterceptionUnderFireMarker ? UNDER_FIRE_APPROACH : 0, false, rng);
  e.air.fAttacked[by] = 1;
  return fired;
}
