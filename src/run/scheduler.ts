import { TRIALS, type TallyLayout } from '../sim/ruleset.js';
import { ExactTally } from '../stats/exactSum.js';
import { chunkCount, chunkTrials } from './chunkPlan.js';
import { ChunkError, InterruptedError } from './errors.js';
import { headlineCounters, maxHalfWidth, type Headline } from './headline.js';
import type { WireTask } from './runChunk.js';

/**
 * The chunk scheduler of every run, the command line's (simulate.ts, on
 * piscina threads) and the page's (site/src/run.ts, on Web Workers): cuts the
 * run into chunks (chunkPlan.ts), sends each with its seed's names
 * (chunkSeed.ts, in runChunk.ts) to a Pool, adds the tallies exactly
 * (exactSum.ts) strictly in chunk order, and stops for precision only on a
 * merged prefix. So the numbers depend on the seed, the names, the trials and
 * the chunk size only, never on the pool, the number of workers or timing.
 * No Node module: the page bundles it.
 */

/** Where chunks run: piscina threads (pool.ts), Web Workers (site/src/run.ts), or this thread. */
export interface Pool {
  /** Threads; the scheduler looks at most 4 chunks per worker ahead of the merged prefix. */
  readonly workers: number;
  /** Chunks to keep in flight so that no worker waits. */
  readonly slots: number;
  /** Runs one chunk; resolves to its tally. A `signal` that aborts may reject it. */
  run(task: WireTask, signal?: AbortSignal): Promise<Float64Array>;
}

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
 * What to run: the names that seed the chunks, the chunk plan, and optionally
 * a stopping rule, a chunk range, cancellation and progress. The numbers
 * depend only on `seed`, `scenario`, `matchup`, `trials`, `chunkSize` (and
 * `precision` / `chunks` when given).
 */
export interface SchedulePlan {
  seed: string;
  /** Names that, with the seed and the chunk index, seed every chunk. */
  scenario: string;
  matchup: string;
  /** Trials of the whole run; with `precision`, the most to run. */
  trials: number;
  chunkSize: number;
  /** Stop at the first chunk boundary where every headline 95% interval's half-width is at most this. */
  precision?: number;
  /** Run only these chunks of the plan (splitting a run; see partial.ts). */
  chunks?: ChunkRange;
  /** Stops the run: it rejects with InterruptedError. */
  signal?: AbortSignal;
  /** After each finished chunk; `soFar` gives the results of the chunks merged so far (the numbers settling). */
  onProgress?: (p: ProgressInfo, soFar: () => RunResult[]) => void;
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
  /** How the run went; always set by the scheduler. */
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

/** A result of the scheduler: a SimulationResult with its run information. */
export interface RunResult extends SimulationResult {
  run: RunInfo;
}

/**
 * One variant to run: its spec's JSON for the wire, the key workers keep its
 * compiled form under (a hash of `json`), and its tally layout. The caller
 * compiles the layout: the page's bundle leaves out what only the command
 * line's scenarios need (the game's layout, scenarios/registry.ts).
 */
export interface ScheduledSpec {
  key: string;
  json: string;
  layout: TallyLayout;
}

/**
 * Refuses a plan that is not one: RangeError naming the field. The library's
 * entry (simulate.ts) checks what its callers pass; runChunks trusts its plan,
 * so the page, whose form checks every field, does not carry these messages.
 */
export function checkSchedulePlan(plan: SchedulePlan): void {
  if (!Number.isSafeInteger(plan.trials) || plan.trials < 1) throw new RangeError(`trials must be a whole number of at least 1, got ${plan.trials}`);
  if (!Number.isSafeInteger(plan.chunkSize) || plan.chunkSize < 1) throw new RangeError(`chunkSize must be a whole number of at least 1, got ${plan.chunkSize}`);
  if (plan.precision !== undefined && !(plan.precision > 0 && plan.precision < 0.5)) throw new RangeError(`precision must be a half-width between 0 and 0.5, got ${plan.precision}`);
  if (plan.chunks !== undefined) {
    const { first, last } = plan.chunks;
    if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last) || first < 0 || last < first) throw new RangeError(`chunk range ${first}-${last} is not a range A-B with 0 <= A <= B`);
    if (plan.precision !== undefined) throw new RangeError('a run stopped for precision cannot be split into chunk ranges');
  }
}

/**
 * Common random numbers: runs every variant on the same chunk seeds, so chunk
 * k of each draws from the same dice stream; each result is exactly what a
 * run of that variant alone gives. With `precision`, all variants stop
 * together, at the first chunk boundary where every one of them is precise
 * enough. Chunks go to `pool`, `pool.slots` at a time and at most four per
 * worker beyond the merged prefix; finished ones are merged strictly in chunk
 * order, and those finished beyond the stopping point are discarded. A
 * failing chunk ends the run with a ChunkError naming it; an aborted
 * `signal`, with an InterruptedError. The plan must pass checkSchedulePlan.
 */
export async function runChunks(specs: readonly ScheduledSpec[], plan: SchedulePlan, pool: Pool): Promise<RunResult[]> {
  if (specs.length === 0) return [];
  const started = performance.now();
  const count = chunkCount(plan.trials, plan.chunkSize);
  const range = plan.chunks ?? { first: 0, last: count - 1 };
  if (range.last >= count) throw new RangeError(`chunks ${range.first}-${range.last}: the plan has ${count} chunks (0-${count - 1})`);
  const jobs = specs.map((s) => ({ ...s, headlines: headlineCounters(s.layout), exact: new ExactTally(s.layout.length) }));
  const precision = plan.precision ?? null;
  const variants = jobs.length;
  const lookahead = 4 * pool.workers;
  const signal = plan.signal;
  let lastMerged = range.first - 1;
  let stoppedForPrecision = false;
  let worst = 1;
  let trialsDone = 0;
  const trialsPlanned = variants * (Math.min(plan.trials, (range.last + 1) * plan.chunkSize) - range.first * plan.chunkSize);

  const results = (): RunResult[] => {
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
  };

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

  await new Promise<void>((resolve, reject) => {
    let finished = false;
    let nextChunk = range.first;
    let nextVariant = 0;
    let nextMerge = range.first;
    let inFlight = 0;
    const done = new Map<number, { tallies: Float64Array[]; missing: number }>();

    const finish = (error?: Error) => {
      if (finished) return;
      finished = true;
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    };
    const onAbort = () => finish(new InterruptedError(trialsDone));

    const pump = () => {
      while (!finished && inFlight < pool.slots && nextChunk <= range.last && nextChunk < nextMerge + lookahead) {
        const k = nextChunk;
        const v = nextVariant;
        if (++nextVariant === variants) {
          nextVariant = 0;
          nextChunk++;
        }
        const job = jobs[v]!;
        const task: WireTask = { specKey: job.key, specJson: job.json, seed: plan.seed, scenario: plan.scenario, matchup: plan.matchup, chunk: k, trials: chunkTrials(plan.trials, plan.chunkSize, k) };
        inFlight++;
        pool.run(task, signal).then(
          (tally) => {
            inFlight--;
            if (finished) return;
            trialsDone += task.trials;
            plan.onProgress?.({ trialsDone, trialsPlanned, elapsedMs: performance.now() - started, maxHalfWidth: precision === null ? null : worst }, results);
            let slot = done.get(k);
            if (!slot) done.set(k, (slot = { tallies: new Array<Float64Array>(variants), missing: variants }));
            slot.tallies[v] = tally;
            slot.missing--;
            for (let s = done.get(nextMerge); s !== undefined && s.missing === 0; s = done.get(nextMerge)) {
              done.delete(nextMerge);
              const stop = merge(nextMerge, s.tallies);
              nextMerge++;
              if (stop || nextMerge > range.last) return finish();
            }
            pump();
          },
          (e: unknown) => {
            inFlight--;
            if (finished) return;
            if (signal?.aborted) return finish(new InterruptedError(trialsDone));
            finish(new ChunkError(k, plan.scenario, plan.matchup, e));
          },
        );
      }
    };

    if (signal?.aborted) return finish(new InterruptedError(0));
    signal?.addEventListener('abort', onAbort, { once: true });
    pump();
  });
  return results();
}

function headlineWidth(exact: ExactTally, headlines: readonly Headline[]): number {
  // Only the counters the headlines read: the trial count and their successes.
  const t = new Float64Array(exact.length);
  t[TRIALS] = exact.value(TRIALS);
  for (const h of headlines) t[h.index] = exact.value(h.index);
  return maxHalfWidth(t, headlines);
}
