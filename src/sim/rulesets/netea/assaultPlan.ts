import type { Sfc32 } from '../../rng.js';
import { d6 } from '../../dice/d6.js';
import { highestOf2D6 } from '../../dice/highestOf2D6.js';
import { rollDice } from '../../diceExpr.js';
import * as C from './codes.js';
import type { Engagement } from './engagement.js';
import {
  applyResult,
  ATTACKER_WINS,
  ChargeCache,
  counterCharge,
  countSide,
  DEFENDER_WINS,
  ENGAGED_START,
  fightRounds,
  loadCharge,
  NO_RESULT,
  resultModifiers,
  startAssault,
  staticCoordinate,
  supportTargetSide,
  wipeOut,
  type AssaultSetup,
} from './assault.js';
import { markDead } from './unitState.js';

/** A save the plan never rolls for (no save allowed, or modified past 6+). */
const NO_SAVE_ROLL = 99;

/**
 * An assault's first round compiled for one known starting state: the
 * trial-by-trial path of an engagement that is a single assault step
 * (`epic-balance assault`, the bench's assault scenario, assault matchups).
 *
 * From that state the charge, the counter-charges and who is directly
 * engaged come out the same every trial (the ChargeCache already keeps
 * them). So does everything the first round decides before its dice: which
 * units attack in which phase with which value and how many dice, each
 * hit's allocation order, each unit's save against each kind of hit, which
 * supporting units stand within 15 cm of which engaged enemies. The plan
 * holds those decisions in typed arrays and rolls the first round from them;
 * the result, a tie's further rounds and the aftermath run through the
 * general code (assault.ts) on the same state. It rolls the same dice in the
 * same order as `assault` and leaves the same state, so a run gives a tally
 * identical bit for bit to the general path (test/sim/netea/assaultPlan.test.ts).
 *
 * Assaults the plan does not cover keep the general path, and
 * `compileAssaultPlan` says why: war engines taking part, overwatch, an
 * action test first, a broken attacker, no assault from the starting state.
 */
export class AssaultPlan {
  readonly cache: ChargeCache;
  /**
   * Attack groups (one unit's base dice, or one weapon's extra attacks) in
   * the order `assault` rolls them: the first-strike phase [0, fsEnd), the
   * main phase [fsEnd, mainEnd), supporting fire [mainEnd, nGroups).
   */
  readonly nGroups: number;
  readonly fsEnd: number;
  readonly mainEnd: number;
  /** The unit whose death before its turn to roll cancels the group, or -1 when it cannot die first. */
  readonly gUnit: Int32Array;
  /** Attack dice: gDiceN dice of gDiceSides plus gDicePlus (the base dice are a plain number). */
  readonly gDiceN: Int32Array;
  readonly gDiceSides: Int32Array;
  readonly gDicePlus: Int32Array;
  readonly gToHit: Int32Array;
  /** Assault side (0 attacking, 1 defending) the group's hits go to. */
  readonly gSide: Uint8Array;
  /** The hits are macro-weapon hits, allocated among the survivors of the others (RB 2.2.6). */
  readonly gMacro: Uint8Array;
  /** A supporting unit fires only with a living engaged enemy among these (RB 1.12.6), by group: [gNearStart, gNearEnd) of nearList. */
  readonly gNearStart: Int32Array;
  readonly gNearEnd: Int32Array;
  readonly nearList: Int32Array;
  /** Directly engaged units of each side in allocation order (base contact first, then the closest). */
  readonly order: Int32Array;
  readonly orderStart: Int32Array;
  readonly orderCount: Int32Array;
  /** Save by unit u against group g's hits at [g * nUnits + u]: the roll needed, a re-roll, an invulnerable save. */
  readonly nUnits: number;
  readonly saveNeed: Int32Array;
  readonly saveReroll: Uint8Array;
  readonly saveInvulnerable: Uint8Array;
  // Per-trial scratch: each hit's group and target.
  readonly hGroup: Int32Array;
  readonly hTarget: Int32Array;

  constructor(p: AssaultPlanParts) {
    this.cache = p.cache;
    this.nGroups = p.groups.length;
    this.fsEnd = p.fsEnd;
    this.mainEnd = p.mainEnd;
    this.gUnit = Int32Array.from(p.groups, (g) => g.unit);
    this.gDiceN = Int32Array.from(p.groups, (g) => g.diceN);
    this.gDiceSides = Int32Array.from(p.groups, (g) => g.diceSides);
    this.gDicePlus = Int32Array.from(p.groups, (g) => g.dicePlus);
    this.gToHit = Int32Array.from(p.groups, (g) => g.toHit);
    this.gSide = Uint8Array.from(p.groups, (g) => g.side);
    this.gMacro = Uint8Array.from(p.groups, (g) => ((g.flags & (C.H_MW | C.H_TK)) !== 0 ? 1 : 0));
    const near: number[] = [];
    this.gNearStart = new Int32Array(this.nGroups);
    this.gNearEnd = new Int32Array(this.nGroups);
    p.groups.forEach((g, i) => {
      this.gNearStart[i] = near.length;
      near.push(...g.near);
      this.gNearEnd[i] = near.length;
    });
    this.nearList = Int32Array.from(near);
    this.order = Int32Array.from([...p.order[0]!, ...p.order[1]!]);
    this.orderStart = Int32Array.of(0, p.order[0]!.length);
    this.orderCount = Int32Array.of(p.order[0]!.length, p.order[1]!.length);
    this.nUnits = p.nUnits;
    this.saveNeed = p.saveNeed;
    this.saveReroll = p.saveReroll;
    this.saveInvulnerable = p.saveInvulnerable;
    const maxHits = p.groups.reduce((n, g) => n + g.diceN * (g.diceSides === 3 ? 3 : 6) + g.dicePlus, 0);
    // One slot more: the dice loop writes each die's group before it knows whether it hit.
    this.hGroup = new Int32Array(maxHits + 1);
    this.hTarget = new Int32Array(maxHits);
  }
}

interface AttackGroup {
  /** The unit rolling, or -1 for several units that cannot die before they roll. */
  unit: number;
  diceN: number;
  diceSides: number;
  dicePlus: number;
  toHit: number;
  flags: number;
  side: number;
  /** Supporting fire: the engaged enemies the unit must stand within 15 cm of (empty for the fight). */
  near: number[];
}

interface AssaultPlanParts {
  cache: ChargeCache;
  groups: AttackGroup[];
  fsEnd: number;
  mainEnd: number;
  order: number[][];
  nUnits: number;
  saveNeed: Int32Array;
  saveReroll: Uint8Array;
  saveInvulnerable: Uint8Array;
}

/**
 * Compiles the first round of assault `s` from the engagement's current
 * state, which must be the state every trial starts from. Runs the charge
 * and counter-charges (no dice) through `startAssault`, which fills `cache`;
 * the caller restores the starting state afterwards. Returns the reason when
 * the plan does not apply.
 */
export function compileAssaultPlan(e: Engagement, s: AssaultSetup, cache: ChargeCache): AssaultPlan | string {
  if (s.overwatch !== 0) return 'overwatch fire comes first';
  for (let u = 0; u < e.nUnits; u++) if ((e.uFlags[u]! & C.U_WAR_ENGINE) !== 0) return 'war engines in the engagement';
  if (startAssault(e, s, cache) !== ENGAGED_START) return 'no assault from the starting state';

  // IV. The fight: directly engaged units of both sides, first strike then the rest (TP Resolve Attacks).
  // All are alive when the round begins; only first-strike casualties die before their turn.
  const fightPhase = (firstStrike: boolean) => {
    const out: AttackGroup[] = [];
    for (let k = 0; k < e.asBound[2]!; k++) {
      const u = e.asList[k]!;
      if (e.asEngaged[u] === 1) out.push(...unitGroups(e, u, firstStrike, 1 - e.asSide[u]!, []));
    }
    return out;
  };
  const groups = e.asListFirstStrike ? mergeGroups(fightPhase(true)) : [];
  const fsEnd = groups.length;
  groups.push(...(e.asListFirstStrike ? fightPhase(false) : mergeGroups(fightPhase(false))));
  const mainEnd = groups.length;
  // Supporting fire (RB 1.12.6): the units of unbroken supporting formations within 15 cm of an
  // engaged enemy. No attack reaches them before it, so all are alive.
  const supportGroups: AttackGroup[] = [];
  for (let f = 0; f < e.nFormations; f++) {
    if (e.fRole[f] !== 3 || e.fBroken[f] === 1) continue;
    const side = supportTargetSide(e, f);
    const enemySide = e.fSide[f] === e.asAttackerSide ? 1 : 0;
    for (let u = e.fUnitStart[f]!; u < e.fUnitEnd[f]!; u++) {
      if ((e.uFlags[u]! & C.U_CC_ONLY) !== 0) continue;
      const pos = staticCoordinate(e, u, e.asAttackerSide, e.asDefenderLine);
      const near: number[] = [];
      const from = enemySide === 0 ? 0 : e.asBound[1]!;
      const to = enemySide === 0 ? e.asBound[1]! : e.asBound[2]!;
      for (let k = from; k < to; k++) {
        const v = e.asList[k]!;
        if (e.asEngaged[v] === 1 && Math.abs(pos - e.asPos[v]!) <= 15) near.push(v);
      }
      if (near.length === 0) continue;
      supportGroups.push(...unitGroups(e, u, false, side, near), ...unitGroups(e, u, true, side, near));
    }
  }
  groups.push(...mergeGroups(supportGroups));

  const order = [0, 1].map((side) => Array.from(e.asOrder.subarray(e.asOrderStart[side]!, e.asOrderStart[side]! + e.asOrderCount[side]!)));
  const n = e.nUnits;
  const saveNeed = new Int32Array(groups.length * n).fill(NO_SAVE_ROLL);
  const saveReroll = new Uint8Array(groups.length * n);
  const saveInvulnerable = new Uint8Array(groups.length * n);
  groups.forEach((g, i) => {
    // RB 1.12.5: infantry of the engaging formations get no cover save.
    const noCover = g.side === 0;
    for (const u of order[g.side]!) {
      const save = saveOf(e, u, g.flags, noCover);
      saveNeed[i * n + u] = save.need;
      saveReroll[i * n + u] = save.reroll ? 1 : 0;
      saveInvulnerable[i * n + u] = save.invulnerable ? 1 : 0;
    }
  });
  return new AssaultPlan({ cache, groups, fsEnd, mainEnd, order, nUnits: n, saveNeed, saveReroll, saveInvulnerable });
}

/**
 * Unit u's attack groups for one phase, as `rollUnitAttacks` rolls them
 * (RB 1.12.5, 2.2.3-2.2.6): its base dice at its attack value, then each
 * weapon's extra attacks (assault weapons in close combat, small arms in a
 * firefight) at the same value with the weapon's abilities.
 */
function unitGroups(e: Engagement, u: number, firstStrikePhase: boolean, side: number, near: number[]): AttackGroup[] {
  const value = e.asAtkValue[u]!;
  if (value >= C.NONE) return [];
  const out: AttackGroup[] = [];
  const unitFirst = (e.uFlags[u]! & C.U_FIRST_STRIKE) !== 0;
  const baseFlags = e.asAtkFlags[u]!;
  if (unitFirst === firstStrikePhase) out.push({ unit: u, diceN: 0, diceSides: 0, dicePlus: e.asAtkDice[u]!, toHit: value, flags: baseFlags, side, near });
  if (e.uExtraAttacks[u] === 0) return out;
  const useCC = baseFlags !== 0;
  for (let l = e.uLineStart[u]!; l < e.uLineEnd[u]!; l++) {
    const kind = e.wKind[l]!;
    if (kind === C.KIND_RANGED || e.wExN[l]! + e.wExPlus[l]! === 0) continue;
    if ((kind === C.KIND_ASSAULT) !== useCC) continue;
    if ((unitFirst || (e.wFlags[l]! & C.W_FIRST_STRIKE) !== 0) !== firstStrikePhase) continue;
    out.push({ unit: u, diceN: e.wExN[l]!, diceSides: e.wExSides[l]!, dicePlus: e.wExPlus[l]!, toHit: value, flags: baseFlags | e.wHitFlags[l]!, side, near });
  }
  return out;
}

/**
 * Joins each run of consecutive groups of units that are all alive when they
 * roll, with fixed dice and the same to-hit value, hits and reach: one after
 * the other they roll the same dice as one group with all their dice.
 */
function mergeGroups(groups: AttackGroup[]): AttackGroup[] {
  const out: AttackGroup[] = [];
  for (const g of groups) {
    const last = out[out.length - 1];
    if (last !== undefined && last.diceN === 0 && g.diceN === 0 && last.toHit === g.toHit && last.flags === g.flags && last.side === g.side && sameUnits(last.near, g.near)) {
      last.dicePlus += g.dicePlus;
    } else {
      out.push({ ...g, unit: -1 });
    }
  }
  return out;
}

function sameUnits(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The terms of `saveHit` for a unit and a kind of hit, without crossfire (none in assaults). */
function saveOf(e: Engagement, u: number, hitFlags: number, noCover: boolean): { need: number; reroll: boolean; invulnerable: boolean } {
  if ((hitFlags & C.H_NO_SAVE) !== 0) return { need: NO_SAVE_ROLL, reroll: false, invulnerable: false };
  const uf = e.uFlags[u]!;
  let need = NO_SAVE_ROLL;
  let reroll = false;
  if ((hitFlags & C.H_TK) === 0 && ((hitFlags & C.H_MW) === 0 || (uf & C.U_REINFORCED) !== 0)) {
    let base = e.uArmour[u]!;
    const cover = e.uCoverSave[u]!;
    if (cover < base && !noCover && (hitFlags & (C.H_IGNORE_COVER | C.H_MW)) === 0) base = cover;
    const s = base + ((hitFlags & C.H_SNIPER) !== 0 ? 1 : 0);
    if (base < C.NONE && s <= 6) {
      need = s;
      reroll = (uf & C.U_REINFORCED) !== 0 && (hitFlags & (C.H_MW | C.H_LANCE)) === 0;
    }
  }
  return { need, reroll, invulnerable: (uf & C.U_INVULNERABLE) !== 0 };
}

/**
 * One assault by the plan, from the starting state: the first round's
 * fight and supporting fire, its result roll, then (as `fightRounds` goes
 * on) a tie's further rounds or the result's aftermath. Returns the outcome.
 */
export function assaultByPlan(p: AssaultPlan, e: Engagement, rng: Sfc32): number {
  loadCharge(e, p.cache);
  e.asRounds = 1;
  if (p.fsEnd > 0) attackAndResolve(p, e, 0, p.fsEnd, rng);
  attackAndResolve(p, e, p.fsEnd, p.mainEnd, rng);
  let outcome = wipeOut(e, true);
  if (outcome < 0) {
    attackAndResolve(p, e, p.mainEnd, p.nGroups, rng);
    outcome = wipeOut(e, false);
  }
  let margin = 0;
  if (outcome < 0) {
    // V. The result (RB 1.12.7).
    countSide(e, 0);
    countSide(e, 1);
    const scoreA = highestOf2D6(rng) + resultModifiers(e, 0);
    const scoreD = highestOf2D6(rng) + resultModifiers(e, 1);
    if (scoreA === scoreD) {
      counterCharge(e, 0);
      counterCharge(e, 1);
      return fightRounds(e, 2, false, rng);
    }
    outcome = scoreA > scoreD ? ATTACKER_WINS : DEFENDER_WINS;
    margin = scoreA > scoreD ? scoreA - scoreD : scoreD - scoreA;
  }
  if (outcome !== NO_RESULT) applyResult(e, outcome === ATTACKER_WINS ? 1 : 0, margin, e.asAttackerSide, e.asDefenderLine, rng);
  return outcome;
}

/** Rolls groups [from, to) and allocates and saves their hits, as `fightPhase` or `supportingFire` followed by `resolveAssaultHits`. */
function attackAndResolve(p: AssaultPlan, e: Engagement, from: number, to: number, rng: Sfc32): void {
  const hGroup = p.hGroup;
  let nHits = 0;
  let macro = 0;
  for (let g = from; g < to; g++) {
    const u = p.gUnit[g]!;
    if ((u >= 0 && e.stAlive[u] === 0) || !nearAlive(p, e, g)) continue;
    const n = p.gDiceN[g]!;
    const dice = n === 0 ? p.gDicePlus[g]! : rollDice(rng, n, p.gDiceSides[g]!, p.gDicePlus[g]!);
    // A hit on need+ (need >= 1), counted without a branch.
    const last = p.gToHit[g]! - 1;
    const before = nHits;
    for (let i = 0; i < dice; i++) {
      hGroup[nHits] = g;
      nHits += (last - d6(rng)) >>> 31;
    }
    if (nHits !== before) macro |= p.gMacro[g]!;
  }
  resolveStage(p, e, nHits, 0, rng);
  if (macro !== 0) resolveStage(p, e, nHits, 1, rng);
}

/** Does group g's unit fire: the fight always, a supporter with a living engaged enemy within 15 cm. */
function nearAlive(p: AssaultPlan, e: Engagement, g: number): boolean {
  const start = p.gNearStart[g]!;
  const end = p.gNearEnd[g]!;
  if (start === end) return true;
  for (let i = start; i < end; i++) if (e.stAlive[p.nearList[i]!] === 1) return true;
  return false;
}

/**
 * One allocation stage (RB 1.12.5, TP Allocate Hits): the hits of the stage
 * (macro or not) go in turn to each side's next living engaged unit, then
 * each is saved in the order it was rolled, as `allocateInTurn` and
 * `resolveAssaultHits` do when no war engine takes part.
 */
function resolveStage(p: AssaultPlan, e: Engagement, nHits: number, macro: number, rng: Sfc32): void {
  const hGroup = p.hGroup;
  const hTarget = p.hTarget;
  const order = p.order;
  let k0 = -1;
  let k1 = -1;
  for (let h = 0; h < nHits; h++) {
    const g = hGroup[h]!;
    if (p.gMacro[g] !== macro) continue;
    if (p.gSide[g] === 0) {
      k0 = nextLiving(e, order, 0, p.orderCount[0]!, k0);
      hTarget[h] = k0 < 0 ? -1 : order[k0]!;
    } else {
      k1 = nextLiving(e, order, p.orderStart[1]!, p.orderCount[1]!, k1);
      hTarget[h] = k1 < 0 ? -1 : order[p.orderStart[1]! + k1]!;
    }
  }
  const nUnits = p.nUnits;
  for (let h = 0; h < nHits; h++) {
    const g = hGroup[h]!;
    if (p.gMacro[g] !== macro) continue;
    const u = hTarget[h]!;
    if (u < 0 || e.stAlive[u] === 0) continue;
    const si = g * nUnits + u;
    const need = p.saveNeed[si]!;
    let saved = need <= 6 && d6(rng) >= need;
    if (!saved && p.saveReroll[si] === 1) saved = d6(rng) >= need;
    if (!saved && p.saveInvulnerable[si] === 1) saved = d6(rng) === 6;
    // RB 1.12.5: casualties place no Blast markers until the result.
    if (!saved) markDead(e, u);
  }
}

/** Position in order[base, base + count) of the next living unit after position k, wrapping around; -1 if none. */
function nextLiving(e: Engagement, order: Int32Array, base: number, count: number, k: number): number {
  for (let i = 0; i < count; i++) {
    k = k + 1 >= count ? 0 : k + 1;
    if (e.stAlive[order[base + k]!] === 1) return k;
  }
  return -1;
}
