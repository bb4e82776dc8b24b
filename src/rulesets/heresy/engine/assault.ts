import { d10 } from '../../../sim/dice/d10.js';
import type { Sfc32 } from '../../../sim/rng.js';
import * as outcomes from '../../../sim/assaultOutcomes.js';
import { buyCasualties } from './casualtyPoints.js';
import { FirePlan, shoot } from './shoot.js';
import { qualityCheck } from './quality.js';
import { LEVEL_DESTROYED, SKILL_CLOSE_SUPPORT, SKILL_ENHANCED_ASSAULT, SKILL_JUMP_PACKS, SKILL_STUBBORN, SKILL_TANK_KILLERS, TYPE_ARMORED_VEHICLE, type HeresyState } from './state.js';

// The shared outcome codes (recordAssault reads them); copies, as epic40k keeps them.
const NO_ASSAULT = outcomes.NO_ASSAULT;
const ATTACKER_WINS = outcomes.ATTACKER_WINS;
const DEFENDER_WINS = outcomes.DEFENDER_WINS;
const NO_RESULT = outcomes.NO_RESULT;

/**
 * An assault compiled once (seed 003, L193-308): the two engaged units,
 * the supporting units of each side within 15 cm (L213-217), the defender's
 * prepared fire at the chargers (+2, L295-298) and, for each side, its
 * stands in the order its owner gives them up (weakest first, L238-240) with
 * what each costs the other side's points (assault value; half, rounded up,
 * for an Armored Vehicle bought by Tank Killers, L492-495).
 */
export class AssaultPlan {
  readonly by: number;
  readonly at: number;
  readonly supportA: Int32Array;
  readonly supportD: Int32Array;
  readonly defensiveFire: FirePlan | null;
  readonly orderA: Int32Array;
  readonly costA: Int32Array;
  readonly orderD: Int32Array;
  readonly costD: Int32Array;
  /** The charge needs a quality check (L418): the defender is in hard or fortified cover, or on prepared fire. */
  readonly chargeCheck: boolean;
  outcome = NO_ASSAULT;
  rounds = 0;

  constructor(st: HeresyState, by: number, at: number, support: number[]) {
    this.by = by;
    this.at = at;
    this.supportA = Int32Array.from(support.filter((s) => s !== by && s !== at && st.sides[s] === st.sides[by]));
    this.supportD = Int32Array.from(support.filter((s) => s !== by && s !== at && st.sides[s] !== st.sides[by]));
    this.defensiveFire = st.prepared[at] === 1 ? new FirePlan(st, at, by, 0, true) : null;
    const costs = (f: number, buyer: number) => {
      const tk = (st.unitSkills[buyer]! & SKILL_TANK_KILLERS) !== 0;
      const rows: Array<[number, number]> = [];
      for (let u = st.first[f]!; u < st.first[f]! + st.count[f]!; u++) {
        const p = st.prof[u]!;
        let c = st.assault[p]!;
        if (tk && st.type[p] === TYPE_ARMORED_VEHICLE) c = Math.ceil(c / 2);
        rows.push([u, Math.max(c, st.options.minCasualtyCost)]);
      }
      rows.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
      return rows;
    };
    const a = costs(by, at);
    const d = costs(at, by);
    this.orderA = Int32Array.from(a, (r) => r[0]);
    this.costA = Int32Array.from(a, (r) => r[1]);
    this.orderD = Int32Array.from(d, (r) => r[0]);
    this.costD = Int32Array.from(d, (r) => r[1]);
    this.chargeCheck = st.options.chargeCheck && (st.cover[at]! >= 2 || st.prepared[at] === 1);
  }
}

/**
 * The assault advantage score of an engaged unit (L213-232, L278-290,
 * L390-392, L165-166, L750-757): the sum of its living stands' assault
 * values, each -1 if the unit is Fatigued and -1 if Suppressed (not below
 * 0), x4 with Enhanced Assault; a defender in cover adds +1 (soft) or +2
 * (hard) per stand, unless every charger has Jump Packs (L487-489), or
 * doubles it (fortified).
 */
export function assaultScore(st: HeresyState, f: number, defenderCover: number, jumpPacks: boolean): number {
  const pen = (st.level[f] === 1 ? 1 : 0) + st.suppressed[f]!;
  let score = 0;
  for (let u = st.first[f]!; u < st.first[f]! + st.count[f]!; u++) {
    if (st.alive[u] === 0) continue;
    const p = st.prof[u]!;
    let v = Math.max(0, st.assault[p]! - pen);
    if ((st.skills[p]! & SKILL_ENHANCED_ASSAULT) !== 0) v *= 4;
    if (defenderCover === 3) v *= 2;
    else if (defenderCover > 0 && !jumpPacks) v += defenderCover;
    score += v;
  }
  return score;
}

/** Supporting units within 15 cm (L213-217, L481-483): 1 point per living stand, its full value with Close Support; a Routed unit does not support. */
export function supportScore(st: HeresyState, list: Int32Array): number {
  let score = 0;
  for (let i = 0; i < list.length; i++) {
    const f = list[i]!;
    if (st.level[f]! >= 2) continue;
    for (let u = st.first[f]!; u < st.first[f]! + st.count[f]!; u++) {
      if (st.alive[u] === 0) continue;
      score += (st.skills[st.prof[u]!]! & SKILL_CLOSE_SUPPORT) !== 0 ? Math.max(0, st.assault[st.prof[u]!]! - (st.level[f] === 1 ? 1 : 0) - st.suppressed[f]!) : 1;
    }
  }
  return score;
}

/**
 * A quality check of unit f at its current level (L399-412), with the
 * once-per-turn Stubborn re-roll (L479-480). A failure loses
 * `levelsLostPerFailedCheck` levels; past Routed the unit is removed.
 * Returns true if passed.
 */
export function unitQualityCheck(st: HeresyState, rng: Sfc32, f: number): boolean {
  if (qualityCheck(rng, st.qualityTn(f), 0)) return true;
  if ((st.unitSkills[f]! & SKILL_STUBBORN) !== 0 && st.stubbornUsed[f] === 0) {
    st.stubbornUsed[f] = 1;
    if (qualityCheck(rng, st.qualityTn(f), 0)) return true;
  }
  const lv = st.level[f]! + st.options.levelsLostPerFailedCheck;
  if (lv >= LEVEL_DESTROYED) {
    st.level[f] = 2;
    st.destroy(f);
  } else st.level[f] = lv;
  return false;
}

/**
 * One round of assault combat (L218-243): both scores, the bonus to the
 * higher, each side's D10 + bonus (the attacker's die first) buying the
 * other's stands, removed at once; the side that lost more models takes a
 * quality check. Returns 0 to go on, or the outcome.
 */
export function assaultRound(st: HeresyState, rng: Sfc32, plan: AssaultPlan): number {
  const a = plan.by;
  const d = plan.at;
  const jump = allHave(st, a, SKILL_JUMP_PACKS);
  const sa = assaultScore(st, a, 0, false) + supportScore(st, plan.supportA);
  const sd = assaultScore(st, d, st.cover[d]!, jump) + supportScore(st, plan.supportD);
  const ptsA = d10(rng) + (sa > sd ? sa - sd : 0);
  const ptsD = d10(rng) + (sd > sa ? sd - sa : 0);
  const lostD = buyCasualties(ptsA, plan.orderD, plan.costD, st.alive);
  const lostA = buyCasualties(ptsD, plan.orderA, plan.costA, st.alive);
  const aliveA = st.aliveIn(a);
  const aliveD = st.aliveIn(d);
  if (aliveA === 0 && aliveD === 0) return NO_RESULT;
  if (aliveD === 0) return ATTACKER_WINS;
  if (aliveA === 0) return DEFENDER_WINS;
  if (lostA > lostD && !unitQualityCheck(st, rng, a)) return st.aliveIn(a) === 0 || st.options.failedCheckLeavesAssault ? DEFENDER_WINS : 0;
  if (lostD > lostA && !unitQualityCheck(st, rng, d)) return st.aliveIn(d) === 0 || st.options.failedCheckLeavesAssault ? ATTACKER_WINS : 0;
  return 0;
}

function allHave(st: HeresyState, f: number, bit: number): boolean {
  let any = false;
  for (let u = st.first[f]!; u < st.first[f]! + st.count[f]!; u++) {
    if (st.alive[u] === 0) continue;
    if ((st.skills[st.prof[u]!]! & bit) === 0) return false;
    any = true;
  }
  return any;
}

/**
 * The assault (L193-308): a Fatigued or Routed unit may not charge
 * (L390-398); charging hard or fortified cover or a unit on prepared fire
 * needs a quality check first (L418), a failure stops the charge; a Routed
 * defender is destroyed (L396-397); the defender's prepared fire at +2
 * (L295-298); then rounds until one side is destroyed or leaves the combat
 * (L244), at most `maxRounds`.
 */
export function assault(st: HeresyState, rng: Sfc32, plan: AssaultPlan): void {
  plan.outcome = NO_ASSAULT;
  plan.rounds = 0;
  const a = plan.by;
  const d = plan.at;
  if (st.level[a]! >= 1 || st.aliveIn(a) === 0 || st.aliveIn(d) === 0) return;
  if (plan.chargeCheck && !unitQualityCheck(st, rng, a)) return;
  if (st.level[d]! >= 2) {
    st.destroy(d);
    plan.outcome = ATTACKER_WINS;
    return;
  }
  if (plan.defensiveFire !== null) shoot(st, rng, plan.defensiveFire);
  if (st.aliveIn(a) === 0) {
    plan.outcome = DEFENDER_WINS;
    return;
  }
  const max = st.options.maxRounds;
  for (let r = 1; r <= max; r++) {
    plan.rounds = r;
    const o = assaultRound(st, rng, plan);
    if (o !== 0) {
      plan.outcome = o;
      return;
    }
  }
  plan.outcome = NO_RESULT;
}
