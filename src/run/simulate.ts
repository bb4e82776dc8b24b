import { createHash } from 'node:crypto';
import { TRIALS, type TallyLayout } from '../sim/ruleset.js';
import { scenarioLayout, type RunnableSpec } from '../scenarios/registry.js';
import { chunkCount, chunkTrials } from './chunkPlan.js';
import { ChunkError, InterruptedError } from './errors.js';
import { ExactTally } from '../stats/exactSum.js';
import { headlineCounters, maxHalfWidth, type Headline } from './headline.js';
import { ChunkPool } from './pool.js';
import { runChunk, type WireTask } from './runChunk.js';

/** Chunks first..last, both included, numbered from 0. */
export interface ChunkRange {
  first: number;
  last: number;
}

export interface ProgressInfo {
  /** Trials in finished chunks (every variant counted). */
  trialsDone: number;
  /** Trials planned (the cap when stopping for precision). */
  trialsPlanned: number;
  elapsedMs: number;
  /** Widest headline half-width of the merged prefix, when stopping for precision. */
  maxHalfWidth: number | null;
}

/**
 * How to run: the names that seed the chunks, the chunk plan, and optionally
 * threads, a stopping rule, a chunk range, cancellation and progress. The
 * numbers depend only on `seed`, `scenario`, `matchup`, `trials`, `chunkSize`
 * (and `precision` / `chunks` when given), never on `workers`.
 */
export interface RunPlan {
  seed: string;
  /** Names that, with the seed and the chunk index, seed every chunk. */
  scenario: string;
  matchup: string;
  /** Trials of the whole run; with `precision`, the most to run. */
  trials: number;
  chunkSize: number;
  /** Worker threads to run on; omitted (and no `pool`): chunks run one after another in this thread. */
  workers?: number;
  /** A pool to run on (kept open afterwards); takes precedence over `workers`. */
  pool?: ChunkPool;
  /** Stop at the first chunk boundary where every headline 95% interval's half-width is at most this. */
  precision?: number;
  /** Run only these chunks of the plan (splitting a run; see partial.ts). */
  chunks?: ChunkRange;
  /** Stops the run: it rejects with InterruptedError and its workers are stopped. */
  signal?: AbortSignal;
  onProgress?: (p: ProgressInfo) => void;
}

export interface SimulationRequest extends RunPlan {
  spec: RunnableSpec;
}

/** Why a run stopped: it ran all its trials, reached the precision, or ran the chunk range it was given. */
export type StopReason = 'trials' | 'precision' | 'chunks';

export interface SimulationResult {
  tally: Float64Array;
  layout: TallyLayout;
  /** Trials in this result. */
  trials: number;
  /** Chunks merged into this result. */
  chunks: number;
  chunkSize: number;
  elapsedMs: number;
  /** How the run went; always set by simulate() and simulateVariants(). */
  run?: RunInfo;
}

/** What a run was and why it stopped. */
export interface RunInfo {
  specKey: string;
  seed: string;
  scenario: string;
  matchup: string;
  /** Trials of the whole plan (the cap with --precision). */
  plannedTrials: number;
  /** Chunks in the whole plan. */
  chunkCount: number;
  /** The chunks this result holds. */
  chunkRange: ChunkRange;
  stop: { reason: StopReason; precision: number | null; maxHalfWidth: number };
  /** The tally summed exactly, for merging partial results bit for bit. */
  exact: ExactTally;
}

/** A result from simulate(): a SimulationResult with its run information. */
export interface RunResult extends SimulationResult {
  run: RunInfo;
}

/** A stable key for a spec, so workers compile each scenario once. */
export function specKey(spec: RunnableSpec): string {
  return createHash('sha1').update(JSON.stringify(spec)).digest('hex');
}

/**
 * Runs a scenario chunk by chunk and merges the tallies in chunk order. The
 * numbers depend on the seed, the names, the trial count and the chunk size
 * only: the same with no threads, 1, 2 or N workers.
 */
export async function simulate(req: SimulationRequest): Promise<RunResult> {
  const { spec, ...plan } = req;
  return (await simulateVariants([spec], plan))[0]!;
}

/**
 * Common random numbers: runs several variants of a scenario (with and
 * without an upgrade, two costs, two actions) on the same chunk seeds, so
 * chunk k of every variant draws from the same dice stream and differences
 * between them are not drowned in dice noise. Each result is exactly what
 * `simulate` gives for that spec with the same plan. With `precision`, all
 * variants stop together, at the first chunk boundary where every one of them
 * is precise enough, so they keep the same trials.
 */
export async function simulateVariants(specs: readonly RunnableSpec[], plan: RunPlan): Promise<RunResult[]> {
  checkPlan(plan);
  if (specs.length === 0) return [];
  const started = performance.now();
  const count = chunkCount(plan.trials, plan.chunkSize);
  const range = plan.chunks ?? { first: 0, last: count - 1 };
  if (range.last >= count) throw new RangeError(`chunks ${range.first}-${range.last}: the plan has ${count} chunks (0-${count - 1})`);
  const jobs = specs.map((spec) => {
    const layout = scenarioLayout(spec);
    const json = JSON.stringify(spec);
    return {
      spec,
      layout,
      key: createHash('sha1').update(json).digest('hex'),
      json,
      headlines: headlineCounters(layout),
      exact: new ExactTally(layout.length),
    };
  });
  const precision = plan.precision ?? null;
  let lastMerged = range.first - 1;
  let stoppedForPrecision = false;
  let worst = 1;
  let trialsDone = 0;
  const trialsPlanned = jobs.length * (Math.min(plan.trials, (range.last + 1) * plan.chunkSize) - range.first * plan.chunkSize);

  /** Adds chunk k of every variant (called in chunk order); true when the run may stop. */
  const merge = (k: number, tallies: Float64Array[]): boolean => {
    jobs.forEach((job, v) => job.exact.add(tallies[v]!));
    lastMerged = k;
    if (precision === null) return false;
    worst = 0;
    for (const job of jobs) {
      const w = headlineWidth(job.exact, job.headlines);
      if (w > worst) worst = w;
    }
    if (worst <= precision) stoppedForPrecision = true;
    return stoppedForPrecision;
  };
  const progress = (trials: number) => {
    trialsDone += trials;
    plan.onProgress?.({ trialsDone, trialsPlanned, elapsedMs: performance.now() - started, maxHalfWidth: precision === null ? null : worst });
  };
  const task = (k: number, v: number): WireTask => ({
    specKey: jobs[v]!.key,
    specJson: jobs[v]!.json,
    seed: plan.seed,
    scenario: plan.scenario,
    matchup: plan.matchup,
    chunk: k,
    trials: chunkTrials(plan.trials, plan.chunkSize, k),
  });

  if (plan.pool !== undefined || plan.workers !== undefined) {
    const tasks = (range.last - range.first + 1) * jobs.length;
    const pool = plan.pool ?? new ChunkPool({ workers: Math.min(plan.workers!, tasks) });
    try {
      await runPooled(pool, range, jobs.length, task, merge, progress, plan, () => trialsDone);
    } finally {
      if (plan.pool === undefined) await pool.destroy();
    }
  } else {
    for (let k = range.first; k <= range.last; k++) {
      if (plan.signal?.aborted) throw new InterruptedError(trialsDone);
      const tallies: Float64Array[] = [];
      for (let v = 0; v < jobs.length; v++) {
        const t = task(k, v);
        try {
          tallies.push(runChunk({ ...t, spec: jobs[v]!.spec }));
        } catch (e) {
          throw new ChunkError(k, plan.scenario, plan.matchup, e);
        }
        progress(t.trials);
      }
      if (merge(k, tallies)) break;
      // Let signals and timers through between chunks.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (plan.signal?.aborted) throw new InterruptedError(trialsDone);
  }

  const reason: StopReason = stoppedForPrecision ? 'precision' : plan.chunks !== undefined ? 'chunks' : 'trials';
  const elapsedMs = performance.now() - started;
  return jobs.map((job) => {
    const tally = job.exact.rounded();
    return {
      tally,
      layout: job.layout,
      trials: tally[TRIALS]!,
      chunks: lastMerged - range.first + 1,
      chunkSize: plan.chunkSize,
      elapsedMs,
      run: {
        specKey: job.key,
        seed: plan.seed,
        scenario: plan.scenario,
        matchup: plan.matchup,
        plannedTrials: plan.trials,
        chunkCount: count,
        chunkRange: { first: range.first, last: lastMerged },
        stop: { reason, precision, maxHalfWidth: headlineWidth(job.exact, job.headlines) },
        exact: job.exact,
      },
    };
  });
}

function checkPlan(plan: RunPlan): void {
  if (!Number.isSafeInteger(plan.trials) || plan.trials < 1) throw new RangeError(`trials must be a whole number of at least 1, got ${plan.trials}`);
  if (!Number.isSafeInteger(plan.chunkSize) || plan.chunkSize < 1) throw new RangeError(`chunkSize must be a whole number of at least 1, got ${plan.chunkSize}`);
  if (plan.workers !== undefined && (!Number.isInteger(plan.workers) || plan.workers < 1)) throw new RangeError(`workers must be a whole number of at least 1, got ${plan.workers}`);
  if (plan.precision !== undefined && !(plan.precision > 0 && plan.precision < 0.5)) throw new RangeError(`precision must be a half-width between 0 and 0.5, got ${plan.precision}`);
  if (plan.chunks !== undefined) {
    const { first, last } = plan.chunks;
    if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last) || first < 0 || last < first) throw new RangeError(`chunk range ${first}-${last} is not a range A-B with 0 <= A <= B`);
    if (plan.precision !== undefined) throw new RangeError('a run stopped for precision cannot be split into chunk ranges');
  }
}

function headlineWidth(exact: ExactTally, headlines: readonly Headline[]): number {
  // Only the counters the headlines read: the trial count and their successes.
  const t = new Float64Array(exact.length);
  t[TRIALS] = exact.value(TRIALS);
  for (const h of headlines) t[h.index] = exact.value(h.index);
  return maxHalfWidth(t, headlines);
}

/**
 * Runs chunks first..last of every variant on the pool, `pool.slots` at a
 * time (two per worker, so little is left over when the run stops), merging
 * finished chunks strictly in chunk order. The stop decision is taken on
 * merged prefixes only; chunks finished beyond the stopping point are
 * discarded. A failing chunk ends the run with a ChunkError naming it.
 */
function runPooled(
  pool: ChunkPool,
  range: ChunkRange,
  variants: number,
  task: (k: number, v: number) => WireTask,
  merge: (k: number, tallies: Float64Array[]) => boolean,
  progress: (trials: number) => void,
  plan: RunPlan,
  trialsDone: () => number,
): Promise<void> {
  const lookahead = 4 * pool.workers;
  const signal = plan.signal;
  return new Promise<void>((resolve, reject) => {
    let finished = false;
    let nextChunk = range.first;
    let nextVariant = 0;
    let nextMerge = range.first;
    let inFlight = 0;
    const results = new Map<number, { tallies: Float64Array[]; missing: number }>();

    const finish = (error?: Error) => {
      if (finished) return;
      finished = true;
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    };
    const onAbort = () => finish(new InterruptedError(trialsDone()));

    const pump = () => {
      while (!finished && inFlight < pool.slots && nextChunk <= range.last && nextChunk < nextMerge + lookahead) {
        const k = nextChunk;
        const v = nextVariant;
        if (++nextVariant === variants) {
          nextVariant = 0;
          nextChunk++;
        }
        const t = task(k, v);
        inFlight++;
        pool.run(t, signal).then(
          (tally) => {
            inFlight--;
            if (finished) return;
            progress(t.trials);
            let slot = results.get(k);
            if (!slot) results.set(k, (slot = { tallies: new Array<Float64Array>(variants), missing: variants }));
            slot.tallies[v] = tally;
            slot.missing--;
            for (let s = results.get(nextMerge); s !== undefined && s.missing === 0; s = results.get(nextMerge)) {
              results.delete(nextMerge);
              const stop = merge(nextMerge, s.tallies);
              nextMerge++;
              if (stop || nextMerge > range.last) return finish();
            }
            pump();
          },
          (e: unknown) => {
            inFlight--;
            if (finished) return;
            if (signal?.aborted) return finish(new InterruptedError(trialsDone()));
            finish(new ChunkError(k, plan.scenario, plan.matchup, e));
          },
        );
      }
    };

    if (signal?.aborted) return finish(new InterruptedError(0));
    signal?.addEventListener('abort', onAbort, { once: true });
    pump();
  });
}
