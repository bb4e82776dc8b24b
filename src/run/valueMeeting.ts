import { compileScenario, type ScenarioSpec } from '../scenarios/registry.js';
import { chunkCount, chunkTrials } from './chunkPlan.js';
import { chunkRng } from './chunkSeed.js';
import { lossValue, type LossCredits, type LossSlots } from '../scenarios/lossValue.js';

/**
 * One meeting of a battle, as plain data (it crosses to worker threads):
 * the engagement, its chunk seeding (the same as `simulate`'s, so the same
 * names and seed give the same trials) and where each side's outcome is.
 * Side A is the formation being valued, side B the opponent group.
 */
export interface ValueMeetingTask {
  spec: ScenarioSpec;
  seed: string;
  scenario: string;
  matchup: string;
  trials: number;
  chunkSize: number;
  sideA: LossSlots[];
  sideB: LossSlots[];
  credits: LossCredits;
  /** Points of one copy of the formation as run: side A's loss is counted in copies of it (a share, whatever its price). */
  lossUnit: number;
  /** Copies of the formation counted as lost in every trial whatever happens: a spacecraft's cost spent by its attack. */
  spent?: number;
  /** When set, also count each side's points lost per trial in bins of this many points (a matchup's loss distribution). */
  lossBin?: number;
}

/**
 * The first and second moments of D (side B's loss in its points: what side
 * A destroys) and L (side A's loss in copies of the formation: what share of
 * it is lost, a copy counting 1) over the meeting's trials: what a ratio of weighted
 * sums of means needs for its Fieller interval.
 */
export interface ValueMeetingSums {
  n: number;
  d: number;
  l: number;
  dd: number;
  ll: number;
  dl: number;
  /**
   * With `lossBin`: how many trials side A lost points in [k·bin, (k+1)·bin), at index k (its units'
   * points and the battle's credits, without a spacecraft's spent cost, which no enemy destroys),
   * and the same for side B; as long as the highest bin reached.
   */
  lossesA?: number[];
  lossesB?: number[];
}

function sideLoss(t: Float64Array, side: LossSlots[], credits: LossCredits): number {
  let s = 0;
  for (let i = 0; i < side.length; i++) s += lossValue(t, side[i]!, credits);
  return s;
}

/**
 * Adds one trial's loss to its bin. The tolerance puts a loss that is a whole multiple of the bin
 * but summed from fractional unit prices (50 as 49.999999999) in the bin it names.
 */
function countLoss(bins: number[], points: number, bin: number): void {
  const k = Math.floor(points / bin + 1e-9);
  while (bins.length <= k) bins.push(0);
  bins[k]!++;
}

/** Runs the meeting's trials one at a time and sums D, L and their products (and, asked, counts each side's loss per trial in bins). */
export function runValueMeeting(task: ValueMeetingTask): ValueMeetingSums {
  const runner = compileScenario(task.spec);
  const one = new Float64Array(runner.layout.length);
  const sums: ValueMeetingSums = { n: 0, d: 0, l: 0, dd: 0, ll: 0, dl: 0 };
  const bin = task.lossBin;
  const lossesA: number[] = [];
  const lossesB: number[] = [];
  const chunks = chunkCount(task.trials, task.chunkSize);
  for (let k = 0; k < chunks; k++) {
    const rng = chunkRng(task.seed, task.scenario, task.matchup, k);
    const trials = chunkTrials(task.trials, task.chunkSize, k);
    for (let t = 0; t < trials; t++) {
      one.fill(0);
      runner.run(rng, 1, one);
      const d = sideLoss(one, task.sideB, task.credits);
      const a = sideLoss(one, task.sideA, task.credits);
      const l = a / task.lossUnit + (task.spent ?? 0);
      if (bin !== undefined) {
        countLoss(lossesA, a, bin);
        countLoss(lossesB, d, bin);
      }
      sums.n++;
      sums.d += d;
      sums.l += l;
      sums.dd += d * d;
      sums.ll += l * l;
      sums.dl += d * l;
    }
  }
  if (bin !== undefined) {
    sums.lossesA = lossesA;
    sums.lossesB = lossesB;
  }
  return sums;
}
