import * as C from './codes.js';

// Module constants, which V8 folds into the callers' optimised code: an imported binding is read
// again at every use (docs/adding-a-rule.md).
const U_FEARLESS = C.U_FEARLESS;

/**
 * Breaking and withdrawing (RB 1.13.2-1.13.3; TP Fearless), each rule written
 * once, as a function of integer counts and flags: the general procedure
 * (blastMarkers.ts, assault/result.ts), the fire plan (firePlan.ts and its
 * trial loops) and the assault plan (plannedAssault/aftermath.ts,
 * assaultPlan/withdrawSafe.ts) all call them.
 */

/** RB 1.13.2: a formation breaks when its Blast markers reach its break point; one with no break point left never does. */
export function reachesBreakPoint(markers: number, breakPoint: number): boolean {
  return breakPoint > 0 && markers >= breakPoint;
}

/** TP Fearless: a fearless unit may stay put when its formation breaks, and takes nothing: always its better choice here ([A-10]). */
export function withdraws(flags: number): boolean {
  return (flags & U_FEARLESS) === 0;
}

/** RB 1.13.3: a withdrawing unit makes two moves straight away from the enemy. */
export function withdrawalMove(speed: number): number {
  return 2 * speed;
}

/**
 * RB 1.13.3: a unit `distance` from the nearest enemy unit ends its
 * withdrawal within 15 cm of it (and is destroyed, or a war engine damaged).
 */
export function endsWithdrawalInReach(distance: number, speed: number): boolean {
  return distance + withdrawalMove(speed) <= 15;
}
