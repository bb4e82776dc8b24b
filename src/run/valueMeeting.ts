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
}

function sideLoss(t: Float64Array, side: LossSlots[], credits: LossCredits): number {
  let s = 0;
  for (let i = 0; i < side.length; i++) s += lossValue(t, side[i]!, credits);
  return s;
}

/** Runs the meeting's trials one at a time and sums D, L and their products. */
export function runValueMeeting(task: ValueMeetingTask): ValueMeetingSums {
  const runner = compileScenario(task.spec);
  const one = new Float64Array(runner.layout.length);
  const sums: ValueMeetingSums = { n: 0, d: 0, l: 0, dd: 0, ll: 0, dl: 0 };
  const chunks = chunkCount(task.trials, task.chunkSize);
  for (let k = 0; k < chunks; k++) {
    const rng = chunkRng(task.seed, task.scenario, task.matchup, k);
    const trials = chunkTrials(task.trials, task.chunkSize, k);
    for (let t = 0; t < trials; t++) {
      one.fill(0);
      runner.run(rng, 1, one);
      const d = sideLoss(one, task.sideB, task.credits);
      const l = sideLoss(one, task.sideA, task.credits) / task.lossUnit + (task.spent ?? 0);
      sums.n++;
      sums.d += d;
      sums.l += l;
      sums.dd += d * d;
      sums.ll += l * l;
      sums.dl += d * l;
    }
  }
  return sums;
}
