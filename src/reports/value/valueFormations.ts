import type { Battle } from '../../model/battle.js';
import type { FormationSpec } from '../../model/formation.js';
import { ChunkPool } from '../../workers/pool.js';
import { planValue, valueFromMeetings, type FormationValue, type ValueRun } from './formationValue.js';
import type { ParityMetric } from './parityCost.js';
import { runValueMeeting } from './valueMeeting.js';

export interface ValueRunOptions extends ValueRun {
  metric: ParityMetric;
  /** Worker threads; 0 runs in this thread. */
  workers: number;
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
  const valueOne = async (i: number, pool: ChunkPool | null) => {
    const plan = planValue(formations[i]!, field, battle, run);
    const sums = pool === null ? plan.tasks.map(runValueMeeting) : await pool.runValue(plan.tasks);
    out[i] = valueFromMeetings(plan, sums, battle, run.metric);
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
