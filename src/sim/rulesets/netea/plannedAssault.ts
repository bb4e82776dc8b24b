import type { Sfc32 } from '../../rng.js';
import { d6 } from '../../dice/d6.js';
import { highestOf2D6 } from '../../dice/highestOf2D6.js';
import { rollDice } from '../../diceExpr.js';
import { sampleByThresholds } from '../../dice/sampleByThresholds.js';
import { sampleByGuide } from '../../dice/sampleByGuide.js';
import { failsAllSaves } from '../../dice/failsAllSaves.js';
import * as C from './codes.js';
import * as outcomes from './assault.js';
import * as layout from './assaultPlan/layout.js';
import type { AssaultPlan } from './assaultPlan.js';
import { recordAssault } from './recordAssault.js';
import { recordFormation } from './recordFormation.js';
import { rollSaveCode } from './saves/rollSaveCode.js';

// Imported bindings (and a module's own exports) are read again at every use,
// even in optimised code; module constants are folded into it. The hot code
// below uses these copies (of the assault plan's layout among them).
const ATTACKER_WINS = outcomes.ATTACKER_WINS;
const DEFENDER_WINS = outcomes.DEFENDER_WINS;
const NO_RESULT = outcomes.NO_RESULT;
const NONE = C.NONE;

const U_STRIDE = layout.U_STRIDE;
const U_FORMATION = layout.U_FORMATION;
const U_COUNTER = layout.U_COUNTER;
const U_BREAK_WEIGHT = layout.U_BREAK_WEIGHT;
const U_KILL = layout.U_KILL;
const U_INSPIRING = layout.U_INSPIRING;
const U_FEARLESS = layout.U_FEARLESS;
const U_CC = layout.U_CC;
const U_FF = layout.U_FF;
const F_STRIDE = layout.F_STRIDE;
const F_ALIVE = layout.F_ALIVE;
const F_BREAK_WEIGHT = layout.F_BREAK_WEIGHT;
const F_BM = layout.F_BM;
const F_BROKEN = layout.F_BROKEN;
const F_BM_PLACED = layout.F_BM_PLACED;
const S_STRIDE = layout.S_STRIDE;
const S_ALIVE = layout.S_ALIVE;
const S_ENGAGED = layout.S_ENGAGED;
const S_KILLS = layout.S_KILLS;
const S_INSPIRING = layout.S_INSPIRING;
const TO_HIT_VALUES = layout.TO_HIT_VALUES;
const RESULT_GUIDE_SHIFT = 32 - layout.RESULT_GUIDE_BITS;
const FM_ROW = layout.FM_ROW;
const MIXED_KINDS = layout.MIXED_KINDS;

/** Line-table phases (assaultPlan.ts `lineStart`). */
const MAIN_PHASE = 0;
const FIRST_STRIKE_PHASE = 1;

/**
 * One trial of a planned assault (assaultPlan.ts) in the plan's own state,
 * round after round as `fightRounds` fights them: the first round from the
 * compiled groups, later ones from them too when nothing can move
 * (`staticRounds`), else from the moves and attack lines; the checks,
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
      if (p.fightByMasks) {
        fightDeaths(p, 0, 0, rng);
        fightDeaths(p, 1, p.supportFolded && p.S[S_ENGAGED]! > 0 ? 2 : 1, rng);
      } else rollGroups(p, p.fsEnd, p.mainEnd, rng);
    } else if (p.staticRounds) {
      if (p.firstStrike) rollGroups(p, p.supportEnd, p.laterFsEnd, rng);
      rollGroups(p, p.laterFsEnd, p.laterMainEnd, rng);
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
    if (round === 1) {
      // Folded into the defenders' draw of the fight (supportFolded).
      if (!p.supportFolded) rollGroups(p, p.mainEnd, p.supportEnd, rng);
    } else if (p.supportEveryRound) {
      if (p.staticRounds) rollGroups(p, p.laterMainEnd, p.nGroups, rng);
      else supportingFire(p, rng);
    }
    const afterSupport = wipeOut(p, false);
    if (afterSupport >= 0) {
      outcome = afterSupport;
      break;
    }
    // V. The result (RB 1.12.7): highest of 2D6 plus the modifiers.
    const difference = resultDifference(p, rng) + resultModifiers(p, 0) - resultModifiers(p, 1);
    if (difference !== 0) {
      outcome = difference > 0 ? ATTACKER_WINS : DEFENDER_WINS;
      margin = difference > 0 ? difference : -difference;
      break;
    }
    // A tie: counter-charges, attacker first, then fight again; kills carry over.
    if (round < p.maxRounds && !p.staticRounds) {
      counterCharge(p, 0);
      counterCharge(p, 1);
    }
  }
  if (outcome !== NO_RESULT) applyResult(p, outcome === ATTACKER_WINS ? 1 : 0, margin);
  record(p, outcome, rounds, tally);
}

/** The attacker's highest of 2D6 less the defender's (RB 1.12.7): four dice, or by counts one word. */
function resultDifference(p: AssaultPlan, rng: Sfc32): number {
  if (p.byCounts) return sampleByGuide(p.cdf, p.resultDifferenceCdf, p.guide, p.resultDifferenceGuide, RESULT_GUIDE_SHIFT, rng.next()) - 5;
  const attacker = highestOf2D6(rng);
  return attacker - highestOf2D6(rng);
}

/** The starting state: the last trial's dead brought back, every counter as it starts, the first round's positions if anything moved. */
function restore(p: AssaultPlan): void {
  p.trialState.set(p.trialStart);
  const fPoints = p.fPoints;
  for (let f = 0; f < fPoints.length; f++) fPoints[f] = 0;
  if (!p.moved) return;
  p.moved = false;
  for (let k = 0; k < p.listEnd; k++) {
    const u = p.list[k]!;
    p.pos[u] = p.startPos[u]!;
    p.contact[u] = p.startContact[u]!;
    p.forceFF[u] = p.startForceFF[u]!;
    p.engaged[u] = p.startEngaged[u]!;
  }
  const order = p.order;
  const startOrder = p.startOrder;
  for (let k = 0; k < p.listEnd; k++) order[k] = startOrder[k]!;
  p.orderCount[0] = p.startOrderCount[0]!;
  p.orderCount[1] = p.startOrderCount[1]!;
  p.orderFollowsList = p.startOrderFollowsList;
}

/** Unit u dies (`markDead`): its formation's and side's counts follow, its points are added in the order of death. */
function kill(p: AssaultPlan, u: number): void {
  dies(p, u);
  const U = p.U;
  const ub = u * U_STRIDE;
  const S = p.S;
  const sb = U[ub + U_COUNTER]! * S_STRIDE;
  S[sb + S_ALIVE]!--;
  S[sb + S_KILLS]! += U[ub + U_KILL]!;
  if (p.engaged[u] === 1) {
    S[sb + S_ENGAGED]!--;
    S[sb + S_INSPIRING]! -= U[ub + U_INSPIRING]!;
  }
}

/**
 * `kill` but for the side's counts: unit u is dead, its formation's counts
 * follow, its points are added. For callers that keep the side's counts
 * themselves, and for the aftermath, after which no side count is read.
 */
function dies(p: AssaultPlan, u: number): void {
  p.alive[u] = 0;
  const U = p.U;
  const ub = u * U_STRIDE;
  const f = U[ub + U_FORMATION]!;
  const F = p.F;
  const fb = f * F_STRIDE;
  F[fb + F_ALIVE]!--;
  F[fb + F_BREAK_WEIGHT]! -= U[ub + U_BREAK_WEIGHT]!;
  p.fPoints[f]! += p.uPoints[u]!;
}

/** Rolls the first round's groups [from, to) and resolves their hits, as `fightPhase` or `supportingFire` do. */
function rollGroups(p: AssaultPlan, from: number, to: number, rng: Sfc32): void {
  if (p.byCounts && p.rangeKind[from * 2]! !== MIXED_KINDS && p.rangeKind[from * 2 + 1]! !== MIXED_KINDS) {
    countGroups(p, from, to, rng);
    return;
  }
  const hCode = p.hCode;
  const alive = p.alive;
  const gUnit = p.gUnit;
  const gDiceN = p.gDiceN;
  const byCounts = p.byCounts;
  let nHits = 0;
  for (let g = from; g < to; g++) {
    const u = gUnit[g]!;
    if ((u >= 0 && alive[u] === 0) || !nearAlive(p, g)) continue;
    const code = p.gCode[g]!;
    if (byCounts) {
      const hits = sampleByThresholds(p.cdf, p.gCdf[g]!, rng.next());
      for (let i = 0; i < hits; i++) hCode[nHits++] = code;
      continue;
    }
    const n = gDiceN[g]!;
    const dice = n === 0 ? p.gDicePlus[g]! : rollDice(rng, n, p.gDiceSides[g]!, p.gDicePlus[g]!);
    // A hit on need+ (need >= 1), counted without a branch.
    const last = p.gToHit[g]! - 1;
    for (let i = 0; i < dice; i++) {
      hCode[nHits] = code;
      nHits += (last - d6(rng)) >>> 31;
    }
  }
  resolveHits(p, nHits, rng);
}

/**
 * Dice by counts for groups [from, to) whose hits on each side are of one
 * kind: each side's hits only need counting, a run of groups that all roll
 * draws its total at once (gNext, gRunCdf), and one kind of hit makes the
 * two allocation stages one.
 */
function countGroups(p: AssaultPlan, from: number, to: number, rng: Sfc32): void {
  const alive = p.alive;
  const gUnit = p.gUnit;
  const gCode = p.gCode;
  const gNext = p.gNext;
  let hits0 = 0;
  let hits1 = 0;
  for (let g = from; g < to; g = gNext[g]!) {
    const u = gUnit[g]!;
    if ((u >= 0 && alive[u] === 0) || !nearAlive(p, g)) continue;
    const hits = sampleByThresholds(p.cdf, p.gRunCdf[g]!, rng.next());
    if ((gCode[g]! & 1) === 0) hits0 += hits;
    else hits1 += hits;
  }
  if (hits0 > 0) allocateCounted(p, 0, hits0, p.rangeKind[from * 2]!, rng);
  if (hits1 > 0) allocateCounted(p, 1, hits1, p.rangeKind[from * 2 + 1]!, rng);
}

/**
 * `hits` hits of one kind on assault side `side`, allocated in turn to its
 * living directly engaged units in allocation order (RB 1.12.5): of n
 * units, each takes floor(hits / n) and the first hits mod n one more. A
 * unit saving each hit with chance q dies with chance 1 - q^k, decided by
 * one word (`failsAllSaves`).
 */
function allocateCounted(p: AssaultPlan, side: number, hits: number, kind: number, rng: Sfc32): void {
  // The allocation order holds the side's directly engaged units, S_ENGAGED the living ones among them.
  const living = p.S[side * S_STRIDE + S_ENGAGED]!;
  if (living === 0) return;
  const alive = p.alive;
  const order = p.order;
  const base = p.orderStart[side]!;
  const end = base + p.orderCount[side]!;
  const each = (hits / living) | 0;
  const extra = hits - each * living;
  const chance = p.saveChance;
  const row = kind * p.nUnits;
  const U = p.U;
  let i = 0;
  let lost = 0;
  let kills = 0;
  let inspiring = 0;
  for (let k = base; k < end; k++) {
    const u = order[k]!;
    if (alive[u] === 0) continue;
    const taken = i < extra ? each + 1 : each;
    if (taken === 0) break;
    i++;
    const q1 = chance[row + u]!;
    let q = q1;
    for (let j = 1; j < taken; j++) q *= q1;
    if (failsAllSaves(q, rng)) {
      dies(p, u);
      lost++;
      kills += U[u * U_STRIDE + U_KILL]!;
      inspiring += U[u * U_STRIDE + U_INSPIRING]!;
    }
  }
  // `kill`'s side counts at once: every unit in the order is directly engaged.
  const S = p.S;
  const sb = side * S_STRIDE;
  S[sb + S_ALIVE]! -= lost;
  S[sb + S_ENGAGED]! -= lost;
  S[sb + S_KILLS]! += kills;
  S[sb + S_INSPIRING]! -= inspiring;
}

/**
 * The first round's fight on assault side `side` by one word
 * (`fightByMasks`): which of its directly engaged units die, drawn from the
 * whole side's distribution in table t (with the supporting fire, see
 * supportFolded); they die, and the side's counts follow.
 */
function fightDeaths(p: AssaultPlan, side: number, t: number, rng: Sfc32): void {
  const at = p.fmCdf[t]!;
  if (at < 0) return;
  const k = sampleByGuide(p.cdf, at, p.guide, p.fmGuide[t]!, p.fmShift[t]!, rng.next());
  const nForms = p.fmFormCount[t]!;
  const d = p.fmEntry[t]! + k * (FM_ROW + 2 * nForms);
  const data = p.fmData;
  const mask = data[d]!;
  if (mask === 0) return;
  // Every unit of the order lives when the fight begins: each one's fate is its bit.
  const order = p.order;
  const alive = p.alive;
  const base = p.orderStart[side]!;
  const n = p.orderCount[side]!;
  for (let i = 0; i < n; i++) alive[order[base + i]!] = ((mask >>> i) & 1) ^ 1;
  const S = p.S;
  const sb = side * S_STRIDE;
  const lost = data[d + 1]!;
  S[sb + S_ALIVE]! -= lost;
  S[sb + S_ENGAGED]! -= lost;
  S[sb + S_KILLS]! += data[d + 2]!;
  S[sb + S_INSPIRING]! -= data[d + 3]!;
  const F = p.F;
  const forms = p.fmForms;
  const fs = p.fmFormStart[t]!;
  const pointsAt = p.fmPointsAt[t]! + k * nForms;
  for (let j = 0; j < nForms; j++) {
    const f = forms[fs + j]!;
    const fb = f * F_STRIDE;
    F[fb + F_ALIVE]! -= data[d + FM_ROW + 2 * j]!;
    F[fb + F_BREAK_WEIGHT]! -= data[d + FM_ROW + 2 * j + 1]!;
    p.fPoints[f]! += p.fmPoints[pointsAt + j]!;
  }
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
    const value = !inContact && p.uCcOnly[u] === 1 ? NONE : p.U[u * U_STRIDE + (inContact ? U_CC : U_FF)]!;
    if (value >= NONE) continue;
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
    const value = p.U[u * U_STRIDE + U_FF]!;
    if (value >= NONE || !engagedWithin15(p, p.uStaticPos[u]!, side)) continue;
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
  const hCode = p.hCode;
  const t = value < 0 ? 0 : value >= TO_HIT_VALUES ? TO_HIT_VALUES - 1 : value;
  for (let l = p.lineStart[i]!; l < p.lineEnd[i]!; l++) {
    const code = p.lKind[l]! * 2 + side;
    if (p.byCounts) {
      const hits = sampleByThresholds(p.cdf, p.lCdf[l * TO_HIT_VALUES + t]!, rng.next());
      for (let d = 0; d < hits; d++) hCode[nHits++] = code;
      continue;
    }
    const n = p.lDiceN[l]!;
    const dice = n === 0 ? p.lDicePlus[l]! : rollDice(rng, n, p.lDiceSides[l]!, p.lDicePlus[l]!);
    for (let d = 0; d < dice; d++) {
      hCode[nHits] = code;
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
  const hCode = p.hCode;
  const hTarget = p.hTarget;
  const kindMacro = p.kindMacro;
  const order = p.order;
  const alive = p.alive;
  const count0 = p.orderCount[0]!;
  const base1 = p.orderStart[1]!;
  const count1 = p.orderCount[1]!;
  let k0 = -1;
  let k1 = -1;
  let other = false;
  for (let h = 0; h < nHits; h++) {
    const code = hCode[h]!;
    if (kindMacro[code >> 1] !== macro) {
      other = true;
      continue;
    }
    if ((code & 1) === 0) {
      k0 = nextLiving(alive, order, 0, count0, k0);
      hTarget[h] = k0 < 0 ? -1 : order[k0]!;
    } else {
      k1 = nextLiving(alive, order, base1, count1, k1);
      hTarget[h] = k1 < 0 ? -1 : order[base1 + k1]!;
    }
  }
  if (p.byCounts) {
    saveByCounts(p, nHits, macro, rng);
    return other;
  }
  const saveCode = p.saveCode;
  const nUnits = p.nUnits;
  for (let h = 0; h < nHits; h++) {
    const code = hCode[h]!;
    if (kindMacro[code >> 1] !== macro) continue;
    const u = hTarget[h]!;
    if (u < 0 || alive[u] === 0) continue;
    if (!rollSaveCode(saveCode[(code >> 1) * nUnits + u]!, rng)) kill(p, u);
  }
  return other;
}

/**
 * The saves of a stage by counts: a unit hit by hits it saves with chances
 * q1, q2, ... dies with chance 1 - q1 q2 ..., whatever order they are rolled
 * in (a unit dies at its first failed save, RB 1.12.5), so one word decides
 * it; a unit with no chance to save dies without one.
 */
function saveByCounts(p: AssaultPlan, nHits: number, macro: number, rng: Sfc32): void {
  const hCode = p.hCode;
  const hTarget = p.hTarget;
  const kindMacro = p.kindMacro;
  const saveChance = p.saveChance;
  const survives = p.survives;
  const hitUnits = p.hitUnits;
  const nUnits = p.nUnits;
  let n = 0;
  for (let h = 0; h < nHits; h++) {
    const code = hCode[h]!;
    if (kindMacro[code >> 1] !== macro) continue;
    const u = hTarget[h]!;
    if (u < 0) continue;
    const q = saveChance[(code >> 1) * nUnits + u]!;
    if (survives[u]! < 0) {
      survives[u] = q;
      hitUnits[n++] = u;
    } else survives[u]! *= q;
  }
  for (let i = 0; i < n; i++) {
    const u = hitUnits[i]!;
    const q = survives[u]!;
    survives[u] = -1;
    if (failsAllSaves(q, rng)) kill(p, u);
  }
}

/** Position in order[base, base + count) of the next living unit after position k, wrapping around; -1 if none. */
function nextLiving(alive: Int32Array, order: Int32Array, base: number, count: number, k: number): number {
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
  const S = p.S;
  const attackers = S[S_ALIVE]!;
  const defenders = S[S_STRIDE + S_ALIVE]!;
  if (attackers === 0 && defenders === 0) return NO_RESULT;
  if (defenders === 0) return ATTACKER_WINS;
  if ((afterFight ? S[S_ENGAGED]! : attackers) === 0) return DEFENDER_WINS;
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
    const base = p.orderStart[side]!;
    let slot = p.orderCount[side]!;
    p.orderCount[side] = slot + 1;
    while (slot > 0 && p.dist[p.order[base + slot - 1]!]! > d) {
      p.order[base + slot] = p.order[base + slot - 1]!;
      slot--;
      p.orderFollowsList = false;
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
  const S = p.S;
  const mine = side * S_STRIDE;
  const theirs = (1 - side) * S_STRIDE;
  let m = S[theirs + S_KILLS]! + S[mine + S_INSPIRING]!;
  const units = S[mine + S_ALIVE]!;
  const enemyUnits = S[theirs + S_ALIVE]!;
  if (units > enemyUnits) m++;
  if (units > 2 * enemyUnits) m++;
  const fixed = p.blastMarkerBonus[side]!;
  if (fixed >= 0) return m + fixed;
  const bm = sideBlastMarkers(p, side);
  if (bm < 0) m++;
  if (sideBlastMarkers(p, 1 - side) > (bm < 0 ? 0 : bm)) m++;
  return m;
}

/**
 * The Blast markers a side counts in the result (`sideBlastMarkers`; RB
 * 1.12.6 footnote, TP TSKNF, [A-19]): a broken formation one per living
 * unit, Space Marines half their markers rounded down. -1 when no formation
 * of the side has a marker at all (one Space Marine marker still denies "no
 * Blast markers", and counts 0). Without a broken formation the count is
 * the compiled one: no marker is placed before the result.
 */
function sideBlastMarkers(p: AssaultPlan, side: number): number {
  const fixed = p.sideBlastMarkers[side]!;
  if (fixed !== -2) return fixed;
  const F = p.F;
  const role = side + 1;
  let n = 0;
  let any = false;
  for (let f = 0; f < p.nFormations; f++) {
    if (p.fRole[f] !== role) continue;
    const fb = f * F_STRIDE;
    if (F[fb + F_BROKEN] === 1) {
      n += F[fb + F_ALIVE]!;
      if (F[fb + F_ALIVE]! > 0) any = true;
    } else {
      const bm = F[fb + F_BM]!;
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
 * Units die by `dies` here and in what it calls: no side count is read
 * after the result.
 */
function applyResult(p: AssaultPlan, loser: number, margin: number): void {
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

/** The runner's `record` from the plan's state: the outcome and its rounds, each formation's losses, markers and points. */
function record(p: AssaultPlan, outcome: number, rounds: number, tally: Float64Array): void {
  recordAssault(tally, p.assaultRecord, outcome, rounds);
  const F = p.F;
  for (let f = 0; f < p.nFormations; f++) {
    const fb = f * F_STRIDE;
    // Units that only die: no war-engine damage.
    recordFormation(tally, p.fRecord[f]!, p.fUnitEnd[f]! - p.fUnitStart[f]!, F[fb + F_ALIVE]!, F[fb + F_BROKEN] === 1, F[fb + F_BM]!, p.fPoints[f]!, 0, F[fb + F_BM_PLACED]!);
  }
}
