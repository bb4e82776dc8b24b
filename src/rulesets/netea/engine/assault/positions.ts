import type { Engagement } from '../engagement.js';
import { setSideAttackProfiles } from './attacks.js';
import { insertInAllocationOrder } from './allocationOrder.js';
import { distanceFromEnemy, withinAssaultRange } from './reach.js';

/** Distances to the nearest enemy for every unit in the assault (`distanceFromEnemy`, 0 in base contact). O(units) per call. */
export function computeDistances(e: Engagement): void {
  let nearestDefender = Infinity;
  let furthestAttacker = -Infinity;
  const list = e.asList;
  const mid = e.asBound[1]!;
  const end = e.asBound[2]!;
  for (let k = 0; k < end; k++) {
    const u = list[k]!;
    if (e.stAlive[u] === 0) continue;
    if (k >= mid) {
      if (e.asPos[u]! < nearestDefender) nearestDefender = e.asPos[u]!;
    } else if (e.asPos[u]! > furthestAttacker) furthestAttacker = e.asPos[u]!;
  }
  for (let k = 0; k < end; k++) {
    const u = list[k]!;
    e.asDist[u] = e.asContact[u]! > 0 ? 0 : distanceFromEnemy(k < mid, e.asPos[u]!, nearestDefender, furthestAttacker);
  }
}

/**
 * Directly engaged units (TP Resolve Attacks): within 15 cm of an enemy after
 * the moves (`withinAssaultRange`), and not inside a transport (RB 1.7.5:
 * they neither fight nor take hits). Each side's engaged units are ordered for allocation: base
 * contact first, then the closest (RB 1.12.5).
 */
export function markEngaged(e: Engagement): void {
  computeDistances(e);
  setSideAttackProfiles(e);
  e.asOrderCount[0] = 0;
  e.asOrderCount[1] = 0;
  const end = e.asBound[2]!;
  for (let k = 0; k < end; k++) {
    const u = e.asList[k]!;
    const side = e.asSide[u]!;
    if (e.stAlive[u] === 0 || !withinAssaultRange(e.asDist[u]!) || e.transports.stEmbarked[u] === 1) {
      e.asEngaged[u] = 0;
      continue;
    }
    e.asEngaged[u] = 1;
    const count = e.asOrderCount[side]!;
    e.asOrderCount[side] = count + 1;
    insertInAllocationOrder(e.asOrder, e.asOrderStart[side]!, count, e.asDist, u);
  }
}
