import type { Engagement } from './engagement.js';

/**
 * The one-dimensional battlefield (DESIGN.md, the engagement model): each
 * formation faces the other side across a centre line; unit u of formation f
 * stands `front[f] + depth[u]` from that line. Two units on opposite sides are
 * the sum of those distances apart.
 */

/** Depth of the formation's nearest living unit, or Infinity when none is left. */
export function minAliveDepth(e: Engagement, f: number): number {
  return e.fMinDepth[f]!;
}

/** Gap between the front ranks of two formations on opposite sides. */
export function gapBetween(e: Engagement, a: number, b: number): number {
  return e.fFront[a]! + e.fFront[b]!;
}

/** Distance from unit u to the nearest living unit of the enemy side, or Infinity. */
export function distanceToNearestEnemy(e: Engagement, u: number): number {
  const f = e.uFormation[u]!;
  const side = e.fSide[f]!;
  let best = Infinity;
  for (let g = 0; g < e.nFormations; g++) {
    // RB 4.2.2: units ignore aircraft in flight (no zone of control, nothing to withdraw from).
    if (e.fSide[g] === side || e.air.fAerospace[g] === 1) continue;
    const d = e.fFront[f]! + e.uDepth[u]! + e.fFront[g]! + minAliveDepth(e, g);
    if (d < best) best = d;
  }
  return best;
}

/** Number of living units in formation f. */
export function aliveCount(e: Engagement, f: number): number {
  return e.fAlive[f]!;
}
