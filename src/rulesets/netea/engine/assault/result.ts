import type { Sfc32 } from '../../../../sim/rng.js';
import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import { stampUnit } from '../allocate.js';
import { checkBreak, placeBlastMarkers, withdraw } from '../blastMarkers.js';
import { damageWarEngine, destroyUnit } from '../damage.js';
import { markDead } from '../unitState.js';
import { staticCoordinate, withinOfSide } from './positions.js';
import { nextInTurn } from './assaultHits.js';

/**
 * The result of an assault round (RB 1.12.6-1.12.9; TP Work Out Result):
 * what each side counts, the result roll's modifiers, and the loser's and
 * winner's lot.
 */

/**
 * What assault side `side` counts in the result this round (RB 1.12.6):
 * - kills it suffered, the enemy's modifier: each unit lost, each point of
 *   war-engine damage (a destroying critical's remaining DC included,
 *   ); Grots lost by a formation with Orks do not count (RB 5.5.3);
 *   other expendable units do (TP Expendable);
 * - its units for outnumbering: whole formations, a war engine at its
 *   starting DC (RB 1.12.6, 3.3.3; );
 * - its living, directly engaged Inspiring units (RB 2.1.5);
 * - its Blast markers (sideBlastMarkers).
 * A formation with no war engine, Inspiring unit or uncounted Grot needs no
 * scan: its kills and units are its losses and living units.
 */
export function countSide(e: Engagement, side: number): void {
  let losses = 0;
  let units = 0;
  let inspiring = 0;
  const role = side + 1;
  for (let f = 0; f < e.nFormations; f++) {
    if (e.fRole[f] !== role) continue;
    if (e.asCountsByFormation[f] === 1) {
      units += e.fAlive[f]!;
      losses += e.asStartAliveCount[f]! - e.fAlive[f]!;
      continue;
    }
    const end = e.fUnitEnd[f]!;
    for (let u = e.fUnitStart[f]!; u < end; u++) {
      const fl = e.uFlags[u]!;
      const alive = e.stAlive[u] === 1;
      if ((fl & C.U_WAR_ENGINE) !== 0) {
        losses += e.stDamageTaken[u]! - e.asStartDamage[u]!;
        if (alive) units += e.stStartDC[u]!;
      } else if (alive) {
        units++;
      } else if (e.asStartAlive[u] === 1 && ((fl & C.U_GROT) === 0 || e.fHasNonGrot[f] === 0)) {
        losses++;
      }
      if (alive && e.asEngaged[u] === 1 && (fl & C.U_INSPIRING) !== 0) inspiring++;
    }
  }
  e.asLosses[side] = losses;
  e.asUnits[side] = units;
  e.asInspiring[side] = inspiring;
  sideBlastMarkers(e, side);
}

/**
 * Blast markers a side counts in the result (RB 1.12.6 footnote; TP TSKNF):
 * the sum over its formations; a broken formation counts one per unit (a war
 * engine its DC) and is not halved ([A-19]); Space Marines count half their
 * markers, rounded down. Also whether any formation has a marker at all (one
 * SM marker still denies "no Blast markers").
 */
function sideBlastMarkers(e: Engagement, side: number): void {
  let n = 0;
  let any = 0;
  for (let f = 0; f < e.nFormations; f++) {
    const r = e.fRole[f];
    if (!((side === 0 && r === 1) || (side === 1 && r === 2))) continue;
    if (e.fBroken[f] === 1) {
      let units = 0;
      const end = e.fUnitEnd[f]!;
      for (let u = e.fUnitStart[f]!; u < end; u++) if (e.stAlive[u] === 1) units += (e.uFlags[u]! & C.U_WAR_ENGINE) !== 0 ? e.stStartDC[u]! : 1;
      n += units;
      if (units > 0) any = 1;
    } else {
      const bm = e.fBm[f]!;
      if (bm > 0) any = 1;
      n += e.fTsknf[f] === 1 && e.optTsknfAssaultAndLeaders ? bm >> 1 : bm;
    }
  }
  e.asBlastMarkers[side] = n;
  e.asAnyBlastMarker[side] = any;
}

/** The result modifiers of one side (RB 1.12.6 table, 2.1.5 Inspiring), from both sides' counts. */
export function resultModifiers(e: Engagement, side: number): number {
  const other = 1 - side;
  let m = e.asLosses[other]! + e.asInspiring[side]!;
  const mine = e.asUnits[side]!;
  const theirs = e.asUnits[other]!;
  if (mine > theirs) m++;
  if (mine > 2 * theirs) m++;
  if (e.asAnyBlastMarker[side] === 0) m++;
  if (e.asBlastMarkers[other]! > e.asBlastMarkers[side]!) m++;
  return m;
}

/**
 * The loser (assault side `loser`): a formation already broken when assaulted
 * is destroyed, fearless units excepted (RB 1.12.8, 2.1.3); otherwise the
 * margin in extra hits with no save (halved, rounded down, for Space Marines)
 * to its directly engaged units ([A-39]), applied before any wipe-out (FAQ),
 * then it breaks and withdraws. Other formations of the losing side within
 * 15 cm of an enemy in the assault take a Blast marker. The winner takes a
 * Blast marker per unit (war-engine damage point) it lost, unless it was
 * broken at the start; it may break but does not withdraw (RB 1.12.9).
 */
export function applyResult(e: Engagement, loser: number, margin: number, attackerSide: number, defenderLine: number, rng: Sfc32): void {
  const loserRole = loser === 0 ? 1 : 2;
  const winnerRole = loser === 0 ? 2 : 1;
  let allTsknf = true;
  for (let f = 0; f < e.nFormations; f++) if (e.fRole[f] === loserRole && e.fTsknf[f] === 0) allTsknf = false;
  const hits = allTsknf ? margin >> 1 : margin;
  if (hits > 0) lossHits(e, loser, hits, rng);
  for (let f = 0; f < e.nFormations; f++) {
    if (e.fRole[f] !== loserRole) continue;
    if (e.fBrokenAtStart[f] === 1) {
      const end = e.fUnitEnd[f]!;
      for (let u = e.fUnitStart[f]!; u < end; u++) if (e.stAlive[u] === 1 && (e.uFlags[u]! & C.U_FEARLESS) === 0) markDead(e, u);
    } else if (e.fAlive[f]! > 0) {
      e.fBroken[f] = 1;
      e.fBm[f] = 0;
      if (e.optWithdrawOnBreak) withdraw(e, f, rng);
    }
  }
  const loserTableSide = sideOfRole(e, loserRole);
  for (let f = 0; f < e.nFormations; f++) {
    if (e.fRole[f] === 1 || e.fRole[f] === 2 || e.fSide[f] !== loserTableSide || e.fAlive[f] === 0) continue;
    if (nearAssault(e, f, attackerSide, defenderLine)) {
      placeBlastMarkers(e, f, 1, rng);
      checkBreak(e, f, rng);
    }
  }
  for (let f = 0; f < e.nFormations; f++) {
    if (e.fRole[f] !== winnerRole || e.fBrokenAtStart[f] === 1 || e.fAlive[f] === 0) continue;
    // Without war engines the losses are the units alive at the start and dead now.
    let lost = e.asStartAliveCount[f]! - e.fAlive[f]!;
    if (e.fWarEngines[f]! > 0) {
      lost = 0;
      const end = e.fUnitEnd[f]!;
      for (let u = e.fUnitStart[f]!; u < end; u++) {
        if ((e.uFlags[u]! & C.U_WAR_ENGINE) !== 0) lost += e.stDamageTaken[u]! - e.asStartDamage[u]!;
        else if (e.asStartAlive[u] === 1 && e.stAlive[u] === 0) lost++;
      }
    }
    if (lost === 0) continue;
    e.fBm[f]! += lost;
    e.fBmPlaced[f]! += lost;
    if (e.fBm[f]! >= e.fBreakWeight[f]! && e.fBreakWeight[f]! > 0) {
      e.fBroken[f] = 1;
      e.fBm[f] = 0;
    }
  }
}

function sideOfRole(e: Engagement, role: number): number {
  for (let f = 0; f < e.nFormations; f++) if (e.fRole[f] === role) return e.fSide[f]!;
  return -1;
}

/** Does formation f have a unit within 15 cm of an enemy unit in the assault? */
function nearAssault(e: Engagement, f: number, attackerSide: number, defenderLine: number): boolean {
  const end = e.fUnitEnd[f]!;
  const enemySide = e.fSide[f] === attackerSide ? 1 : 0;
  for (let u = e.fUnitStart[f]!; u < end; u++) {
    if (e.stAlive[u] === 1 && withinOfSide(e, staticCoordinate(e, u, attackerSide, defenderLine), enemySide, false)) return true;
  }
  return false;
}

/**
 * The loser's extra hits (RB 1.12.8): no saves, allocated like assault hits
 * (base contact first, spread evenly, war engines in DC blocks), to directly
 * engaged units ([A-39]; `lossHitsEngagedOnly` false: the whole side);
 * fearless units are immune; a war engine takes a point of damage per hit
 * with a critical roll (RB 3.3.3).
 */
function lossHits(e: Engagement, side: number, hits: number, rng: Sfc32): void {
  const engagedOnly = e.optLossHitsEngagedOnly;
  const list = engagedOnly ? e.asOrder : e.asList;
  const base = engagedOnly ? e.asOrderStart[side]! : side === 0 ? 0 : e.asBound[1]!;
  const count = engagedOnly ? e.asOrderCount[side]! : (side === 0 ? e.asBound[1]! : e.asBound[2]!) - base;
  if (!e.asListWarEngine) {
    lossHitsOnePerUnit(e, side, hits, list, base, count, rng);
    return;
  }
  const stamp = ++e.stamp;
  // Spread evenly: each unit in turn takes hits up to its starting DC, then the next.
  let k = -1;
  let u = -1;
  let room = 0;
  for (let i = 0; i < hits; i++) {
    if (room === 0) {
      k = nextInTurn(e, list, base, count, k, C.U_FEARLESS);
      if (k < 0) break;
      u = list[base + k]!;
      room = e.stStartDC[u]!;
      if (e.scStamp[u] !== stamp) stampUnit(e, u, stamp);
    }
    e.scLoad[u]!++;
    room--;
  }
  const from = side === 0 ? 0 : e.asBound[1]!;
  const to = side === 0 ? e.asBound[1]! : e.asBound[2]!;
  for (let k = from; k < to; k++) {
    const u = e.asList[k]!;
    if (e.scStamp[u] !== stamp || e.stAlive[u] === 0) continue;
    const n = e.scLoad[u]!;
    if ((e.uFlags[u]! & C.U_WAR_ENGINE) !== 0) damageWarEngine(e, u, n, true, 0, rng);
    else destroyUnit(e, u, true, false, 0, rng);
  }
}

/**
 * The loser's extra hits when no war engine takes part: each unit takes one
 * in turn, so the first `hits` units that are not fearless or inside a
 * transport die (RB 1.12.8); they are removed in list order, as `lossHits`
 * removes them.
 */
function lossHitsOnePerUnit(e: Engagement, side: number, hits: number, list: Int32Array, base: number, count: number, rng: Sfc32): void {
  const stamp = ++e.stamp;
  let marked = 0;
  for (let k = 0; k < count && marked < hits; k++) {
    const u = list[base + k]!;
    if (e.stAlive[u] === 1 && (e.uFlags[u]! & C.U_FEARLESS) === 0 && e.transports.stEmbarked[u] === 0) {
      e.scStamp[u] = stamp;
      marked++;
    }
  }
  if (marked === 0) return;
  const from = side === 0 ? 0 : e.asBound[1]!;
  const to = side === 0 ? e.asBound[1]! : e.asBound[2]!;
  for (let k = from; k < to; k++) {
    const u = e.asList[k]!;
    if (e.scStamp[u] === stamp) destroyUnit(e, u, true, false, 0, rng);
  }
}
