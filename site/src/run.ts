import { compileScenario, type ScenarioSpec } from '../../src/scenarios/registry.js';
import { chunkCount } from '../../src/run/chunkPlan.js';
import { runWireTask, type WireTask } from '../../src/run/runChunk.js';
import { runChunks, type Pool, type RunResult } from '../../src/run/scheduler.js';
import type { ValueMeetingSums, ValueMeetingTask } from '../../src/run/valueMeeting.js';

/**
 * Runs a scenario in the browser through the command line's own scheduler
 * (src/run/scheduler.ts: the same chunk plan, chunk seeds and exact merge in
 * chunk order) on Web Workers, so the numbers depend on the seed, the names,
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

type Message = { task: WireTask } | { meeting: ValueMeetingTask };

/**
 * A set of Web Workers running chunks (the scheduler's Pool) or a fair
 * cost's meetings (site/src/worker.ts), one each at a time; a chunk sent while
 * every worker is busy waits for the first to finish.
 */
export class WorkerPool implements Pool {
  readonly threads: Worker[] = [];
  readonly workers: number;
  readonly slots: number;
  /** Set once a worker failed or the pool was terminated: it takes no more chunks. */
  dead = false;
  private readonly pending = new Map<number, Pending>();
  private readonly busy = new Set<Worker>();
  private readonly waiting: { message: Message; pending: Pending }[] = [];
  private next = 1;

  constructor(
    readonly url: string,
    count: number,
  ) {
    this.workers = count;
    this.slots = count;
    for (let i = 0; i < count; i++) {
      const w = new Worker(url);
      w.onmessage = (e: MessageEvent<{ id: number; tally?: Float64Array; sums?: ValueMeetingSums; error?: string }>) => {
        const p = this.pending.get(e.data.id);
        if (!p) return;
        this.pending.delete(e.data.id);
        this.busy.delete(w);
        const waiting = this.waiting.shift();
        if (waiting) this.send(w, waiting.message, waiting.pending);
        const reply = e.data.tally ?? e.data.sums;
        if (reply) p.resolve(reply);
        else p.reject(new Error(e.data.error ?? 'the worker failed'));
      };
      w.onerror = (e: ErrorEvent) => {
        e.preventDefault();
        this.fail(new Error(`a worker failed: ${e.message || 'it could not start (is the page opened from a file? use `npx epic-balance serve`)'}`));
      };
      this.threads.push(w);
    }
  }

  private fail(error: Error): void {
    this.dead = true;
    for (const p of [...this.pending.values(), ...this.waiting.map((q) => q.pending)]) p.reject(error);
    this.pending.clear();
    this.waiting.length = 0;
    this.busy.clear();
  }

  idle(): Worker | undefined {
    return this.threads.find((w) => !this.busy.has(w));
  }

  /** One chunk, on the first worker free. */
  run(task: WireTask): Promise<Float64Array> {
    return new Promise((resolve, reject) => {
      const pending = { resolve, reject } as Pending;
      const w = this.idle();
      if (w === undefined) this.waiting.push({ message: { task }, pending });
      else this.send(w, { task }, pending);
    });
  }

  /** One meeting of a fair cost (runValueMeeting), whole: its sums are added trial by trial, as on the command line. */
  runMeeting(w: Worker, meeting: ValueMeetingTask): Promise<ValueMeetingSums> {
    return new Promise((resolve, reject) => this.send(w, { meeting }, { resolve, reject } as Pending));
  }

  private send(w: Worker, message: Message, pending: Pending): void {
    const id = this.next++;
    this.busy.add(w);
    this.pending.set(id, pending);
    w.postMessage({ id, ...message });
  }

  terminate(): void {
    for (const w of this.threads) w.terminate();
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
  if (kept !== null && (kept.dead || kept.url !== url || kept.workers !== count)) {
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

/** Chunks one after another in the page's thread (when workers cannot start), its events let through between them. */
const IN_THIS_THREAD: Pool = {
  workers: 1,
  slots: 1,
  run: (task) => new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => runWireTask(task)),
};

/** The least time between two progress reports, ms. */
const PROGRESS_MS = 200;

/** A running simulation: `result` settles with the whole run, or rejects with RunStopped after stop(). */
export interface BrowserRun {
  result: Promise<RunResult>;
  stop(): void;
}

/** Starts a run on Web Workers at `workerUrl`, or in this thread when workers cannot start. */
export function startRun(req: BrowserRunRequest, workerUrl: string): BrowserRun {
  const stopped = new AbortController();
  let pool: WorkerPool | null = null;
  const stop = () => {
    stopped.abort();
    pool?.terminate();
  };
  const result = (async (): Promise<RunResult> => {
    const wanted = Math.max(1, Math.min(req.workers, chunkCount(req.trials, req.chunkSize)));
    let mode = 'this thread';
    try {
      pool = poolFor(workerUrl, wanted);
      mode = `${wanted} Web Worker${wanted === 1 ? '' : 's'}`;
    } catch {
      pool = null; // e.g. a page opened from file://: run in this thread instead.
    }
    req.onProgress?.({ trialsDone: 0, trialsPlanned: req.trials, elapsedMs: 0, partial: null, mode });
    // Progress at most every PROGRESS_MS: a partial result and its rendering cost
    // the page's thread time that the workers' chunks would otherwise get.
    let reported = -Infinity;
    let shownChunks = 0;
    const specJson = JSON.stringify(req.spec);
    try {
      const [run] = await runChunks(
        [{ key: keyOf(specJson), json: specJson, layout: compileScenario(req.spec).layout }],
        {
          seed: req.seed,
          scenario: req.scenario,
          matchup: req.matchup,
          trials: req.trials,
          chunkSize: req.chunkSize,
          signal: stopped.signal,
          onProgress: (p, soFar) => {
            const now = performance.now();
            if (req.onProgress === undefined || now - reported < PROGRESS_MS) return;
            reported = now;
            const [partial] = soFar();
            const advanced = partial!.chunks > shownChunks;
            shownChunks = partial!.chunks;
            req.onProgress({ trialsDone: p.trialsDone, trialsPlanned: p.trialsPlanned, elapsedMs: p.elapsedMs, partial: advanced ? partial! : null, mode });
          },
        },
        pool ?? IN_THIS_THREAD,
      );
      return run!;
    } catch (e) {
      throw stopped.signal.aborted ? new RunStopped() : e;
    }
  })();
  return { result, stop };
}
