import type { Engagement } from '../engagement.js';
import { setSideAttackProfiles } from './attacks.js';
import { insertInAllocationOrder } from './allocationOrder.js';
import { distanceFromEnemy, withinAssaultRange } from './reach.js';

/**
 * Position of a unit not moved by the assault on the assault axis: the
 * defending front line is 0, defenders stand at positive coordinates, the
 * attacking side at negative ones.
 */
export function staticCoordinate(e: Engagement, u: number, attackerSide: number, defenderLine: number): number {
  const f = e.uFormation[u]!;
  const fromCentre = e.fFront[f]! + e.uDepth[u]!;
  return e.fSide[f] === attackerSide ? -(fromCentre + defenderLine) : fromCentre - defenderLine;
}

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

/** Is a point of the axis within reach (`withinAssaultRange`) of a living unit of assault side `side` (directly engaged ones only, if asked)? */
export function withinOfSide(e: Engagement, pos: number, side: number, engagedOnly: boolean): boolean {
  const from = side === 0 ? 0 : e.asBound[1]!;
  const to = side === 0 ? e.asBound[1]! : e.asBound[2]!;
  for (let k = from; k < to; k++) {
    const v = e.asList[k]!;
    if (e.stAlive[v] === 1 && (!engagedOnly || e.asEngaged[v] === 1) && withinAssaultRange(Math.abs(pos - e.asPos[v]!))) return true;
  }
  return false;
}
