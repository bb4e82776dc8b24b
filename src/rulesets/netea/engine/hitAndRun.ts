import type { Engagement } from './engagement.js';

/**
 * Hit & Run Tactics (TP, Eldar and Dark Eldar army rules): "formations that take advance or
 * double actions may choose to shoot either before or after each move ... attack the enemy and
 * then quickly retire in order to avoid any return fire". The model's formations stand on one
 * line (geometry.ts); a formation that shoots and then makes its move moves its front straight
 * back from the enemy. The enemy formations named as closing in use their own advance move to
 * come after it before they shoot back, so what stays between them is its move less theirs.
 * A formation moves at its slowest unit's speed (as a withdrawal does, blastMarkers.ts).
 */

/** Speed of the slowest living unit of formation f that is not inside a transport (it moves with it), or Infinity when none is left. */
function slowestSpeed(e: Engagement, f: number): number {
  let slowest = Infinity;
  const end = e.fUnitEnd[f]!;
  for (let u = e.fUnitStart[f]!; u < end; u++) {
    if (e.stAlive[u] === 1 && e.transports.stEmbarked[u] === 0 && e.uSpeed[u]! < slowest) slowest = e.uSpeed[u]!;
  }
  return slowest;
}

/**
 * Formation f has shot and makes its move away: its front moves back by its slowest speed less
 * the slowest speed among the formations of mask `closers` (the enemy closing in again; none:
 * nothing is taken off), at least 0. Nothing is left of the closers: it need not move.
 */
export function retire(e: Engagement, f: number, closers: number): void {
  let closing = closers === 0 ? 0 : Infinity;
  for (let g = 0; g < e.nFormations; g++) {
    if ((closers & (1 << g)) !== 0) closing = Math.min(closing, slowestSpeed(e, g));
  }
  const d = slowestSpeed(e, f) - closing;
  if (!(d > 0)) return;
  e.fFront[f]! += d;
  e.fRetired[f]! += d;
}

/** Formation f comes back by what it retired (the next turn of a battle scene starts at the gap). */
export function comeBack(e: Engagement, f: number): void {
  e.fFront[f]! -= e.fRetired[f]!;
  e.fRetired[f] = 0;
}
