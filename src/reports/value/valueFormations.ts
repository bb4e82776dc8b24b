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
   * Run each formation again with twice the trials per meeting, from PRECISION_START_TRIALS up
   * to `trials`, until its fair cost's 95% half-width is at most this share of the estimate.
   */
  precision?: number;
  /** Solve each opponent's own fair cost exactly too (its groups simulated), not only from the groups the battle's fixed point ran. */
  exactOpponents?: boolean;
  /** Another rule system's meetings for a formation (Epic 40,000: src/rulesets/epic40k/scenarios/epic40kValuePlan.ts); default NetEA's planValue. */
  plan?: (formation: FormationSpec, field: FormationSpec[], battle: Battle, run: ValueRun) => ValuePlan;
}

export const PRECISION_START_TRIALS = 250;

/** Whether a fair cost is known to within ±precision (a share of itself). */
function preciseEnough(v: FormationValue, precision: number): boolean {
  const [lo, hi] = v.fairCost.ci95;
  const e = v.fairCost.estimate;
  return Number.isFinite(hi) && e > 0 && (hi - lo) / 2 <= precision * e;
}

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
  const valueAt = async (i: number, trials: number, pool: ChunkPool | null) => {
    const plan = (run.plan ?? planValue)(formations[i]!, field, battle, { ...run, trials });
    return solveValue(plan, battle, run.metric, (tasks) => (pool === null ? Promise.resolve(tasks.map(runValueMeeting)) : pool.runValue(tasks)), run.exactOpponents === true);
  };
  // The chunks of a meeting draw the same dice whatever its trial count, so each doubling
  // replays the trials before it and adds as many: the answer depends only on where it stops.
  const valueOne = async (i: number, pool: ChunkPool | null) => {
    if (run.precision === undefined) out[i] = await valueAt(i, run.trials, pool);
    else {
      let trials = Math.min(PRECISION_START_TRIALS, run.trials);
      let v = await valueAt(i, trials, pool);
      while (!preciseEnough(v, run.precision) && trials < run.trials) {
        trials = Math.min(2 * trials, run.trials);
        v = await valueAt(i, trials, pool);
      }
      out[i] = v;
    }
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
