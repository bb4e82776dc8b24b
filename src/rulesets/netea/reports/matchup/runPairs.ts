import type { Battle } from '../../../../model/battle.js';
import type { FormationSpec } from '../../../../model/formation.js';
import { ChunkPool } from '../../../../run/pool.js';
import type { ValueRun } from '../../../../reports/value/formationValue.js';
import { runValueMeeting } from '../../../../run/valueMeeting.js';
import type { PairResult } from './listExchange.js';
import { planPairs } from './listMatchup.js';
import { pairExchange, type PairPlan } from './pairMeeting.js';

/**
 * Runs every pair of a matchup once: each formation of `mine` against each of `theirs`, a pair
 * that appears twice (a formation listed twice, or in both lists' places) run once. Each pair's
 * meetings go to a worker as one batch, a few pairs in flight; the meetings are seeded by their
 * names, so the numbers do not depend on the number of workers (0 runs in this thread).
 */
export async function runPairs(
  mine: FormationSpec[],
  theirs: FormationSpec[],
  battle: Battle,
  run: ValueRun & { workers: number },
  progress?: (done: number, total: number) => void,
): Promise<{ pairs: Map<string, PairResult>; meetings: number }> {
  const todo = planPairs(mine, theirs, battle, run);
  const pairs = new Map<string, PairResult>();
  let meetings = 0;
  let done = 0;
  const pool = run.workers > 0 ? new ChunkPool({ workers: run.workers }) : null;
  const one = async (plan: PairPlan) => {
    if (!plan.met) pairs.set(plan.key, { key: plan.key, why: plan.why });
    else {
      const sums = pool === null ? plan.tasks.map(runValueMeeting) : await pool.runValue(plan.tasks);
      pairs.set(plan.key, pairExchange(plan, sums));
      meetings += plan.tasks.length;
    }
    progress?.(++done, todo.length);
  };
  try {
    let next = 0;
    const lane = async () => {
      while (next < todo.length) await one(todo[next++]!);
    };
    await Promise.all(Array.from({ length: pool?.slots ?? 1 }, lane));
  } finally {
    await pool?.destroy();
  }
  return { pairs, meetings };
}
