import { bernoulliMaskPmf } from '../../../../sim/dice/bernoulliMaskPmf.js';
import { sumOfCounts } from '../../../../sim/dice/sumOfCounts.js';

/**
 * The assault plan's chances, in closed form: hitting in an assault, and the
 * first round's deaths drawn side by side (the fight's, then the supporting
 * fire's) as distributions of a bitmask over the allocation order.
 */

/** An assault attack hits on `t`+ on a D6 (RB 1.12.5), as the plan rolls it: always from 1 down, never from 7 up. */
export function hitChance(t: number): number {
  return Math.min(1, Math.max(0, (7 - t) / 6));
}

/**
 * Which of a side's directly engaged units die in a fight, all alive at its
 * start, as the distribution of a bitmask over the allocation order: `hits`
 * is the distribution of the side's hits, saves[i] the chance that the unit
 * at position i saves one. h hits go in turn (RB 1.12.5), floor(h / n) to
 * each and one more to the first h mod n; a unit with k hits dies with
 * chance 1 - saves[i]^k, apart from the others.
 * P(mask) = sum over h of P(h) * P(mask | h).
 */
export function fightDeathPmf(hits: readonly number[], saves: readonly number[]): Float64Array {
  const pmf = new Float64Array(2 ** saves.length);
  for (let h = 0; h < hits.length; h++) {
    const ph = hits[h]!;
    if (ph === 0) continue;
    const given = bernoulliMaskPmf(deathChances(h, saves));
    for (let m = 0; m < pmf.length; m++) pmf[m]! += ph * given[m]!;
  }
  return pmf;
}

/** Each unit's chance of dying when h hits go in turn to units saving with chances `saves` (see `fightDeathPmf`). */
function deathChances(h: number, saves: readonly number[]): number[] {
  const n = saves.length;
  const each = n === 0 ? 0 : Math.floor(h / n);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const taken = i < h - each * n ? each + 1 : each;
    let survives = 1;
    for (let j = 0; j < taken; j++) survives *= saves[i]!;
    out[i] = 1 - survives;
  }
  return out;
}

/**
 * A side's deaths after a later stage of hits shared out among the survivors
 * of an earlier one: the defenders' supporting fire after the fight (RB
 * 1.12.6), or macro-weapon hits after the others (RB 2.2.6). From the deaths
 * after the earlier stage (`before`, a mask distribution as `fightDeathPmf`
 * gives): given those deaths m, each group of the stage fires when one of the
 * units in its `near` mask lives, the hits of those that fire add up, and
 * they go in turn to the living units, saved with chances `saves`:
 * P(m') = sum over m of P(m) P(m' | m).
 */
export function laterStageDeathPmf(before: Float64Array, fire: ReadonlyArray<{ pmf: readonly number[]; near: number }>, saves: readonly number[]): Float64Array {
  const n = saves.length;
  const all = 2 ** n - 1;
  const out = new Float64Array(before.length);
  const hitsByFiring = new Map<string, number[]>();
  // deposit[sub]: the deaths so far with the living units picked by the bits of sub added.
  const deposit = new Int32Array(before.length);
  const given = new Float64Array(before.length);
  const living: number[] = [];
  for (let dead = 0; dead < before.length; dead++) {
    const pm = before[dead]!;
    if (pm === 0) continue;
    living.length = 0;
    for (let i = 0; i < n; i++) if ((dead & (1 << i)) === 0) living.push(i);
    let key = '';
    for (let g = 0; g < fire.length; g++) if ((fire[g]!.near & all & ~dead) !== 0) key += `${g},`;
    let hits = hitsByFiring.get(key);
    if (hits === undefined) {
      hits = [1];
      for (let g = 0; g < fire.length; g++) if ((fire[g]!.near & all & ~dead) !== 0) hits = sumOfCounts(hits, fire[g]!.pmf);
      hitsByFiring.set(key, hits);
    }
    const subs = 2 ** living.length;
    deposit[0] = dead;
    for (let sub = 1; sub < subs; sub++) deposit[sub] = deposit[sub & (sub - 1)]! | (1 << living[31 - Math.clz32(sub & -sub)]!);
    const livingSaves = living.map((i) => saves[i]!);
    for (let h = 0; h < hits.length; h++) {
      const ph = hits[h]!;
      if (ph === 0) continue;
      bernoulliMaskPmf(deathChances(living.length === 0 ? 0 : h, livingSaves), given);
      const weight = pm * ph;
      for (let sub = 0; sub < subs; sub++) out[deposit[sub]!]! += weight * given[sub]!;
    }
  }
  return out;
}
