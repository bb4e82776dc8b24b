import { TRIALS, type FormationRecordLayout, type TallyLayout } from '../sim/ruleset.js';
import { meanInterval } from '../stats/meanInterval.js';
import { wilsonInterval } from '../stats/wilsonInterval.js';

export interface Probability {
  p: number;
  ci95: [number, number];
}

export interface Mean {
  mean: number;
  ci95: [number, number];
}

/** What happened to one formation by one point of the script. */
export interface FormationOutcome {
  unitsKilled: Mean & {
    /** P(exactly k units killed), k = 0..units. */
    distribution: number[];
    /** P(at least k units killed), k = 0..units. */
    atLeast: number[];
  };
  broken: Probability;
  destroyed: Probability;
  /** Blast markers on the formation at that point (a broken formation has none). */
  blastMarkers: Mean;
  /** Blast markers placed on it since the start (not counting those turned into hits). */
  blastMarkersPlaced: Mean;
  /** Points of its destroyed units (formation cost shared over its units). */
  pointsLost: Mean;
  /** Points of war-engine damage it has taken. */
  warEngineDamage: Mean;
}

export function probability(count: number, n: number): Probability {
  return { p: n > 0 ? count / n : 0, ci95: wilsonInterval(count, n) };
}

/** Reads one formation's block of a record from a tally. */
export function formationOutcome(tally: Float64Array, L: FormationRecordLayout): FormationOutcome {
  const n = tally[TRIALS]!;
  const distribution: number[] = [];
  let sum = 0;
  let sumSq = 0;
  for (let k = 0; k <= L.units; k++) {
    const c = tally[L.killedHistogram + k]!;
    distribution.push(n > 0 ? c / n : 0);
    sum += k * c;
    sumSq += k * k * c;
  }
  const atLeast: number[] = [];
  let tail = 0;
  for (let k = L.units; k >= 0; k--) {
    tail += distribution[k]!;
    atLeast[k] = Math.min(1, tail);
  }
  return {
    unitsKilled: { ...meanInterval(sum, sumSq, n), distribution, atLeast },
    broken: probability(tally[L.broken]!, n),
    destroyed: probability(tally[L.destroyed]!, n),
    blastMarkers: meanInterval(tally[L.bmSum]!, tally[L.bmSumSq]!, n),
    blastMarkersPlaced: meanInterval(tally[L.bmPlacedSum]!, tally[L.bmPlacedSumSq]!, n),
    pointsLost: meanInterval(tally[L.pointsLostSum]!, tally[L.pointsLostSumSq]!, n),
    warEngineDamage: meanInterval(tally[L.damageSum]!, tally[L.damageSumSq]!, n),
  };
}

/** The outcome of formation `f` after record `r`. */
export function outcomeAt(tally: Float64Array, layout: TallyLayout, r: number, f: number): FormationOutcome {
  return formationOutcome(tally, layout.records[r]!.formations[f]!);
}
