import type { Sfc32 } from '../../../../sim/rng.js';
import type { Engagement } from '../engagement.js';
import { antiAircraftFire } from './antiAircraftFire.js';
import { PHASE_APPROACH, UNDER_FIRE_APPROACH, UNDER_FIRE_DISENGAGEMENT } from './airState.js';

/**
 * Flak (RB 4.2.4; TP Flak Attacks): ground formation `by` fires at aircraft
 * formation `at` as it approaches, or at the table edge as it disengages in
 * the end phase, where a formation that took a move action this turn fires at
 * -1 (TP; not in the 2004 rulebook). Not from broken formations (checked in antiAircraftFire) nor from
 * marching ones (the caller's action). Returns false if nothing fired.
 */
export function flak(e: Engagement, by: number, at: number, phase: number, moved: boolean, rng: Sfc32): boolean {
  const approach = phase === PHASE_APPROACH;
  // Disengaging aircraft have no attack left to lose: jinking is free (RB 4.2.3).
  if (!approach) e.air.fAttacked[at] = 1;
  const toHit = !approach && moved && e.optFlakMovedPenalty ? 1 : 0;
  return antiAircraftFire(e, by, at, toHit, approach ? UNDER_FIRE_APPROACH : UNDER_FIRE_DISENGAGEMENT, true, rng);
}
