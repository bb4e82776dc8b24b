import { TRIALS } from '../../src/sim/ruleset.js';
import { compileScenario, type ScenarioSpec } from '../../src/scenarios/registry.js';
import { chunkCount, chunkTrials } from '../../src/run/chunkPlan.js';
import { ExactTally } from '../../src/stats/exactSum.js';
import { headlineCounters, maxHalfWidth, type Headline } from '../../src/run/headline.js';
import { runWireTask, type WireTask } from '../../src/run/runChunk.js';
import type { ValueMeetingSums, ValueMeetingTask } from '../../src/run/valueMeeting.js';
import type { RunResult } from '../../src/run/simulate.js';

/**
 * Runs a scenario in the browser as src/run/simulate.ts runs it on the
 * command line: the same chunk plan (chunkPlan.ts), the same chunk seeds
 * (runChunk.ts → chunkSeed.ts), each chunk's tally summed exactly
 * (exactSum.ts) in chunk order, so the numbers depend on the seed, the names,
 * the trials and the chunk size only: the same with 1 or N Web Workers, in
 * this thread, or from `epic-balance shoot/assault --json`.
 */

export interface BrowserRunRequest {
  spec: ScenarioSpec;
  seed: string;
  scenario: string;
  matchup: string;
  trials: number;
  chunkSize: number;
  /** Web Workers to run on (at most one per chunk). */
  workers: number;
  onProgress?: (p: BrowserProgress) => void;
}

export interface BrowserProgress {
  trialsDone: number;
  trialsPlanned: number;
  elapsedMs: number;
  /** The merged prefix of chunks so far, as a result (numbers settling). */
  partial: RunResult | null;
  /** "workers" or "this thread" (when the page cannot start workers, e.g. opened from a file). */
  mode: string;
}

/** The run was stopped (Stop button, or a new run started). */
export class RunStopped extends Error {
  constructor() {
    super('stopped');
    this.name = 'RunStopped';
  }
}

interface Pending {
  resolve: (reply: Float64Array | ValueMeetingSums) => void;
  reject: (e: Error) => void;
}

/** A set of Web Workers running chunks or a fair cost's meetings (site/src/worker.ts), one each at a time. */
export class WorkerPool {
  readonly workers: Worker[] = [];
  /** Set once a worker failed or the pool was terminated: it takes no more chunks. */
  dead = false;
  private readonly pending = new Map<number, Pending>();
  private readonly busy = new Set<Worker>();
  private next = 1;

  constructor(
    readonly url: string,
    count: number,
  ) {
    for (let i = 0; i < count; i++) {
      const w = new Worker(url);
      w.onmessage = (e: MessageEvent<{ id: number; tally?: Float64Array; sums?: ValueMeetingSums; error?: string }>) => {
        const p = this.pending.get(e.data.id);
        if (!p) return;
        this.pending.delete(e.data.id);
        this.busy.delete(w);
        const reply = e.data.tally ?? e.data.sums;
        if (reply) p.resolve(reply);
        else p.reject(new Error(e.data.error ?? 'the worker failed'));
      };
      w.onerror = (e: ErrorEvent) => {
        e.preventDefault();
        this.fail(new Error(`a worker failed: ${e.message || 'it could not start (is the page opened from a file? use `npx epic-balance serve`)'}`));
      };
      this.workers.push(w);
    }
  }

  private fail(error: Error): void {
    this.dead = true;
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
    this.busy.clear();
  }

  idle(): Worker | undefined {
    return this.workers.find((w) => !this.busy.has(w));
  }

  run(w: Worker, task: WireTask): Promise<Float64Array> {
    return this.post(w, { task }) as Promise<Float64Array>;
  }

  /** One meeting of a fair cost (runValueMeeting), whole: its sums are added trial by trial, as on the command line. */
  runMeeting(w: Worker, meeting: ValueMeetingTask): Promise<ValueMeetingSums> {
    return this.post(w, { meeting }) as Promise<ValueMeetingSums>;
  }

  private post(w: Worker, message: { task: WireTask } | { meeting: ValueMeetingTask }): Promise<Float64Array | ValueMeetingSums> {
    const id = this.next++;
    this.busy.add(w);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      w.postMessage({ id, ...message });
    });
  }

  terminate(): void {
    for (const w of this.workers) w.terminate();
    this.fail(new RunStopped());
  }
}

/**
 * The Web Workers are kept from one run to the next (started once, their
 * compiled scenarios and JIT warm), unless a run asks for another number of
 * them, is stopped (which ends its workers mid-chunk) or a worker failed.
 */
let kept: WorkerPool | null = null;

export function poolFor(url: string, count: number): WorkerPool {
  if (kept !== null && (kept.dead || kept.url !== url || kept.workers.length !== count)) {
    kept.terminate();
    kept = null;
  }
  kept ??= new WorkerPool(url, count);
  return kept;
}

/** A cheap key for a spec's JSON (FNV-1a), so a worker compiles each spec once; not part of any result. */
function keyOf(json: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < json.length; i++) {
    h ^= json.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${(h >>> 0).toString(16)}-${json.length}`;
}

function headlineWidth(exact: ExactTally, headlines: readonly Headline[]): number {
  const t = new Float64Array(exact.length);
  t[TRIALS] = exact.value(TRIALS);
  for (const h of headlines) t[h.index] = exact.value(h.index);
  return maxHalfWidth(t, headlines);
}

/** The least time between two progress reports, ms. */
const PROGRESS_MS = 200;

/** A running simulation: `result` settles with the whole run, or rejects with RunStopped after stop(). */
export interface BrowserRun {
  result: Promise<RunResult>;
  stop(): void;
}

/** Starts a run on Web Workers at `workerUrl`, or in this thread when workers cannot start. */
export function startRun(req: BrowserRunRequest, workerUrl: string): BrowserRun {
  let stopped = false;
  let pool: WorkerPool | null = null;
  const stop = () => {
    stopped = true;
    pool?.terminate();
  };
  const result = (async (): Promise<RunResult> => {
    const started = performance.now();
    const count = chunkCount(req.trials, req.chunkSize);
    const layout = compileScenario(req.spec).layout;
    const specJson = JSON.stringify(req.spec);
    const specKey = keyOf(specJson);
    const headlines = headlineCounters(layout);
    const exact = new ExactTally(layout.length);
    const done = new Map<number, Float64Array>();
    let merged = 0;
    let trialsDone = 0;
    const task = (k: number): WireTask => ({ specKey, specJson, seed: req.seed, scenario: req.scenario, matchup: req.matchup, chunk: k, trials: chunkTrials(req.trials, req.chunkSize, k) });
    const resultOf = (elapsedMs: number): RunResult => {
      const tally = exact.rounded();
      return {
        tally,
        layout,
        trials: tally[TRIALS]!,
        chunks: merged,
        chunkSize: req.chunkSize,
        elapsedMs,
        run: {
          specKey,
          seed: req.seed,
          scenario: req.scenario,
          matchup: req.matchup,
          plannedTrials: req.trials,
          chunkCount: count,
          chunkRange: { first: 0, last: merged - 1 },
          stop: { reason: 'trials', precision: null, maxHalfWidth: headlineWidth(exact, headlines) },
          exact,
        },
      };
    };
    let mode = 'this thread';
    // Progress at most every PROGRESS_MS: a partial result and its rendering cost
    // the page's thread time that the workers' chunks would otherwise get.
    let reported = -Infinity;
    let advanced = false;
    const finished = (k: number, tally: Float64Array) => {
      done.set(k, tally);
      trialsDone += chunkTrials(req.trials, req.chunkSize, k);
      for (let t = done.get(merged); t !== undefined; t = done.get(merged)) {
        done.delete(merged);
        exact.add(t);
        merged++;
        advanced = true;
      }
      const now = performance.now();
      if (req.onProgress === undefined || now - reported < PROGRESS_MS) return;
      reported = now;
      req.onProgress({ trialsDone, trialsPlanned: req.trials, elapsedMs: now - started, partial: advanced ? resultOf(now - started) : null, mode });
      advanced = false;
    };

    const wanted = Math.max(1, Math.min(req.workers, count));
    try {
      pool = poolFor(workerUrl, wanted);
      mode = `${wanted} Web Worker${wanted === 1 ? '' : 's'}`;
    } catch {
      pool = null; // e.g. a page opened from file://: run in this thread instead.
    }
    req.onProgress?.({ trialsDone: 0, trialsPlanned: req.trials, elapsedMs: 0, partial: null, mode });
    if (pool !== null) {
      const p = pool;
      await new Promise<void>((resolve, reject) => {
        let next = 0;
        let inFlight = 0;
        let failed = false;
        const pump = () => {
          if (failed) return;
          if (next >= count && inFlight === 0) return resolve();
          for (let w = p.idle(); w !== undefined && next < count; w = p.idle()) {
            const k = next++;
            inFlight++;
            p.run(w, task(k)).then(
              (tally) => {
                inFlight--;
                if (stopped) return;
                finished(k, tally);
                pump();
              },
              (e: Error) => {
                if (failed) return;
                failed = true;
                reject(stopped ? new RunStopped() : e);
              },
            );
          }
        };
        pump();
      });
    } else {
      for (let k = 0; k < count; k++) {
        if (stopped) throw new RunStopped();
        const t = task(k);
        finished(k, runWireTask(t));
        await new Promise((r) => setTimeout(r, 0));
      }
    }
    if (stopped) throw new RunStopped();
    return resultOf(performance.now() - started);
  })();
  return { result, stop };
}
