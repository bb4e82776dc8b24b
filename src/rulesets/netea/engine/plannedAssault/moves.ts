import * as layout from '../assaultPlan/layout.js';
import type { AssaultPlan } from '../assaultPlan.js';
import * as allocationOrder from '../assault/allocationOrder.js';
import * as counterChargeRules from '../assault/counterChargeRules.js';
import * as reach from '../assault/reach.js';
import * as resultRules from '../assault/resultRules.js';

// Copies of imported constants and functions, folded into the hot code (plannedAssault.ts says why).
const U_STRIDE = layout.U_STRIDE;
const U_FLAGS = layout.U_FLAGS;
const U_COUNTER_MOVE = layout.U_COUNTER_MOVE;
const S_STRIDE = layout.S_STRIDE;
const S_ENGAGED = layout.S_ENGAGED;
const S_INSPIRING = layout.S_INSPIRING;
const insertInAllocationOrder = allocationOrder.insertInAllocationOrder;
const counterChargeTarget = counterChargeRules.counterChargeTarget;
const closingMove = counterChargeRules.closingMove;
const countersIntoContact = counterChargeRules.countersIntoContact;
const distanceFromEnemy = reach.distanceFromEnemy;
const withinAssaultRange = reach.withinAssaultRange;
const inspiringUnits = resultRules.inspiringUnits;

/** `computeDistances`: each assaulting unit's `distanceFromEnemy`, 0 in base contact. */
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
    p.dist[u] = p.contact[u]! > 0 ? 0 : distanceFromEnemy(k < p.listMid, p.pos[u]!, nearestDefender, furthestAttacker);
  }
}

/**
 * `markEngaged`: the living units within reach of an enemy
 * (`withinAssaultRange`) are directly engaged, each side's in allocation
 * order (base contact first, then the closest, RB 1.12.5); the side counts
 * of engaged and Inspiring units follow.
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
    if (p.alive[u] === 0 || !withinAssaultRange(d)) {
      p.engaged[u] = 0;
      continue;
    }
    p.engaged[u] = 1;
    S[side * S_STRIDE + S_ENGAGED]!++;
    S[side * S_STRIDE + S_INSPIRING]! += inspiringUnits(p.U[u * U_STRIDE + U_FLAGS]!);
    const count = p.orderCount[side]!;
    p.orderCount[side] = count + 1;
    if (insertInAllocationOrder(p.order, p.orderStart[side]!, count, p.dist, u)) p.orderFollowsList = false;
  }
}

/**
 * `counterCharge` for assault side `side` when no war engine takes part, by
 * the rules of counterChargeRules.ts: a living unit not in base contact
 * picks its enemy (`counterChargeTarget`, room as `contactCap` allows) and
 * moves into contact (`countersIntoContact`) or closes in (`closingMove`).
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
    const move = p.U[u * U_STRIDE + U_COUNTER_MOVE]!;
    const nearest = counterChargeTarget(p.pos[u]!, p.list, enemyFrom, enemyTo, p.alive, p.pos, p.contact, p.uContactCap);
    if (nearest < 0) continue;
    const room = p.contact[nearest]! < p.uContactCap[nearest]!;
    if (countersIntoContact(p.uWantsContact[u] === 1, Math.abs(p.pos[u]! - p.pos[nearest]!), move, room)) {
      // `makeContact`: against a unit that would rather shoot, both fight with firefight values.
      p.contact[u]!++;
      p.contact[nearest]!++;
      p.pos[u] = p.pos[nearest]!;
      if (p.uPrefersFirefight[u] === 1 || p.uPrefersFirefight[nearest] === 1) {
        p.forceFF[u] = 1;
        p.forceFF[nearest] = 1;
      }
    } else {
      p.pos[u] = closingMove(p.pos[u]!, p.pos[nearest]!, move);
    }
  }
}
