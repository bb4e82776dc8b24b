import * as layout from '../assaultPlan/layout.js';
import type { AssaultPlan } from '../assaultPlan.js';
import * as allocationOrder from '../assault/allocationOrder.js';

// Copies of imported constants and functions, folded into the hot code (plannedAssault.ts says why).
const U_STRIDE = layout.U_STRIDE;
const U_INSPIRING = layout.U_INSPIRING;
const S_STRIDE = layout.S_STRIDE;
const S_ENGAGED = layout.S_ENGAGED;
const S_INSPIRING = layout.S_INSPIRING;
const insertInAllocationOrder = allocationOrder.insertInAllocationOrder;

/**
 * `computeDistances`: an assaulting unit in base contact is 0 from the
 * enemy; an attacker otherwise as far as the nearest living defender ahead
 * of it, a defender as far as the furthest-forward living attacker.
 */
function computeDistances(p: AssaultPlan): void {
  let nearestDefender = Infinity;
  let furthestAttacker = -Infinity;
  for (let k = 0; k < p.listEnd; k++) {
    const u = p.list[k]!;
    if (p.alive[u] === 0) continue;
    if (k >= p.listMid) {
      if (p.pos[u]! < nearestDefender) nearestDefender = p.pos[u]!;
    } else if (p.pos[u]! > furthestAttacker) furthestAttacker = p.pos[u]!;
  }
  for (let k = 0; k < p.listEnd; k++) {
    const u = p.list[k]!;
    if (p.contact[u]! > 0) p.dist[u] = 0;
    else if (k < p.listMid) p.dist[u] = Math.max(0, nearestDefender - p.pos[u]!);
    else p.dist[u] = Math.max(0, p.pos[u]! - furthestAttacker);
  }
}

/**
 * `markEngaged`: the living units within 15 cm of an enemy are directly
 * engaged, each side's in allocation order (base contact first, then the
 * closest, RB 1.12.5); the side counts of engaged and Inspiring units follow.
 */
export function markEngaged(p: AssaultPlan): void {
  p.moved = true;
  computeDistances(p);
  const S = p.S;
  p.orderFollowsList = true;
  for (let side = 0; side < 2; side++) {
    p.orderCount[side] = 0;
    S[side * S_STRIDE + S_ENGAGED] = 0;
    S[side * S_STRIDE + S_INSPIRING] = 0;
  }
  for (let k = 0; k < p.listEnd; k++) {
    const u = p.list[k]!;
    const side = k < p.listMid ? 0 : 1;
    const d = p.dist[u]!;
    if (p.alive[u] === 0 || d > 15) {
      p.engaged[u] = 0;
      continue;
    }
    p.engaged[u] = 1;
    S[side * S_STRIDE + S_ENGAGED]!++;
    S[side * S_STRIDE + S_INSPIRING]! += p.U[u * U_STRIDE + U_INSPIRING]!;
    const count = p.orderCount[side]!;
    p.orderCount[side] = count + 1;
    if (insertInAllocationOrder(p.order, p.orderStart[side]!, count, p.dist, u)) p.orderFollowsList = false;
  }
}

/**
 * `counterCharge` (RB 1.12.4) for assault side `side` when no war engine
 * takes part: a living unit not in base contact moves its counter-charge
 * move towards the closest living enemy (among equally close ones, one with
 * room for another unit in contact) and makes contact if it wants to, is in
 * reach and there is room (two units per enemy); else it closes to 5 cm if
 * it is more than 15 cm away.
 */
export function counterCharge(p: AssaultPlan, side: number): void {
  p.moved = true;
  const from = side === 0 ? 0 : p.listMid;
  const to = side === 0 ? p.listMid : p.listEnd;
  const enemyFrom = side === 0 ? p.listMid : 0;
  const enemyTo = side === 0 ? p.listEnd : p.listMid;
  for (let k = from; k < to; k++) {
    const u = p.list[k]!;
    if (p.alive[u] === 0 || p.contact[u]! > 0) continue;
    const move = p.uCounterMove[u]!;
    let nearest = -1;
    let dist = Infinity;
    let room = false;
    for (let j = enemyFrom; j < enemyTo; j++) {
      const v = p.list[j]!;
      if (p.alive[v] === 0) continue;
      const d = Math.abs(p.pos[u]! - p.pos[v]!);
      const free = p.contact[v]! < 2;
      if (d < dist || (d === dist && free && !room)) {
        dist = d;
        nearest = v;
        room = free;
      }
    }
    if (nearest < 0) continue;
    if (p.uWantsContact[u] === 1 && dist <= move && room) {
      // `makeContact`: against a unit that would rather shoot, both fight with firefight values.
      p.contact[u]!++;
      p.contact[nearest]!++;
      p.pos[u] = p.pos[nearest]!;
      if (p.uPrefersFirefight[u] === 1 || p.uPrefersFirefight[nearest] === 1) {
        p.forceFF[u] = 1;
        p.forceFF[nearest] = 1;
      }
    } else if (dist > 15) {
      const step = Math.min(move, dist - 5);
      if (step > 0) p.pos[u]! += p.pos[nearest]! > p.pos[u]! ? step : -step;
    }
  }
}
