import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { WireTask } from './runChunk.js';

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
 */
export function workerFilename(): string {
  const fromSources = import.meta.url.endsWith('.ts');
  return fileURLToPath(new URL(fromSources ? './workerFromSources.mjs' : './worker.js', import.meta.url));
}

/**
 * Chunks each worker holds at once: one running and one waiting in its inbox,
 * so a worker starts its next chunk the moment it finishes one instead of
 * idling for the round trip to the main thread (a shooting chunk takes only
 * a few milliseconds).
 */
const CHUNKS_PER_WORKER = 2;

export class ChunkPool {
  readonly workers: number;
  /** Chunks to keep in flight to keep every worker busy. */
  readonly slots: number;
  private readonly piscina: Piscina<WireTask, Float64Array>;
  private destroyed = false;

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
  }

  /** Runs one chunk in some worker; resolves to its tally (transferred, not copied). */
  run(task: WireTask, signal?: AbortSignal): Promise<Float64Array> {
    if (this.destroyed) return Promise.reject(new Error('the worker pool has been destroyed'));
    return this.piscina.run(task, signal ? { signal } : {});
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
