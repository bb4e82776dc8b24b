import type { Sfc32 } from '../../../../sim/rng.js';
import { d6 } from '../../../../sim/dice/d6.js';
import { rollDice } from '../../../../sim/diceExpr.js';
import { sampleByThresholds } from '../../../../sim/dice/sampleByThresholds.js';
import { sampleByGuide } from '../../../../sim/dice/sampleByGuide.js';
import { failsAllSaves } from '../../../../sim/dice/failsAllSaves.js';
import { rollSaveCode } from '../saves/rollSaveCode.js';
import * as C from '../codes.js';
import * as layout from '../assaultPlan/layout.js';
import type { AssaultPlan } from '../assaultPlan.js';
import * as reach from '../assault/reach.js';
import * as attackValues from '../assault/attackValue.js';
import * as resultRules from '../assault/resultRules.js';
import * as deaths from './deaths.js';

// Copies of imported constants and functions, folded into the hot code (plannedAssault.ts says why).
const NONE = C.NONE;
const U_STRIDE = layout.U_STRIDE;
const U_COUNTER = layout.U_COUNTER;
const U_KILL = layout.U_KILL;
const U_FLAGS = layout.U_FLAGS;
const U_CC = layout.U_CC;
const U_FF = layout.U_FF;
const F_STRIDE = layout.F_STRIDE;
const F_ALIVE = layout.F_ALIVE;
const F_BREAK_WEIGHT = layout.F_BREAK_WEIGHT;
const S_STRIDE = layout.S_STRIDE;
const S_ALIVE = layout.S_ALIVE;
const S_ENGAGED = layout.S_ENGAGED;
const S_KILLS = layout.S_KILLS;
const S_INSPIRING = layout.S_INSPIRING;
const TO_HIT_VALUES = layout.TO_HIT_VALUES;
const FM_ROW = layout.FM_ROW;
const MIXED_KINDS = layout.MIXED_KINDS;
const MAIN_PHASE = layout.MAIN_PHASE;
const FIRST_STRIKE_PHASE = layout.FIRST_STRIKE_PHASE;
const withinAssaultRange = reach.withinAssaultRange;
const usesCloseCombat = attackValues.usesCloseCombat;
const attackValue = attackValues.attackValue;
const inspiringUnits = resultRules.inspiringUnits;
const dies = deaths.dies;

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
    S[sb + S_INSPIRING]! -= inspiringUnits(U[ub + U_FLAGS]!);
  }
}

/** Rolls the first round's groups [from, to) and resolves their hits, as `fightPhase` or `supportingFire` do. */
export function rollGroups(p: AssaultPlan, from: number, to: number, rng: Sfc32): void {
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
  const cdf = p.cdf;
  const gRunCdf = p.gRunCdf;
  let hits0 = 0;
  let hits1 = 0;
  for (let g = from; g < to; g = gNext[g]!) {
    const u = gUnit[g]!;
    if ((u >= 0 && alive[u] === 0) || !nearAlive(p, g)) continue;
    const hits = sampleByThresholds(cdf, gRunCdf[g]!, rng.next());
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
      inspiring += inspiringUnits(U[u * U_STRIDE + U_FLAGS]!);
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
export function fightDeaths(p: AssaultPlan, side: number, t: number, rng: Sfc32): void {
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
 * `fightPhase` after the first round: each living directly engaged unit, in
 * list order, rolls its lines for the phase by its attack profile
 * (`setAttackProfile`: in base contact unless a firefight is forced, with
 * `usesCloseCombat` and `attackValue`; no war engine here), at the other
 * side.
 */
export function fightPhase(p: AssaultPlan, phase: number, rng: Sfc32): void {
  let nHits = 0;
  for (let k = 0; k < p.listEnd; k++) {
    const u = p.list[k]!;
    if (p.alive[u] === 0 || p.engaged[u] === 0) continue;
    const inContact = p.contact[u]! > 0 && p.forceFF[u] === 0;
    const ub = u * U_STRIDE;
    const useCC = usesCloseCombat(inContact, false, p.U[ub + U_CC]!, p.U[ub + U_FF]!);
    const value = attackValue(useCC, inContact, p.uCcOnly[u] === 1, p.U[ub + U_CC]!, p.U[ub + U_FF]!);
    if (value >= NONE) continue;
    nHits = rollLines(p, u, useCC ? 1 : 0, phase, value, k < p.listMid ? 1 : 0, nHits, rng);
  }
  resolveHits(p, nHits, rng);
}

/**
 * `supportingFire` after the first round: each supporting unit within 15 cm
 * of a living directly engaged enemy rolls its firefight lines, main phase
 * then first strike (RB 1.12.6).
 */
export function supportingFire(p: AssaultPlan, rng: Sfc32): void {
  let nHits = 0;
  for (let i = 0; i < p.supporters.length; i++) {
    const u = p.supporters[i]!;
    const side = p.supporterTarget[i]!;
    const value = p.U[u * U_STRIDE + U_FF]!;
    if (value >= NONE || !engagedWithinReach(p, p.uStaticPos[u]!, side)) continue;
    nHits = rollLines(p, u, 0, MAIN_PHASE, value, side, nHits, rng);
    nHits = rollLines(p, u, 0, FIRST_STRIKE_PHASE, value, side, nHits, rng);
  }
  resolveHits(p, nHits, rng);
}

/** `withinOfSide` for directly engaged units: a living one of assault side `side` within reach of `pos` (`withinAssaultRange`). */
function engagedWithinReach(p: AssaultPlan, pos: number, side: number): boolean {
  const to = side === 0 ? p.listMid : p.listEnd;
  for (let k = side === 0 ? 0 : p.listMid; k < to; k++) {
    const v = p.list[k]!;
    if (p.alive[v] === 1 && p.engaged[v] === 1 && withinAssaultRange(Math.abs(pos - p.pos[v]!))) return true;
  }
  return false;
}
