import { createHash } from 'node:crypto';
import { scenarioLayout, type RunnableSpec } from '../scenarios/registry.js';
import { chunkCount } from './chunkPlan.js';
import { ChunkPool } from './pool.js';
import { runChunk } from './runChunk.js';
import { checkSchedulePlan, runChunks, type Pool, type RunResult, type ScheduledSpec, type SchedulePlan } from './scheduler.js';

export type { ChunkRange, ProgressInfo, RunInfo, RunResult, SimulationResult, StopReason } from './scheduler.js';

/**
 * How to run on the command line: a SchedulePlan (scheduler.ts: the names
 * that seed the chunks, the chunk plan, a stopping rule, a chunk range,
 * cancellation, progress) and where: worker threads, or this thread. The
 * numbers never depend on `workers`.
 */
export interface RunPlan extends SchedulePlan {
  /** Worker threads to run on; omitted (and no `pool`): chunks run one after another in this thread. */
  workers?: number;
  /** A pool to run on (kept open afterwards); takes precedence over `workers`. */
  pool?: ChunkPool;
}

export interface SimulationRequest extends RunPlan {
  spec: RunnableSpec;
}

/** A stable key for a spec, so workers compile each scenario once. */
export function specKey(spec: RunnableSpec): string {
  return sha1(JSON.stringify(spec));
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
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
  return simulatePrepared(specs.map(prepareSpec), plan);
}

/** A spec made ready to run: its JSON for the wire, its key and its tally layout. */
export interface PreparedSpec extends ScheduledSpec {
  spec: RunnableSpec;
}

/**
 * Prepares a spec once for many runs of it: a caller that runs one spec chunk range by chunk range
 * (the worth's batches, thousands per army) would otherwise serialise and hash it for every range.
 */
export function prepareSpec(spec: RunnableSpec): PreparedSpec {
  const json = JSON.stringify(spec);
  return { spec, json, key: sha1(json), layout: scenarioLayout(spec) };
}

/** simulateVariants on specs already prepared (prepareSpec): the same numbers. */
export async function simulatePrepared(scheduled: readonly PreparedSpec[], plan: RunPlan): Promise<RunResult[]> {
  checkSchedulePlan(plan);
  if (plan.workers !== undefined && (!Number.isInteger(plan.workers) || plan.workers < 1)) throw new RangeError(`workers must be a whole number of at least 1, got ${plan.workers}`);
  if (scheduled.length === 0) return [];
  if (plan.pool !== undefined) return runChunks(scheduled, plan, plan.pool);
  if (plan.workers === undefined) return runChunks(scheduled, plan, inThisThread(scheduled));
  const chunks = plan.chunks ?? { first: 0, last: chunkCount(plan.trials, plan.chunkSize) - 1 };
  const pool = new ChunkPool({ workers: Math.min(plan.workers, (chunks.last - chunks.first + 1) * scheduled.length) });
  try {
    return await runChunks(scheduled, plan, pool);
  } finally {
    await pool.destroy();
  }
}

/**
 * Chunks one after another in this thread, the spec objects run as given,
 * with signals and timers let through between chunks.
 */
function inThisThread(specs: readonly { spec: RunnableSpec; key: string }[]): Pool {
  const byKey = new Map(specs.map((s) => [s.key, s.spec]));
  return {
    workers: 1,
    slots: 1,
    run: async (task) => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return runChunk({ ...task, spec: byKey.get(task.specKey)! });
    },
  };
}
