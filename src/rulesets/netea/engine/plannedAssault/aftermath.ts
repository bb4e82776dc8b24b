import * as layout from '../assaultPlan/layout.js';
import type { AssaultPlan } from '../assaultPlan.js';
import * as aftermathRules from '../assault/aftermathRules.js';
import * as reach from '../assault/reach.js';
import * as breaking from '../breaking.js';
import * as deaths from './deaths.js';

// Copies of imported constants and functions, folded into the hot code (plannedAssault.ts says why).
const U_STRIDE = layout.U_STRIDE;
const U_FLAGS = layout.U_FLAGS;
const F_STRIDE = layout.F_STRIDE;
const F_ALIVE = layout.F_ALIVE;
const F_BREAK_WEIGHT = layout.F_BREAK_WEIGHT;
const F_BM = layout.F_BM;
const F_BROKEN = layout.F_BROKEN;
const F_BM_PLACED = layout.F_BM_PLACED;
const BYSTANDER_BLAST_MARKERS = aftermathRules.BYSTANDER_BLAST_MARKERS;
const loserHits = aftermathRules.loserHits;
const takesLossHits = aftermathRules.takesLossHits;
const diesBrokenAndLosing = aftermathRules.diesBrokenAndLosing;
const winnerBlastMarkers = aftermathRules.winnerBlastMarkers;
const withinAssaultRange = reach.withinAssaultRange;
const reachesBreakPoint = breaking.reachesBreakPoint;
const withdraws = breaking.withdraws;
const endsWithdrawalInReach = breaking.endsWithdrawalInReach;
const dies = deaths.dies;

/**
 * `applyResult` when units only die, by the rules of aftermathRules.ts: the
 * loser's extra hits (`loserHits`), a formation broken at the start
 * destroyed (`diesBrokenAndLosing`), the others broken and withdrawn; the
 * losing side's bystanders near the assault take their Blast markers; the
 * winner its own (`winnerBlastMarkers`). Units die by `dies` here and in
 * what it calls: no side count is read after the result.
 */
export function applyResult(p: AssaultPlan, loser: number, margin: number): void {
  // The plan's arrays in locals: read through `p` in the loops, each would be loaded and checked again.
  const F = p.F;
  const U = p.U;
  const alive = p.alive;
  const fBrokenStart = p.fBrokenStart;
  const fUnitStart = p.fUnitStart;
  const fUnitEnd = p.fUnitEnd;
  const sideFormStart = p.sideFormStart;
  const winner = 1 - loser;
  const hits = loserHits(margin, p.lossHalved[loser] === 1);
  if (hits > 0) lossHits(p, loser, hits);
  const forms = p.sideForms;
  const loserEnd = sideFormStart[loser + 1]!;
  for (let i = sideFormStart[loser]!; i < loserEnd; i++) {
    const f = forms[i]!;
    const fb = f * F_STRIDE;
    if (fBrokenStart[f] === 1) {
      const end = fUnitEnd[f]!;
      for (let u = fUnitStart[f]!; u < end; u++) if (alive[u] === 1 && diesBrokenAndLosing(U[u * U_STRIDE + U_FLAGS]!)) dies(p, u);
    } else if (F[fb + F_ALIVE]! > 0) {
      F[fb + F_BROKEN] = 1;
      F[fb + F_BM] = 0;
      if (p.withdrawOnBreak && p.fWithdrawSafe[f] === 0) withdraw(p, f);
    }
  }
  const bystanders = p.bystanders;
  const bystanderEnd = p.bystanderStart[loser + 1]!;
  for (let i = p.bystanderStart[loser]!; i < bystanderEnd; i++) {
    const f = bystanders[i]!;
    const fb = f * F_STRIDE;
    if (F[fb + F_ALIVE] === 0 || !nearAssault(p, f, winner)) continue;
    // No bystander is broken (compileAssaultPlan), so the markers are placed, then the break test (RB 1.13.2).
    F[fb + F_BM]! += BYSTANDER_BLAST_MARKERS;
    F[fb + F_BM_PLACED]! += BYSTANDER_BLAST_MARKERS;
    if (reachesBreakPoint(F[fb + F_BM]!, F[fb + F_BREAK_WEIGHT]!)) {
      F[fb + F_BROKEN] = 1;
      F[fb + F_BM] = 0;
      if (p.withdrawOnBreak && p.fWithdrawSafe[f] === 0) withdraw(p, f);
    }
  }
  const winnerEnd = sideFormStart[winner + 1]!;
  for (let i = sideFormStart[winner]!; i < winnerEnd; i++) {
    const f = forms[i]!;
    const fb = f * F_STRIDE;
    const living = F[fb + F_ALIVE]!;
    const markers = winnerBlastMarkers(fBrokenStart[f] === 1, living, fUnitEnd[f]! - fUnitStart[f]! - living);
    if (markers === 0) continue;
    F[fb + F_BM]! += markers;
    F[fb + F_BM_PLACED]! += markers;
    if (reachesBreakPoint(F[fb + F_BM]!, F[fb + F_BREAK_WEIGHT]!)) {
      F[fb + F_BROKEN] = 1;
      F[fb + F_BM] = 0;
    }
  }
}

/**
 * `lossHitsOnePerUnit`: the first `hits` living units that take them
 * (`takesLossHits`) die, removed in list order; the units are the directly engaged ones in
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
    if (alive[u] === 0 || !takesLossHits(U[u * U_STRIDE + U_FLAGS]!)) continue;
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

/** `nearAssault`: a living unit of bystander f within reach (`withinAssaultRange`) of a living unit of assault side `enemySide`. */
function nearAssault(p: AssaultPlan, f: number, enemySide: number): boolean {
  const from = enemySide === 0 ? 0 : p.listMid;
  const to = enemySide === 0 ? p.listMid : p.listEnd;
  for (let u = p.fUnitStart[f]!; u < p.fUnitEnd[f]!; u++) {
    if (p.alive[u] === 0) continue;
    const pos = p.uStaticPos[u]!;
    for (let k = from; k < to; k++) {
      const v = p.list[k]!;
      if (p.alive[v] === 1 && withinAssaultRange(Math.abs(pos - p.pos[v]!))) return true;
    }
  }
  return false;
}

/**
 * `withdraw` for units that only die, by the rules of breaking.ts: a unit
 * that withdraws (`withdraws`) and ends its withdrawal near the nearest
 * living enemy (`endsWithdrawalInReach`) dies. The distances are summed as
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
    if (p.alive[u] === 0 || !withdraws(p.U[u * U_STRIDE + U_FLAGS]!)) continue;
    let best = Infinity;
    for (let g = 0; g < p.nFormations; g++) {
      if (p.fSide[g] === side) continue;
      const d = p.fFront[f]! + p.uDepth[u]! + p.fFront[g]! + p.nearestDepth[g]!;
      if (d < best) best = d;
    }
    if (endsWithdrawalInReach(best, p.uSpeed[u]!)) dies(p, u);
  }
}
