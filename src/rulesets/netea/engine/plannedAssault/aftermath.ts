import * as layout from '../assaultPlan/layout.js';
import type { AssaultPlan } from '../assaultPlan.js';
import * as deaths from './deaths.js';

// Copies of imported constants and functions, folded into the hot code (plannedAssault.ts says why).
const U_STRIDE = layout.U_STRIDE;
const U_FEARLESS = layout.U_FEARLESS;
const F_STRIDE = layout.F_STRIDE;
const F_ALIVE = layout.F_ALIVE;
const F_BREAK_WEIGHT = layout.F_BREAK_WEIGHT;
const F_BM = layout.F_BM;
const F_BROKEN = layout.F_BROKEN;
const F_BM_PLACED = layout.F_BM_PLACED;
const dies = deaths.dies;

/**
 * `applyResult` when units only die (RB 1.12.8-1.12.9): the loser's extra
 * hits with no save (halved for Space Marines), a formation broken at the
 * start destroyed, fearless units excepted, the others broken and
 * withdrawn; the losing side's bystanders within 15 cm of an enemy in the
 * assault take a Blast marker; the winner a Blast marker per unit lost.
 * Units die by `dies` here and in what it calls: no side count is read
 * after the result.
 */
export function applyResult(p: AssaultPlan, loser: number, margin: number): void {
  const F = p.F;
  const U = p.U;
  const winner = 1 - loser;
  const hits = p.lossHalved[loser] === 1 ? margin >> 1 : margin;
  if (hits > 0) lossHits(p, loser, hits);
  const forms = p.sideForms;
  for (let i = p.sideFormStart[loser]!; i < p.sideFormStart[loser + 1]!; i++) {
    const f = forms[i]!;
    const fb = f * F_STRIDE;
    if (p.fBrokenStart[f] === 1) {
      for (let u = p.fUnitStart[f]!; u < p.fUnitEnd[f]!; u++) if (p.alive[u] === 1 && U[u * U_STRIDE + U_FEARLESS] === 0) dies(p, u);
    } else if (F[fb + F_ALIVE]! > 0) {
      F[fb + F_BROKEN] = 1;
      F[fb + F_BM] = 0;
      if (p.withdrawOnBreak && p.fWithdrawSafe[f] === 0) withdraw(p, f);
    }
  }
  for (let i = p.bystanderStart[loser]!; i < p.bystanderStart[loser + 1]!; i++) {
    const f = p.bystanders[i]!;
    const fb = f * F_STRIDE;
    if (F[fb + F_ALIVE] === 0 || !nearAssault(p, f, winner)) continue;
    // No bystander is broken (compileAssaultPlan), so the marker is placed, then the break test (RB 1.13.2).
    F[fb + F_BM]!++;
    F[fb + F_BM_PLACED]!++;
    const bp = F[fb + F_BREAK_WEIGHT]!;
    if (bp !== 0 && F[fb + F_BM]! >= bp) {
      F[fb + F_BROKEN] = 1;
      F[fb + F_BM] = 0;
      if (p.withdrawOnBreak && p.fWithdrawSafe[f] === 0) withdraw(p, f);
    }
  }
  for (let i = p.sideFormStart[winner]!; i < p.sideFormStart[winner + 1]!; i++) {
    const f = forms[i]!;
    const fb = f * F_STRIDE;
    if (p.fBrokenStart[f] === 1 || F[fb + F_ALIVE] === 0) continue;
    const lost = p.fUnitEnd[f]! - p.fUnitStart[f]! - F[fb + F_ALIVE]!;
    if (lost === 0) continue;
    F[fb + F_BM]! += lost;
    F[fb + F_BM_PLACED]! += lost;
    const bp = F[fb + F_BREAK_WEIGHT]!;
    if (F[fb + F_BM]! >= bp && bp > 0) {
      F[fb + F_BROKEN] = 1;
      F[fb + F_BM] = 0;
    }
  }
}

/**
 * `lossHitsOnePerUnit`: the first `hits` living units that are not fearless
 * die, removed in list order; the units are the directly engaged ones in
 * allocation order ([A-39]) or the whole side in list order. When the
 * allocation order follows the list, they die as they are found.
 */
function lossHits(p: AssaultPlan, side: number, hits: number): void {
  const U = p.U;
  const alive = p.alive;
  const from = side === 0 ? 0 : p.listMid;
  const to = side === 0 ? p.listMid : p.listEnd;
  const engagedOnly = p.lossHitsEngagedOnly;
  const list = engagedOnly ? p.order : p.list;
  const start = engagedOnly ? p.orderStart[side]! : from;
  const end = engagedOnly ? start + p.orderCount[side]! : to;
  const inListOrder = !engagedOnly || p.orderFollowsList;
  const marked = p.marked;
  let n = 0;
  for (let k = start; k < end && n < hits; k++) {
    const u = list[k]!;
    if (alive[u] === 0 || U[u * U_STRIDE + U_FEARLESS] === 1) continue;
    n++;
    if (inListOrder) dies(p, u);
    else marked[u] = 1;
  }
  if (n === 0 || inListOrder) return;
  for (let k = from; k < to; k++) {
    const u = p.list[k]!;
    if (marked[u] === 0) continue;
    marked[u] = 0;
    dies(p, u);
  }
}

/** `nearAssault`: a living unit of bystander f within 15 cm of a living unit of assault side `enemySide`. */
function nearAssault(p: AssaultPlan, f: number, enemySide: number): boolean {
  const from = enemySide === 0 ? 0 : p.listMid;
  const to = enemySide === 0 ? p.listMid : p.listEnd;
  for (let u = p.fUnitStart[f]!; u < p.fUnitEnd[f]!; u++) {
    if (p.alive[u] === 0) continue;
    const pos = p.uStaticPos[u]!;
    for (let k = from; k < to; k++) {
      const v = p.list[k]!;
      if (p.alive[v] === 1 && Math.abs(pos - p.pos[v]!) <= 15) return true;
    }
  }
  return false;
}

/**
 * `withdraw` for units that only die (RB 1.13.3, TP Fearless): a unit that
 * is not fearless and ends two moves away still within 15 cm of the
 * nearest living enemy dies. The distances are summed as
 * `distanceToNearestEnemy` sums them. Callers skip formations that cannot
 * end a withdrawal near an enemy (fWithdrawSafe).
 */
function withdraw(p: AssaultPlan, f: number): void {
  const side = p.fSide[f]!;
  for (let g = 0; g < p.nFormations; g++) {
    if (p.fSide[g] === side) continue;
    let nearest = Infinity;
    for (let v = p.fUnitStart[g]!; v < p.fUnitEnd[g]!; v++) if (p.alive[v] === 1 && p.uDepth[v]! < nearest) nearest = p.uDepth[v]!;
    p.nearestDepth[g] = nearest;
  }
  for (let u = p.fUnitStart[f]!; u < p.fUnitEnd[f]!; u++) {
    if (p.alive[u] === 0 || p.U[u * U_STRIDE + U_FEARLESS] === 1) continue;
    let best = Infinity;
    for (let g = 0; g < p.nFormations; g++) {
      if (p.fSide[g] === side) continue;
      const d = p.fFront[f]! + p.uDepth[u]! + p.fFront[g]! + p.nearestDepth[g]!;
      if (d < best) best = d;
    }
    if (best + 2 * p.uSpeed[u]! <= 15) dies(p, u);
  }
}
