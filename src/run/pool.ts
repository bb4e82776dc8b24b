import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ValueMeetingSums, ValueMeetingTask } from './valueMeeting.js';
import { noteUnderWay } from './interrupt.js';
import type { WireTask } from './runChunk.js';

/** A batch of battle meetings (one formation's, in audits): the worker returns their sums in order. */
export interface ValueBatch {
  kind: 'value';
  tasks: ValueMeetingTask[];
}

/**
 * The worker pool: a fixed number of threads (piscina) that run chunks. Its
 * whole API is `new ChunkPool({ workers })`, `run(task)` and `destroy()`;
 * splitting a run into chunks, merging and stopping live in simulate.ts.
 *
 * The threads run the compiled JavaScript worker when this module is compiled
 * JavaScript (dist/), and the TypeScript worker through tsx when this module
 * itself runs from the sources (tests, `node --import tsx src/cli.ts`), so no
 * build step is needed there.
 */

export interface ChunkPoolOptions {
  /** Worker threads (at least 1). Default: the machine's available parallelism. */
  workers?: number;
}

/**
 * The worker module: worker.js next to this file when it is compiled, or, from
 * the sources, a small bootstrap that registers tsx's ES-module loader in the
 * worker thread and imports worker.ts (see workerFromSources.mjs for why).
 * From the sources, $EPIC_BALANCE_WORKER_BUNDLE names worker.ts bundled into one
 * module instead: the test suite bundles it once per run (test/bundles.ts),
 * as each thread compiling the sources through tsx cost its start about 0.5 s
 * of CPU, for every one of the suite's hundreds of threads.
 */
export function workerFilename(): string {
  const fromSources = import.meta.url.endsWith('.ts');
  if (fromSources && process.env.EPIC_BALANCE_WORKER_BUNDLE) return process.env.EPIC_BALANCE_WORKER_BUNDLE;
  return fileURLToPath(new URL(fromSources ? './workerFromSources.mjs' : './worker.js', import.meta.url));
}

/**
 * Chunks each worker holds at once: one running and one waiting in its inbox,
 * so a worker starts its next chunk the moment it finishes one instead of
 * idling for the round trip to the main thread (a shooting chunk takes only
 * a few milliseconds). The worker still runs them one after the other.
 */
const CHUNKS_PER_WORKER = 2;

export class ChunkPool {
  readonly workers: number;
  /** Chunks to keep in flight so that no worker waits. */
  readonly slots: number;
  private readonly piscina: Piscina<WireTask | ValueBatch, Float64Array | ValueMeetingSums[]>;
  private destroyed = false;
  /** An error a worker raised outside any chunk; the next run fails with it. */
  private strayError: Error | null = null;

  constructor(options: ChunkPoolOptions = {}) {
    const workers = options.workers ?? availableParallelism();
    if (!Number.isInteger(workers) || workers < 1) throw new RangeError(`a pool needs at least one worker, got ${workers}`);
    this.workers = workers;
    this.slots = workers * CHUNKS_PER_WORKER;
    this.piscina = new Piscina({
      filename: workerFilename(),
      minThreads: workers,
      maxThreads: workers,
      // Keep the threads for the next run of the same process; idle threads do not keep it alive.
      idleTimeout: Infinity,
      concurrentTasksPerWorker: CHUNKS_PER_WORKER,
      // Workers must see the same environment as the main thread (EPIC_BALANCE_FAIL_CHUNK in tests).
      env: process.env as Record<string, string>,
    });
    // A chunk cut short (Ctrl-C, destroy) may still send its tally after piscina has
    // forgotten it; piscina reports that as an 'error' event, which unheard would crash
    // the process. Such a reply is dropped; any other error fails the next run.
    this.piscina.on('error', (e: Error) => {
      if (!e.message.startsWith('Unexpected message from Worker')) this.strayError = e;
    });
  }

  /** Runs one chunk in some worker; resolves to its tally (transferred, not copied). */
  run(task: WireTask, signal?: AbortSignal): Promise<Float64Array> {
    if (this.destroyed) return Promise.reject(new Error('the worker pool has been destroyed'));
    if (this.strayError !== null) return Promise.reject(this.strayError);
    noteUnderWay();
    return this.piscina.run(task, signal ? { signal } : {}) as Promise<Float64Array>;
  }

  /** Runs a batch of battle meetings in some worker; resolves to their sums, in order. */
  runValue(tasks: ValueMeetingTask[]): Promise<ValueMeetingSums[]> {
    if (this.destroyed) return Promise.reject(new Error('the worker pool has been destroyed'));
    if (this.strayError !== null) return Promise.reject(this.strayError);
    noteUnderWay();
    return this.piscina.run({ kind: 'value', tasks } satisfies ValueBatch) as Promise<ValueMeetingSums[]>;
  }

  /** Chunks waiting for a free worker. */
  get queued(): number {
    return this.piscina.queueSize;
  }

  /** Stops every worker at once; chunks still running or queued reject. */
  async destroy(): Promise<void> {
    if (this.destroyed) return;
    this.destroyed = true;
    await this.piscina.destroy();
  }
}
