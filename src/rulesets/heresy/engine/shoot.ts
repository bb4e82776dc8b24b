import { d10 } from '../../../sim/dice/d10.js';
import type { Sfc32 } from '../../../sim/rng.js';
import { staticToHitModifier, toHitNeed } from './accuracy.js';
import { penetrations } from './penetration.js';
import { suppresses, suppressionHalfDice } from './suppression.js';
import { SKILL_ANTI_INFANTRY, SKILL_ANTI_TANK, SKILL_RAPID_FIRE, TYPE_ARMORED_VEHICLE, TYPE_LIGHT_VEHICLE, type HeresyState } from './state.js';

/**
 * One unit's fire at another, compiled once (seed 003, L20-74): every
 * weapon of every stand in range, with its static to-hit number (accuracy,
 * range band, cover, Light Vehicle, point blank), penetration dice (+1 for
 * Anti-tank against an Armored Vehicle, L499-500), whether its hits can
 * affect the target type (Anti-infantry cannot affect Armored Vehicles,
 * L467-470, L496-498) and its suppression dice (L149, L471-472, L189-192).
 *
 * The firer nominates one stand type of a mixed target (L71-74): the type of
 * the target's front stand. Hits go to the stands of that type in the order
 * of the `shootingCasualties` switch.
 */
export class FirePlan {
  readonly by: number;
  readonly at: number;
  readonly stand: Int32Array;
  readonly fp: Int32Array;
  readonly pen: Int32Array;
  readonly need: Int32Array;
  readonly effective: Uint8Array;
  readonly halfDice: Int32Array;
  readonly victims: Int32Array;
  /** Armour of each victim with the cover bonus (L112-123). */
  readonly victimArmour: Int32Array;

  constructor(st: HeresyState, by: number, at: number, distance: number, pointBlank: boolean) {
    this.by = by;
    this.at = at;
    const cover = st.cover[at]!;
    const tFirst = st.first[at]!;
    const tEnd = tFirst + st.count[at]!;
    const nominated = st.type[st.prof[tFirst]!]!;
    const victims: number[] = [];
    for (let u = tFirst; u < tEnd; u++) if (st.type[st.prof[u]!] === nominated) victims.push(u);
    if (st.options.shootingCasualties === 'owner') victims.sort((a, b) => st.assault[st.prof[a]!]! - st.assault[st.prof[b]!]! || a - b);
    this.victims = Int32Array.from(victims);
    this.victimArmour = Int32Array.from(victims, (u) => st.armour[st.prof[u]!]! + cover);
    const rows: number[][] = [];
    const sFirst = st.first[by]!;
    for (let u = sFirst; u < sFirst + st.count[by]!; u++) {
      const p = st.prof[u]!;
      const skills = st.skills[p]!;
      for (let w = st.wFirst[p]!; w < st.wFirst[p]! + st.wCount[p]!; w++) {
        if (distance > st.wLong[w]!) continue;
        const mod = staticToHitModifier(distance > st.wShort[w]!, cover, nominated === TYPE_LIGHT_VEHICLE, pointBlank);
        const antiInfantry = (skills & SKILL_ANTI_INFANTRY) !== 0;
        const effective = !(antiInfantry && nominated === TYPE_ARMORED_VEHICLE);
        const pen = st.wPen[w]! + ((skills & SKILL_ANTI_TANK) !== 0 && nominated === TYPE_ARMORED_VEHICLE ? 1 : 0);
        const half = suppressionHalfDice(st.wFp[w]!, (skills & SKILL_RAPID_FIRE) !== 0, antiInfantry && cover > 0);
        rows.push([u, st.wFp[w]!, pen, st.accuracy[p]! + mod, effective ? 1 : 0, half]);
      }
    }
    this.stand = Int32Array.from(rows, (r) => r[0]!);
    this.fp = Int32Array.from(rows, (r) => r[1]!);
    this.pen = Int32Array.from(rows, (r) => r[2]!);
    this.need = Int32Array.from(rows, (r) => r[3]!);
    this.effective = Uint8Array.from(rows, (r) => r[4]!);
    this.halfDice = Int32Array.from(rows, (r) => r[5]!);
  }
}

/**
 * Resolves a compiled fire (L50-70, L126-140, L141-166): a Routed unit does
 * not fire (L395-396); a Fatigued or Suppressed firer needs one more each;
 * one D10 per firepower point against the need (a natural 10 above 10, with
 * the overflow added to the armour); each hit rolls its penetration dice
 * against the next victim's armour. Afterwards the target is Suppressed (one
 * more chit) if the firepower dice exceeded its models before the fire.
 * Returns the stands killed.
 */
export function shoot(st: HeresyState, rng: Sfc32, plan: FirePlan): number {
  const by = plan.by;
  const at = plan.at;
  if (st.level[by]! >= 2) return 0;
  const dyn = (st.level[by] === 1 ? 1 : 0) + st.suppressed[by]!;
  const models = st.aliveIn(at);
  const each = st.options.penetration === 'each';
  const victims = plan.victims;
  const nv = victims.length;
  let vi = 0;
  let half = 0;
  let kills = 0;
  const n = plan.stand.length;
  for (let e = 0; e < n; e++) {
    if (st.alive[plan.stand[e]!] === 0) continue;
    half += plan.halfDice[e]!;
    const packed = toHitNeed(plan.need[e]!, dyn);
    const need = packed >> 4;
    const over = packed & 15;
    const fp = plan.fp[e]!;
    const effective = plan.effective[e] === 1;
    for (let k = 0; k < fp; k++) {
      if (d10(rng) < need || !effective) continue;
      while (vi < nv && st.alive[victims[vi]!] === 0) vi++;
      if (vi === nv) continue;
      let pens = penetrations(rng, plan.pen[e]!, plan.victimArmour[vi]! + over, each);
      while (pens > 0 && vi < nv) {
        if (st.alive[victims[vi]!] === 1) {
          st.alive[victims[vi]!] = 0;
          kills++;
          pens--;
        }
        vi++;
      }
    }
  }
  if (suppresses(half, models)) {
    st.chits[at]!++;
    st.suppressed[at] = 1;
  }
  return kills;
}
