import type { Sfc32 } from '../../rng.js';
import { d6 } from '../../dice/d6.js';
import { highestOf2D6 } from '../../dice/highestOf2D6.js';
import { rollDice } from '../../diceExpr.js';
import * as C from './codes.js';
import { ATTACKER_WINS, DEFENDER_WINS, NO_RESULT } from './assault.js';
import type { AssaultPlan } from './assaultPlan.js';

/** Line-table phases (assaultPlan.ts `lineStart`). */
const MAIN_PHASE = 0;
const FIRST_STRIKE_PHASE = 1;

/**
 * One trial of a planned assault (assaultPlan.ts) in the plan's own state,
 * round after round as `fightRounds` fights them: the first round from the
 * compiled groups, later ones from the moves and attack lines; the checks,
 * the result roll, a tie's counter-charges; then the aftermath and the
 * outcome and every formation's state added to the tally. The comments name
 * the functions of assault.ts each step stands for.
 */
export function plannedAssault(p: AssaultPlan, rng: Sfc32, tally: Float64Array): void {
  restore(p);
  let outcome = NO_RESULT;
  let margin = 0;
  let rounds = 0;
  for (let round = 1; round <= p.maxRounds; round++) {
    rounds = round;
    // IV. First strike, then everyone else; simultaneous within each phase (TP Resolve Attacks).
    if (round === 1) {
      if (p.fsEnd > 0) rollGroups(p, 0, p.fsEnd, rng);
      rollGroups(p, p.fsEnd, p.mainEnd, rng);
    } else {
      markEngaged(p);
      if (p.firstStrike) fightPhase(p, FIRST_STRIKE_PHASE, rng);
      fightPhase(p, MAIN_PHASE, rng);
    }
    const afterFight = wipeOut(p, true);
    if (afterFight >= 0) {
      outcome = afterFight;
      break;
    }
    // Supporting fire (TP: only now: every round).
    if (round === 1) rollGroups(p, p.mainEnd, p.nGroups, rng);
    else if (p.supportEveryRound) supportingFire(p, rng);
    const afterSupport = wipeOut(p, false);
    if (afterSupport >= 0) {
      outcome = afterSupport;
      break;
    }
    // V. The result (RB 1.12.7): highest of 2D6 plus the modifiers.
    const scoreA = highestOf2D6(rng) + resultModifiers(p, 0);
    const scoreD = highestOf2D6(rng) + resultModifiers(p, 1);
    if (scoreA !== scoreD) {
      outcome = scoreA > scoreD ? ATTACKER_WINS : DEFENDER_WINS;
      margin = scoreA > scoreD ? scoreA - scoreD : scoreD - scoreA;
      break;
    }
    // A tie: counter-charges, attacker first, then fight again; kills carry over.
    if (round < p.maxRounds) {
      counterCharge(p, 0);
      counterCharge(p, 1);
    }
  }
  if (outcome !== NO_RESULT) applyResult(p, outcome === ATTACKER_WINS ? 1 : 0, margin);
  record(p, outcome, rounds, tally);
}

/** The starting state: the last trial's dead brought back, every counter as it starts, the first round's positions if anything moved. */
function restore(p: AssaultPlan): void {
  for (let i = 0; i < p.nDeaths; i++) p.alive[p.deaths[i]!] = 1;
  p.nDeaths = 0;
  for (let f = 0; f < p.nFormations; f++) {
    p.fAlive[f] = p.fUnitEnd[f]! - p.fUnitStart[f]!;
    p.fBreakWeight[f] = p.fBreakWeightStart[f]!;
    p.fPoints[f] = 0;
    p.fBm[f] = p.fBmStart[f]!;
    p.fBroken[f] = p.fBrokenStart[f]!;
    p.fBmPlaced[f] = 0;
  }
  for (let c = 0; c < 3; c++) {
    p.sAlive[c] = p.sAliveStart[c]!;
    p.sEngaged[c] = p.sEngagedStart[c]!;
    p.sKills[c] = 0;
    p.sInspiring[c] = p.sInspiringStart[c]!;
  }
  if (!p.moved) return;
  p.moved = false;
  for (let k = 0; k < p.listEnd; k++) {
    const u = p.list[k]!;
    p.pos[u] = p.startPos[u]!;
    p.contact[u] = p.startContact[u]!;
    p.forceFF[u] = p.startForceFF[u]!;
    p.engaged[u] = p.startEngaged[u]!;
  }
  p.order.set(p.startOrder);
  p.orderCount.set(p.startOrderCount);
}

/** Unit u dies (`markDead`): its formation's and side's counts follow, its points are added in the order of death. */
function kill(p: AssaultPlan, u: number): void {
  p.alive[u] = 0;
  p.deaths[p.nDeaths++] = u;
  const f = p.uFormation[u]!;
  p.fAlive[f]!--;
  p.fBreakWeight[f]! -= p.uBreakWeight[u]!;
  p.fPoints[f]! += p.uPoints[u]!;
  const c = p.uCounter[u]!;
  p.sAlive[c]!--;
  p.sKills[c]! += p.uKill[u]!;
  if (p.engaged[u] === 1) {
    p.sEngaged[c]!--;
    p.sInspiring[c]! -= p.uInspiring[u]!;
  }
}

/** Rolls the first round's groups [from, to) and resolves their hits, as `fightPhase` or `supportingFire` do. */
function rollGroups(p: AssaultPlan, from: number, to: number, rng: Sfc32): void {
  const hKind = p.hKind;
  const hSide = p.hSide;
  let nHits = 0;
  for (let g = from; g < to; g++) {
    const u = p.gUnit[g]!;
    if ((u >= 0 && p.alive[u] === 0) || !nearAlive(p, g)) continue;
    const n = p.gDiceN[g]!;
    const dice = n === 0 ? p.gDicePlus[g]! : rollDice(rng, n, p.gDiceSides[g]!, p.gDicePlus[g]!);
    const kind = p.gKind[g]!;
    const side = p.gSide[g]!;
    // A hit on need+ (need >= 1), counted without a branch.
    const last = p.gToHit[g]! - 1;
    for (let i = 0; i < dice; i++) {
      hKind[nHits] = kind;
      hSide[nHits] = side;
      nHits += (last - d6(rng)) >>> 31;
    }
  }
  resolveHits(p, nHits, rng);
}

/** Does group g's unit fire: the fight always, a supporter with a living engaged enemy within 15 cm. */
function nearAlive(p: AssaultPlan, g: number): boolean {
  const start = p.gNearStart[g]!;
  const end = p.gNearEnd[g]!;
  if (start === end) return true;
  for (let i = start; i < end; i++) if (p.alive[p.nearList[i]!] === 1) return true;
  return false;
}

/**
 * `fightPhase` after the first round: each living directly engaged unit, in
 * list order, rolls its lines for the phase by its attack profile
 * (`setAttackProfile`: its close combat value in base contact, unless a
 * firefight is forced; otherwise its firefight value, none for close-combat-
 * only units), at the other side.
 */
function fightPhase(p: AssaultPlan, phase: number, rng: Sfc32): void {
  let nHits = 0;
  for (let k = 0; k < p.listEnd; k++) {
    const u = p.list[k]!;
    if (p.alive[u] === 0 || p.engaged[u] === 0) continue;
    const inContact = p.contact[u]! > 0 && p.forceFF[u] === 0;
    const value = !inContact && p.uCcOnly[u] === 1 ? C.NONE : inContact ? p.uCC[u]! : p.uFF[u]!;
    if (value >= C.NONE) continue;
    nHits = rollLines(p, u, inContact ? 1 : 0, phase, value, k < p.listMid ? 1 : 0, nHits, rng);
  }
  resolveHits(p, nHits, rng);
}

/**
 * `supportingFire` after the first round: each supporting unit within 15 cm
 * of a living directly engaged enemy rolls its firefight lines, main phase
 * then first strike (RB 1.12.6).
 */
function supportingFire(p: AssaultPlan, rng: Sfc32): void {
  let nHits = 0;
  for (let i = 0; i < p.supporters.length; i++) {
    const u = p.supporters[i]!;
    const side = p.supporterTarget[i]!;
    const value = p.uFF[u]!;
    if (value >= C.NONE || !engagedWithin15(p, p.uStaticPos[u]!, side)) continue;
    nHits = rollLines(p, u, 0, MAIN_PHASE, value, side, nHits, rng);
    nHits = rollLines(p, u, 0, FIRST_STRIKE_PHASE, value, side, nHits, rng);
  }
  resolveHits(p, nHits, rng);
}

/** `withinOfSide` for directly engaged units: a living one of assault side `side` within 15 cm of `pos`. */
function engagedWithin15(p: AssaultPlan, pos: number, side: number): boolean {
  const to = side === 0 ? p.listMid : p.listEnd;
  for (let k = side === 0 ? 0 : p.listMid; k < to; k++) {
    const v = p.list[k]!;
    if (p.alive[v] === 1 && p.engaged[v] === 1 && Math.abs(pos - p.pos[v]!) <= 15) return true;
  }
  return false;
}

/** `rollUnitAttacks`: unit u's lines for a profile and phase, hits at `value`+ queued for `side` from slot nHits on; returns the new hit count. */
function rollLines(p: AssaultPlan, u: number, cc: number, phase: number, value: number, side: number, nHits: number, rng: Sfc32): number {
  const i = (u * 2 + cc) * 2 + phase;
  const last = value - 1;
  for (let l = p.lineStart[i]!; l < p.lineEnd[i]!; l++) {
    const n = p.lDiceN[l]!;
    const dice = n === 0 ? p.lDicePlus[l]! : rollDice(rng, n, p.lDiceSides[l]!, p.lDicePlus[l]!);
    const kind = p.lKind[l]!;
    for (let d = 0; d < dice; d++) {
      p.hKind[nHits] = kind;
      p.hSide[nHits] = side;
      nHits += (last - d6(rng)) >>> 31;
    }
  }
  return nHits;
}

/** `resolveAssaultHits` when no war engine takes part: the ordinary hits, then the macro-weapon hits among the survivors. */
function resolveHits(p: AssaultPlan, nHits: number, rng: Sfc32): void {
  if (resolveStage(p, nHits, 0, rng)) resolveStage(p, nHits, 1, rng);
}

/**
 * One allocation stage (RB 1.12.5, TP Allocate Hits): the hits of the stage
 * (macro or not) go in turn to each side's next living engaged unit, then
 * each is saved in the order it was rolled, as `allocateInTurn` and
 * `resolveAssaultHits` do. Casualties place no Blast markers until the
 * result (RB 1.12.5). Returns whether any hit belongs to the other stage.
 */
function resolveStage(p: AssaultPlan, nHits: number, macro: number, rng: Sfc32): boolean {
  const hKind = p.hKind;
  const hTarget = p.hTarget;
  const order = p.order;
  const alive = p.alive;
  const base1 = p.orderStart[1]!;
  let k0 = -1;
  let k1 = -1;
  let other = false;
  for (let h = 0; h < nHits; h++) {
    if (p.kindMacro[hKind[h]!] !== macro) {
      other = true;
      continue;
    }
    if (p.hSide[h] === 0) {
      k0 = nextLiving(alive, order, 0, p.orderCount[0]!, k0);
      hTarget[h] = k0 < 0 ? -1 : order[k0]!;
    } else {
      k1 = nextLiving(alive, order, base1, p.orderCount[1]!, k1);
      hTarget[h] = k1 < 0 ? -1 : order[base1 + k1]!;
    }
  }
  const nUnits = p.nUnits;
  for (let h = 0; h < nHits; h++) {
    const kind = hKind[h]!;
    if (p.kindMacro[kind] !== macro) continue;
    const u = hTarget[h]!;
    if (u < 0 || alive[u] === 0) continue;
    const si = kind * nUnits + u;
    const need = p.saveNeed[si]!;
    let saved = need <= 6 && d6(rng) >= need;
    if (!saved && p.saveReroll[si] === 1) saved = d6(rng) >= need;
    if (!saved && p.saveInvulnerable[si] === 1) saved = d6(rng) === 6;
    if (!saved) kill(p, u);
  }
  return other;
}

/** Position in order[base, base + count) of the next living unit after position k, wrapping around; -1 if none. */
function nextLiving(alive: Uint8Array, order: Int32Array, base: number, count: number, k: number): number {
  for (let i = 0; i < count; i++) {
    k = k + 1 >= count ? 0 : k + 1;
    if (alive[order[base + k]!] === 1) return k;
  }
  return -1;
}

/**
 * `wipeOut`: both sides wiped out is no result; the defenders wiped out, the
 * attacker wins; after the fight the attackers lose when all their directly
 * engaged units are dead (TP stall or wipe-out), after the supporting fire
 * when all are. -1 if the assault goes on.
 */
function wipeOut(p: AssaultPlan, afterFight: boolean): number {
  const attackers = p.sAlive[0]!;
  const defenders = p.sAlive[1]!;
  if (attackers === 0 && defenders === 0) return NO_RESULT;
  if (defenders === 0) return ATTACKER_WINS;
  if ((afterFight ? p.sEngaged[0]! : attackers) === 0) return DEFENDER_WINS;
  return -1;
}

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
function markEngaged(p: AssaultPlan): void {
  p.moved = true;
  computeDistances(p);
  for (let side = 0; side < 2; side++) {
    p.orderCount[side] = 0;
    p.sEngaged[side] = 0;
    p.sInspiring[side] = 0;
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
    p.sEngaged[side]!++;
    p.sInspiring[side]! += p.uInspiring[u]!;
    const base = p.orderStart[side]!;
    let slot = p.orderCount[side]!;
    p.orderCount[side] = slot + 1;
    while (slot > 0 && p.dist[p.order[base + slot - 1]!]! > d) {
      p.order[base + slot] = p.order[base + slot - 1]!;
      slot--;
    }
    p.order[base + slot] = u;
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
function counterCharge(p: AssaultPlan, side: number): void {
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

/**
 * `countSide` and `resultModifiers` (RB 1.12.6 table, 2.1.5 Inspiring): the
 * kills the enemy suffered, the living directly engaged Inspiring units, one
 * for outnumbering and one more for doubling, one for no Blast markers, one
 * for fewer Blast markers than the enemy.
 */
function resultModifiers(p: AssaultPlan, side: number): number {
  const other = 1 - side;
  let m = p.sKills[other]! + p.sInspiring[side]!;
  const mine = p.sAlive[side]!;
  const theirs = p.sAlive[other]!;
  if (mine > theirs) m++;
  if (mine > 2 * theirs) m++;
  const bm = sideBlastMarkers(p, side);
  if (bm < 0) m++;
  if (sideBlastMarkers(p, other) > (bm < 0 ? 0 : bm)) m++;
  return m;
}

/**
 * The Blast markers a side counts in the result (`sideBlastMarkers`; RB
 * 1.12.6 footnote, TP TSKNF, [A-19]): a broken formation one per living
 * unit, Space Marines half their markers rounded down. -1 when no formation
 * of the side has a marker at all (one Space Marine marker still denies "no
 * Blast markers", and counts 0).
 */
function sideBlastMarkers(p: AssaultPlan, side: number): number {
  const role = side + 1;
  let n = 0;
  let any = false;
  for (let f = 0; f < p.nFormations; f++) {
    if (p.fRole[f] !== role) continue;
    if (p.fBroken[f] === 1) {
      n += p.fAlive[f]!;
      if (p.fAlive[f]! > 0) any = true;
    } else {
      const bm = p.fBm[f]!;
      if (bm > 0) any = true;
      n += p.fTsknf[f] === 1 ? bm >> 1 : bm;
    }
  }
  return any ? n : -1;
}

/**
 * `applyResult` when units only die (RB 1.12.8-1.12.9): the loser's extra
 * hits with no save (halved for Space Marines), a formation broken at the
 * start destroyed, fearless units excepted, the others broken and
 * withdrawn; the losing side's bystanders within 15 cm of an enemy in the
 * assault take a Blast marker; the winner a Blast marker per unit lost.
 */
function applyResult(p: AssaultPlan, loser: number, margin: number): void {
  const loserRole = loser + 1;
  const winnerRole = 2 - loser;
  const hits = p.lossHalved[loser] === 1 ? margin >> 1 : margin;
  if (hits > 0) lossHits(p, loser, hits);
  for (let f = 0; f < p.nFormations; f++) {
    if (p.fRole[f] !== loserRole) continue;
    if (p.fBrokenStart[f] === 1) {
      for (let u = p.fUnitStart[f]!; u < p.fUnitEnd[f]!; u++) if (p.alive[u] === 1 && p.uFearless[u] === 0) kill(p, u);
    } else if (p.fAlive[f]! > 0) {
      p.fBroken[f] = 1;
      p.fBm[f] = 0;
      if (p.withdrawOnBreak) withdraw(p, f);
    }
  }
  const loserTableSide = p.tableSide[loser]!;
  for (let f = 0; f < p.nFormations; f++) {
    const r = p.fRole[f];
    if (r === 1 || r === 2 || p.fSide[f] !== loserTableSide || p.fAlive[f] === 0 || !nearAssault(p, f, 1 - loser)) continue;
    // No bystander is broken (compileAssaultPlan), so the marker is placed, then the break test (RB 1.13.2).
    p.fBm[f]!++;
    p.fBmPlaced[f]!++;
    const bp = p.fBreakWeight[f]!;
    if (bp !== 0 && p.fBm[f]! >= bp) {
      p.fBroken[f] = 1;
      p.fBm[f] = 0;
      if (p.withdrawOnBreak) withdraw(p, f);
    }
  }
  for (let f = 0; f < p.nFormations; f++) {
    if (p.fRole[f] !== winnerRole || p.fBrokenStart[f] === 1 || p.fAlive[f] === 0) continue;
    const lost = p.fUnitEnd[f]! - p.fUnitStart[f]! - p.fAlive[f]!;
    if (lost === 0) continue;
    p.fBm[f]! += lost;
    p.fBmPlaced[f]! += lost;
    if (p.fBm[f]! >= p.fBreakWeight[f]! && p.fBreakWeight[f]! > 0) {
      p.fBroken[f] = 1;
      p.fBm[f] = 0;
    }
  }
}

/**
 * `lossHitsOnePerUnit`: the first `hits` living units that are not fearless
 * die, removed in list order; the units are the directly engaged ones in
 * allocation order ([A-39]) or the whole side in list order.
 */
function lossHits(p: AssaultPlan, side: number, hits: number): void {
  const marked = p.marked;
  const from = side === 0 ? 0 : p.listMid;
  const to = side === 0 ? p.listMid : p.listEnd;
  const list = p.lossHitsEngagedOnly ? p.order : p.list;
  const start = p.lossHitsEngagedOnly ? p.orderStart[side]! : from;
  const end = p.lossHitsEngagedOnly ? start + p.orderCount[side]! : to;
  let n = 0;
  for (let k = start; k < end && n < hits; k++) {
    const u = list[k]!;
    if (p.alive[u] === 1 && p.uFearless[u] === 0) {
      marked[u] = 1;
      n++;
    }
  }
  if (n === 0) return;
  for (let k = from; k < to; k++) {
    const u = p.list[k]!;
    if (marked[u] === 0) continue;
    marked[u] = 0;
    kill(p, u);
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
 * `distanceToNearestEnemy` sums them.
 */
function withdraw(p: AssaultPlan, f: number): void {
  if (p.fWithdrawSafe[f] === 1) return;
  const side = p.fSide[f]!;
  for (let g = 0; g < p.nFormations; g++) {
    if (p.fSide[g] === side) continue;
    let nearest = Infinity;
    for (let v = p.fUnitStart[g]!; v < p.fUnitEnd[g]!; v++) if (p.alive[v] === 1 && p.uDepth[v]! < nearest) nearest = p.uDepth[v]!;
    p.nearestDepth[g] = nearest;
  }
  for (let u = p.fUnitStart[f]!; u < p.fUnitEnd[f]!; u++) {
    if (p.alive[u] === 0 || p.uFearless[u] === 1) continue;
    let best = Infinity;
    for (let g = 0; g < p.nFormations; g++) {
      if (p.fSide[g] === side) continue;
      const d = p.fFront[f]! + p.uDepth[u]! + p.fFront[g]! + p.nearestDepth[g]!;
      if (d < best) best = d;
    }
    if (best + 2 * p.uSpeed[u]! <= 15) kill(p, u);
  }
}

/** The runner's `countAssault` and `record` from the plan's state: the outcome, the rounds, each formation's losses, markers and points. */
function record(p: AssaultPlan, outcome: number, rounds: number, tally: Float64Array): void {
  tally[p.recordFought]!++;
  tally[p.recordRoundsSum]! += rounds;
  tally[p.recordRoundsSumSq]! += rounds * rounds;
  if (outcome === ATTACKER_WINS) tally[p.recordAttackerWins]!++;
  else if (outcome === DEFENDER_WINS) tally[p.recordDefenderWins]!++;
  else tally[p.recordNoResult]!++;
  for (let f = 0; f < p.nFormations; f++) {
    const hist = p.fRecord[f]!;
    const units = p.fUnitEnd[f]! - p.fUnitStart[f]!;
    const alive = p.fAlive[f]!;
    tally[hist + units - alive]!++;
    const o = hist + units + 1;
    if (p.fBroken[f] === 1) tally[o]!++;
    if (alive === 0) tally[o + 1]!++;
    const bm = p.fBm[f]!;
    if (bm !== 0) {
      tally[o + 2]! += bm;
      tally[o + 3]! += bm * bm;
    }
    const points = p.fPoints[f]!;
    if (points !== 0) {
      tally[o + 4]! += points;
      tally[o + 5]! += points * points;
    }
    const placed = p.fBmPlaced[f]!;
    if (placed !== 0) {
      tally[o + 8]! += placed;
      tally[o + 9]! += placed * placed;
    }
  }
}
