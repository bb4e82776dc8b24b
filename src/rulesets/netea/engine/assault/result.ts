import type { Sfc32 } from '../../../../sim/rng.js';
import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import { stampUnit } from '../allocate.js';
import { checkBreak, placeBlastMarkers, withdraw } from '../blastMarkers.js';
import { reachesBreakPoint } from '../breaking.js';
import { damageWarEngine, destroyUnit } from '../damage.js';
import { markDead } from '../unitState.js';
import { staticCoordinate, withinOfSide } from './axis.js';
import { nextInTurn } from './assaultHits.js';
import { blastMarkerModifiers, countsAsKill, formationResultMarkers, halvesResultMarkers, inspiringUnits, resultModifiers as modifiers, sideResultMarkers } from './resultRules.js';
import { BYSTANDER_BLAST_MARKERS, diesBrokenAndLosing, IMMUNE_TO_LOSS_HITS, loserHits, lossHitsHalved, takesLossHits, winnerBlastMarkers } from './aftermathRules.js';

/**
 * The result of an assault round (RB 1.12.6-1.12.9; TP Work Out Result) on
 * the Engagement: what each side counts, the result roll's modifiers, and
 * the loser's and winner's lot. The rules are resultRules.ts's and
 * aftermathRules.ts's, which the assault plan calls too.
 */

/**
 * What assault side `side` counts in the result this round (RB 1.12.6):
 * - kills it suffered, the enemy's modifier: each unit lost that counts
 *   (`countsAsKill`), each point of war-engine damage (a destroying
 *   critical's remaining DC included, [A-16]);
 * - its units for outnumbering: whole formations, a war engine at its
 *   starting DC (RB 1.12.6, 3.3.3; );
 * - its living, directly engaged Inspiring units (`inspiringUnits`);
 * - its Blast markers (sideBlastMarkers).
 * A formation with no war engine, Inspiring unit or death that is no kill
 * needs no scan: its kills and units are its losses and living units.
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
      } else if (e.asStartAlive[u] === 1 && countsAsKill(e, u)) {
        losses++;
      }
      if (alive && e.asEngaged[u] === 1) inspiring += inspiringUnits(fl);
    }
  }
  e.asLosses[side] = losses;
  e.asUnits[side] = units;
  e.asInspiring[side] = inspiring;
  sideBlastMarkers(e, side);
}

/**
 * The Blast markers a side counts in the result, summed over its formations
 * (`formationResultMarkers`, `sideResultMarkers`: -1 for none at all); a
 * broken formation's living units count, a war engine its starting DC.
 */
function sideBlastMarkers(e: Engagement, side: number): void {
  let n = -1;
  for (let f = 0; f < e.nFormations; f++) {
    const r = e.fRole[f];
    if (!((side === 0 && r === 1) || (side === 1 && r === 2))) continue;
    let living = 0;
    if (e.fBroken[f] === 1) {
      const end = e.fUnitEnd[f]!;
      for (let u = e.fUnitStart[f]!; u < end; u++) if (e.stAlive[u] === 1) living += (e.uFlags[u]! & C.U_WAR_ENGINE) !== 0 ? e.stStartDC[u]! : 1;
    }
    n = sideResultMarkers(n, formationResultMarkers(e.fBroken[f] === 1, living, e.fBm[f]!, halvesResultMarkers(e, f)));
  }
  e.asBlastMarkers[side] = n;
}

/** The result modifiers of one side (`resultModifiers` of resultRules.ts), from both sides' counts. */
export function resultModifiers(e: Engagement, side: number): number {
  const other = 1 - side;
  return modifiers(e.asLosses[other]!, e.asInspiring[side]!, e.asUnits[side]!, e.asUnits[other]!, blastMarkerModifiers(e.asBlastMarkers[side]!, e.asBlastMarkers[other]!));
}

/**
 * The loser (assault side `loser`): a formation already broken when assaulted
 * is destroyed (`diesBrokenAndLosing`); otherwise the margin in extra hits
 * with no save (`loserHits`) to its directly engaged units ([A-39]), applied
 * before any wipe-out (FAQ), then it breaks and withdraws. Other formations
 * of the losing side within 15 cm of an enemy in the assault take
 * `BYSTANDER_BLAST_MARKERS`. The winner takes `winnerBlastMarkers`; it may
 * break but does not withdraw (RB 1.12.9).
 */
export function applyResult(e: Engagement, loser: number, margin: number, attackerSide: number, defenderLine: number, rng: Sfc32): void {
  const loserRole = loser === 0 ? 1 : 2;
  const winnerRole = loser === 0 ? 2 : 1;
  const hits = loserHits(margin, lossHitsHalved(e, loserRole));
  if (hits > 0) lossHits(e, loser, hits, rng);
  for (let f = 0; f < e.nFormations; f++) {
    if (e.fRole[f] !== loserRole) continue;
    if (e.fBrokenAtStart[f] === 1) {
      const end = e.fUnitEnd[f]!;
      for (let u = e.fUnitStart[f]!; u < end; u++) if (e.stAlive[u] === 1 && diesBrokenAndLosing(e.uFlags[u]!)) markDead(e, u);
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
      placeBlastMarkers(e, f, BYSTANDER_BLAST_MARKERS, rng);
      checkBreak(e, f, rng);
    }
  }
  for (let f = 0; f < e.nFormations; f++) {
    if (e.fRole[f] !== winnerRole) continue;
    const markers = winnerBlastMarkers(e.fBrokenAtStart[f] === 1, e.fAlive[f]!, unitsLost(e, f));
    if (markers === 0) continue;
    e.fBm[f]! += markers;
    e.fBmPlaced[f]! += markers;
    if (reachesBreakPoint(e.fBm[f]!, e.fBreakWeight[f]!)) {
      e.fBroken[f] = 1;
      e.fBm[f] = 0;
    }
  }
}

/** The units formation f lost in the assault, a war engine's damage points counted one by one. */
function unitsLost(e: Engagement, f: number): number {
  // Without war engines the losses are the units alive at the start and dead now.
  if (e.fWarEngines[f] === 0) return e.asStartAliveCount[f]! - e.fAlive[f]!;
  let lost = 0;
  const end = e.fUnitEnd[f]!;
  for (let u = e.fUnitStart[f]!; u < end; u++) {
    if ((e.uFlags[u]! & C.U_WAR_ENGINE) !== 0) lost += e.stDamageTaken[u]! - e.asStartDamage[u]!;
    else if (e.asStartAlive[u] === 1 && e.stAlive[u] === 0) lost++;
  }
  return lost;
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
      k = nextInTurn(e, list, base, count, k, IMMUNE_TO_LOSS_HITS);
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
    if (e.stAlive[u] === 1 && takesLossHits(e.uFlags[u]!) && e.transports.stEmbarked[u] === 0) {
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
