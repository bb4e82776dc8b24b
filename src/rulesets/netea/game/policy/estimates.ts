import { toHitProbability } from '../../../../sim/dice/toHitProbability.js';
import { meanOf } from '../../../../sim/diceExpr.js';
import type { FormationSpec } from '../../../../model/formation.js';
import { C, type Engagement, type NeteaOptions } from '../engine.js';
import { assaultOdds } from './assaultOdds.js';

/**
 * What a player expects of a formation, compiled once per game spec so that
 * choosing an activation is table look-ups (docs/game.md, "Players"). These
 * are the players' rough reckonings, not the rules: every attack is still
 * resolved by the engine, die by die.
 *
 * - `shot(by, at, gap)`: the points of `at` a shooting attack by the whole of
 *   `by` is expected to destroy across a gap, in 5 cm steps up to 120 cm:
 *   each weapon's best firepower against `at`'s units in its reach, its
 *   mean shots times the chance to hit (no modifiers) times the mean chance
 *   that a unit in reach fails its save, times what the unit is worth (a war
 *   engine's points per point of its damage capacity). A barrage counts a
 *   shot per barrage point at 4+ against infantry, 5+ against the rest.
 * - `assaultOdds`: the chance f wins an assault on t, both fresh, as the
 *   engine fights it, in contact or 10 cm short (assaultOdds.ts).
 * Both reckon with the units a formation has at the start (`forms`): the
 * places of the daemons a formation may summon (summoning.ts), the last of
 * its engine units, are left out.
 */

export const STEP = 5;
export const STEPS = 25;

export class Estimates {
  readonly n: number;
  readonly shots: Float64Array;
  readonly assaultOdds: Float64Array;

  /** `odds`: assaultOdds's table for these formations, when the caller has it (GameSpec.assaultOdds). */
  constructor(e: Engagement, forms: readonly FormationSpec[], options: NeteaOptions, odds?: readonly number[]) {
    const n = e.nFormations;
    this.n = n;
    this.shots = new Float64Array(n * n * STEPS);
    if (odds !== undefined && odds.length !== 2 * n * n) throw new RangeError(`assault odds for ${n} formations are ${2 * n * n} numbers, got ${odds.length}`);
    this.assaultOdds = odds === undefined ? assaultOdds(forms, Array.from(e.fSide), options) : Float64Array.from(odds);
    const ownEnd = Int32Array.from(forms, (f, i) => e.fUnitStart[i]! + f.units.length);
    for (let by = 0; by < n; by++) {
      for (let at = 0; at < n; at++) {
        if (e.fSide[at] === e.fSide[by]) continue;
        for (let s = 0; s < STEPS; s++) this.shots[(by * n + at) * STEPS + s] = shotValue(e, ownEnd, by, at, s * STEP);
      }
    }
  }

  /** Points of `at` one shooting attack of the whole of `by` is expected to destroy across `gap` cm. */
  shot(by: number, at: number, gap: number): number {
    const s = Math.ceil(gap / STEP);
    if (s >= STEPS) return 0;
    return this.shots[(by * this.n + at) * STEPS + s]!;
  }
}

function shotValue(e: Engagement, ownEnd: Int32Array, by: number, at: number, gap: number): number {
  let total = 0;
  const end = ownEnd[by]!;
  for (let u = e.fUnitStart[by]!; u < end; u++) {
    for (let g = e.uGroupStart[u]!; g < e.uGroupEnd[u]!; g++) {
      let best = 0;
      for (let l = e.gLineStart[g]!; l < e.gLineEnd[g]!; l++) {
        if (e.wKind[l] !== C.KIND_RANGED || (e.wFlags[l]! & C.W_REAR_ARC) !== 0) continue;
        const reach = e.wRange[l]! - gap - e.uDepth[u]!;
        if (reach < 0) continue;
        const bp = meanOf({ n: e.wBpN[l]!, sides: e.wBpSides[l]!, plus: e.wBpPlus[l]! });
        if (bp > 0) {
          best = Math.max(best, bp * (toHitProbability(4) * worth(e, ownEnd, at, reach, C.ELIGIBLE_AP) + toHitProbability(5) * worth(e, ownEnd, at, reach, C.ELIGIBLE_AT & ~C.CLASS_LV)));
          continue;
        }
        const shots = meanOf({ n: e.wShotsN[l]!, sides: e.wShotsSides[l]!, plus: e.wShotsPlus[l]! }) * e.wShotsTimes[l]! + meanOf({ n: e.wExN[l]!, sides: e.wExSides[l]!, plus: e.wExPlus[l]! });
        if (e.wAP[l]! < C.NONE) best = Math.max(best, shots * toHitProbability(e.wAP[l]!) * worth(e, ownEnd, at, reach, C.ELIGIBLE_AP));
        if (e.wAT[l]! < C.NONE) best = Math.max(best, shots * toHitProbability(e.wAT[l]!) * worth(e, ownEnd, at, reach, C.ELIGIBLE_AT));
        if (e.wMW[l]! < C.NONE) best = Math.max(best, shots * toHitProbability(e.wMW[l]!) * worth(e, ownEnd, at, reach, C.ELIGIBLE_ANY_GROUND));
      }
      total += best;
    }
  }
  return total;
}

/** The mean worth of a hit on the units of `at` of the classes in `mask` within `reach` cm of its front: save failed times points per point of damage. */
function worth(e: Engagement, ownEnd: Int32Array, at: number, reach: number, mask: number): number {
  let sum = 0;
  let count = 0;
  const end = ownEnd[at]!;
  for (let v = e.fUnitStart[at]!; v < end; v++) {
    if ((e.uClass[v]! & mask) === 0 || e.uDepth[v]! > reach) continue;
    const perPoint = (e.uFlags[v]! & C.U_WAR_ENGINE) !== 0 ? e.uPoints[v]! / e.uStartDC[v]! : e.uPoints[v]!;
    sum += e.uFailNormal[v]! * perPoint;
    count++;
  }
  return count === 0 ? 0 : sum / count;
}
