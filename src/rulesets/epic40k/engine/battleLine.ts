import type { Epic40kState } from './state.js';

/**
 * The one-dimensional battlefield of an assault: every unit has a position x
 * on a line, side 0 at -pos and side 1 at +pos (the engagement model of
 * DESIGN.md); distances are differences of x.
 */

/** Support and firefight reach (L1184, L1233). */
export const SUPPORT_RANGE = 15;
/** Retreat move (L1277). */
export const RETREAT_MOVE = 20;

/** Every unit on the line: side 0 at -pos, side 1 at +pos. */
export function placeOnLine(st: Epic40kState): void {
  for (let u = 0; u < st.units; u++) st.x[u] = st.side[st.det[u]!] === 0 ? -st.pos[u]! : st.pos[u]!;
}

/** Distance from unit `u` to the nearest living enemy unit of the detachments `dets`; Infinity if none. */
export function nearestEnemy(st: Epic40kState, u: number, dets: Int32Array): number {
  const side = st.side[st.det[u]!];
  let best = Infinity;
  for (let k = 0; k < dets.length; k++) {
    const d = dets[k]!;
    if (st.side[d] === side) continue;
    const end = st.first[d]! + st.count[d]!;
    for (let e = st.first[d]!; e < end; e++) {
      if (st.alive[e] === 0) continue;
      const dist = Math.abs(st.x[e]! - st.x[u]!);
      if (dist < best) best = dist;
    }
  }
  return best;
}

/** Every detachment of `dets` made up of war engines only (their Blast markers do not count in combat, L1199). */
export function warEngineDetachment(st: Epic40kState, d: number): boolean {
  const end = st.first[d]! + st.count[d]!;
  for (let u = st.first[d]!; u < end; u++) if (st.warEngine[u] === 0) return false;
  return true;
}

