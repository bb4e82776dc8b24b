import type { Sfc32 } from '../sim/rng.js';
import { TRIALS } from '../sim/ruleset.js';
import { compileScenario } from '../scenarios/registry.js';
import { chunkRng } from './chunkSeed.js';
import { chunkCount, chunkTrials } from './chunkPlan.js';
import { ExactTally } from '../stats/exactSum.js';
import type { SimulationRequest, SimulationResult } from './simulate.js';

/**
 * A quantity measured once per trial, as a function of that trial's own tally
 * (a tally of one trial: every sum counter holds the trial's value, every count
 * is 0 or 1). Example: points lost by side 1 at the last record.
 */
export interface TrialVariable {
  name: string;
  value(trial: Float64Array): number;
}

/** First and second moments of trial variables: what ratios of means need for their intervals. */
export interface Moments {
  names: string[];
  n: number;
  /** Σ x_a over trials. */
  sums: number[];
  /** Σ x_a·x_b over trials (symmetric). */
  cross: number[][];
}

/** The run plan: the same names, seed and chunking as a `simulate` request (threads and stopping rules do not apply). */
export type MomentsRequest = Pick<SimulationRequest, 'spec' | 'seed' | 'scenario' | 'matchup' | 'trials' | 'chunkSize'>;

export interface MomentsResult {
  result: SimulationResult;
  moments: Moments;
}

/**
 * Runs a simulation exactly as `simulate` does (same chunks, same chunk seeds,
 * trials in the same order, chunks merged by exact summation, so the tally is
 * identical to the last bit)
 * and also collects the sums and cross sums of per-trial variables. The tally
 * keeps only per-formation sums and sums of squares; a ratio of two of them
 * (the exchange ratio: points destroyed ÷ points lost) needs their covariance,
 * which only per-trial values give. Runs in this thread, one trial at a time.
 */
export function simulateWithMoments(req: MomentsRequest, variables: TrialVariable[]): MomentsResult {
  const run = momentsRun(req, variables);
  for (let k = 0; k < run.chunks; k++) run.trials(run.startChunk(k), chunkTrials(req.trials, req.chunkSize, k));
  return run.result();
}

/** Trials run between two looks at the clock in simulateWithMomentsYielding. */
const TRIALS_PER_SLICE = 256;
/** The longest the yielding run keeps the main thread before letting signals and timers through. */
const YIELD_EVERY_MS = 50;

/**
 * simulateWithMoments (the same numbers, to the last bit) for a command on
 * the main thread: it lets the event loop run every 50 ms or so, so that
 * Ctrl-C (workers/interrupt.ts) is handled at once even in a long meeting.
 */
export async function simulateWithMomentsYielding(req: MomentsRequest, variables: TrialVariable[]): Promise<MomentsResult> {
  const run = momentsRun(req, variables);
  let since = performance.now();
  for (let k = 0; k < run.chunks; k++) {
    const rng = run.startChunk(k);
    const trials = chunkTrials(req.trials, req.chunkSize, k);
    for (let done = 0; done < trials; done += TRIALS_PER_SLICE) {
      run.trials(rng, Math.min(TRIALS_PER_SLICE, trials - done));
      if (performance.now() - since >= YIELD_EVERY_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        since = performance.now();
      }
    }
  }
  return run.result();
}

/** The state of one moments run, advanced chunk by chunk and trial by trial by either driver above. */
function momentsRun(req: MomentsRequest, variables: TrialVariable[]) {
  const started = performance.now();
  const runner = compileScenario(req.spec);
  const layout = runner.layout;
  const exact = new ExactTally(layout.length);
  const chunkTally = new Float64Array(layout.length);
  const one = new Float64Array(layout.length);
  const m = variables.length;
  const x = new Float64Array(m);
  const sums = new Float64Array(m);
  const cross = new Float64Array(m * m);
  const chunks = chunkCount(req.trials, req.chunkSize);
  let open = false;
  const endChunk = () => {
    if (open) exact.add(chunkTally);
    open = false;
  };
  return {
    chunks,
    /** Ends the chunk before (if any) and returns chunk k's generator. */
    startChunk(k: number): Sfc32 {
      endChunk();
      chunkTally.fill(0);
      open = true;
      return chunkRng(req.seed, req.scenario, req.matchup, k);
    },
    /** Runs the next `count` trials of the open chunk. */
    trials(rng: Sfc32, count: number): void {
      for (let t = 0; t < count; t++) {
        one.fill(0);
        runner.run(rng, 1, one);
        for (let i = 0; i < one.length; i++) chunkTally[i]! += one[i]!;
        for (let a = 0; a < m; a++) x[a] = variables[a]!.value(one);
        for (let a = 0; a < m; a++) {
          const xa = x[a]!;
          sums[a]! += xa;
          for (let b = a; b < m; b++) cross[a * m + b]! += xa * x[b]!;
        }
      }
    },
    result(): MomentsResult {
      endChunk();
      const tally = exact.rounded();
      const crossRows: number[][] = [];
      for (let a = 0; a < m; a++) {
        const row: number[] = [];
        for (let b = 0; b < m; b++) row.push(a <= b ? cross[a * m + b]! : cross[b * m + a]!);
        crossRows.push(row);
      }
      return {
        result: { tally, layout, trials: tally[TRIALS]!, chunks, chunkSize: req.chunkSize, elapsedMs: performance.now() - started },
        moments: { names: variables.map((v) => v.name), n: tally[TRIALS]!, sums: [...sums], cross: crossRows },
      };
    },
  };
}

/** Index of a variable by name in a Moments, or an error naming the ones there are. */
export function momentIndex(m: Moments, name: string): number {
  const i = m.names.indexOf(name);
  if (i < 0) throw new Error(`no trial variable "${name}" (have ${m.names.join(', ')})`);
  return i;
}
