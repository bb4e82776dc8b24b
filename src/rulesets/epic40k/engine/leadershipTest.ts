import { d6 } from '../../../sim/dice/d6.js';
import type { Sfc32 } from '../../../sim/rng.js';
import type { Epic40kState } from './state.js';

/**
 * A Leadership test (BattleBible L1300-1302): a D6 greater than the
 * detachment's Blast markers passes. Stubborn detachments re-roll a failure
 * (L1440). Also the test a detachment with Blast markers takes to move
 * (L1162).
 */
export function leadershipTest(st: Epic40kState, rng: Sfc32, d: number): boolean {
  const bm = st.bm[d]!;
  if (d6(rng) > bm) return true;
  return st.stubborn[d] === 1 && d6(rng) > bm;
}
