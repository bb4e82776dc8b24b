import type { Battle } from '../../model/battle.js';
import type { FormationSpec } from '../../model/formation.js';
import { ChunkPool } from '../../run/pool.js';
import { planValue, type FormationValue, type ValuePlan, type ValueRun } from './formationValue.js';
import { solveValue } from './fixedPointValue.js';
import type { ParityMetric } from './parityCost.js';
import { runValueMeeting } from '../../run/valueMeeting.js';

export interface ValueRunOptions extends ValueRun {
  metric: ParityMetric;
  /** Worker threads; 0 runs in this thread. */
  workers: number;
  /**
   * Trials by need (fixedPointValue.ts, SequentialTrials): every meeting first runs PILOT_TRIALS, then the
   * meetings that decide the fair cost get more, up to `trials` each, until its 95% half-width is at most
   * this share of the estimate (under every mix of the battle).
   */
  precision?: number;
  /** Solve each opponent's own fair cost exactly too (its groups simulated), not only from the groups the battle's fixed point ran. */
  exactOpponents?: boolean;
  /** Another rule system's meetings for a formation (Epic 40,000: src/rulesets/epic40k/reports/epic40kValuePlan.ts); default NetEA's planValue. */
  plan?: (formation: FormationSpec, field: FormationSpec[], battle: Battle, run: ValueRun) => ValuePlan;
}

/** The trials every meeting runs first when trials are by need. */
export const PILOT_TRIALS = 50;

/**
 * Values formations against the field: each formation's meetings go
 * to a worker as one batch, a few formations in flight at a time (a batch's
 * engagements are built just before it is sent, so memory stays flat). The
 * meetings are seeded by their names, so the result does not depend on the
 * number of workers or on which formations run in the same process.
 */
export async function valueFormations(formations: FormationSpec[], field: FormationSpec[], battle: Battle, run: ValueRunOptions, progress?: (done: number, total: number) => void): Promise<FormationValue[]> {
  const out = new Array<FormationValue>(formations.length);
  let done = 0;
  const valueOne = async (i: number, pool: ChunkPool | null) => {
    const plan = (run.plan ?? planValue)(formations[i]!, field, battle, run);
    const sequential = run.precision === undefined ? undefined : { precision: run.precision, pilot: PILOT_TRIALS, cap: run.trials };
    out[i] = await solveValue(plan, battle, run.metric, (tasks) => (pool === null ? Promise.resolve(tasks.map(runValueMeeting)) : pool.runValue(tasks)), run.exactOpponents === true, sequential);
    progress?.(++done, formations.length);
  };
  if (run.workers === 0) {
    for (let i = 0; i < formations.length; i++) await valueOne(i, null);
    return out;
  }
  const pool = new ChunkPool({ workers: Math.min(run.workers, formations.length) || 1 });
  try {
    let next = 0;
    const lane = async () => {
      while (next < formations.length) await valueOne(next++, pool);
    };
    await Promise.all(Array.from({ length: pool.slots }, lane));
  } finally {
    await pool.destroy();
  }
  return out;
}
