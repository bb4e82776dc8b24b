import { TRIALS, type FormationRecordLayout } from '../../sim/ruleset.js';
import { probability, type Mean, type Probability } from '../aggregate.js';
import { meanInterval } from '../../stats/meanInterval.js';

export interface KillRow {
  k: number;
  /** P(exactly k units of the formation destroyed). */
  exactly: Probability;
  /** P(at least k units destroyed). */
  atLeast: Probability;
}

/** Kill probability of one formation at one record of the script. */
export interface KillProbability {
  units: number;
  trials: number;
  /** k = 0..units. */
  rows: KillRow[];
  unitsKilled: Mean;
  /** P(every unit of the formation destroyed). */
  destroyed: Probability;
  /** Damage points dealt to its war engines (0 for formations without war engines). */
  warEngineDamage: Mean;
  /** Points of its destroyed units. */
  pointsLost: Mean;
}

/**
 * The full distribution of units killed, P(at least k) for every k, and
 * P(destroyed), each with a 95% Wilson interval from the counts; means with a
 * normal interval from the streaming sums.
 */
export function killProbability(tally: Float64Array, L: FormationRecordLayout): KillProbability {
  const n = tally[TRIALS]!;
  const counts: number[] = [];
  for (let k = 0; k <= L.units; k++) counts.push(tally[L.killedHistogram + k]!);
  const rows: KillRow[] = [];
  let tail = 0;
  const tails: number[] = [];
  for (let k = L.units; k >= 0; k--) {
    tail += counts[k]!;
    tails[k] = tail;
  }
  let sum = 0;
  let sumSq = 0;
  for (let k = 0; k <= L.units; k++) {
    rows.push({ k, exactly: probability(counts[k]!, n), atLeast: probability(Math.min(n, tails[k]!), n) });
    sum += k * counts[k]!;
    sumSq += k * k * counts[k]!;
  }
  return {
    units: L.units,
    trials: n,
    rows,
    unitsKilled: meanInterval(sum, sumSq, n),
    destroyed: probability(tally[L.destroyed]!, n),
    warEngineDamage: meanInterval(tally[L.damageSum]!, tally[L.damageSumSq]!, n),
    pointsLost: meanInterval(tally[L.pointsLostSum]!, tally[L.pointsLostSumSq]!, n),
  };
}
