import type { Sfc32 } from './rng.js';

/**
 * Where each counter of a tally lives. Results are sums over trials (counts,
 * sums and sums of squares) in one Float64Array, so chunks merge by adding and
 * the layout alone tells the aggregators what every number means.
 */
export interface TallyLayout {
  length: number;
  /** One record per point in the script where metrics are taken (after each step). */
  records: RecordLayout[];
}

export interface RecordLayout {
  label: string;
  /** Index of the step after which this record is taken. */
  step: number;
  /** 1-based turn number the step belongs to. */
  turn: number;
  formations: FormationRecordLayout[];
  /** Present for assault steps. */
  assault?: AssaultRecordLayout;
}

export interface FormationRecordLayout {
  /** Offset of the histogram of units killed so far: units + 1 counters. */
  killedHistogram: number;
  units: number;
  broken: number;
  destroyed: number;
  bmSum: number;
  bmSumSq: number;
  pointsLostSum: number;
  pointsLostSumSq: number;
  damageSum: number;
  damageSumSq: number;
  bmPlacedSum: number;
  bmPlacedSumSq: number;
}

export interface AssaultRecordLayout {
  attackerWins: number;
  defenderWins: number;
  /** Neither side won within the round limit, or both sides were wiped out ([A-31]). */
  noResult: number;
  roundsSum: number;
  roundsSumSq: number;
  /** Assaults that took place (the engage succeeded and someone was in reach). */
  fought: number;
}

/** The tally index holding the number of trials. */
export const TRIALS = 0;

/** A compiled scenario: runs trials and adds their outcomes to a tally. */
export interface TrialRunner {
  readonly layout: TallyLayout;
  /** How its trials run: a precompiled fast path or the general procedure, and why (bench reports). */
  readonly path: string;
  /** Runs `trials` trials drawing from `rng`, adding to `tally` (length `layout.length`). */
  run(rng: Sfc32, trials: number, tally: Float64Array): void;
}
