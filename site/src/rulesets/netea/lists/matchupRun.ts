import type { Battle } from '../../../../../src/model/battle.js';
import type { FormationSpec } from '../../../../../src/model/formation.js';
import type { PairResult } from '../../../../../src/rulesets/netea/reports/matchup/listExchange.js';
import { planPairs } from '../../../../../src/rulesets/netea/reports/matchup/listMatchup.js';
import { pairExchange } from '../../../../../src/rulesets/netea/reports/matchup/pairMeeting.js';
import type { ValueRun } from '../../../../../src/reports/value/formationValue.js';
import type { MeetingRunner } from '../../../fairCostRun.js';

/**
 * A matchup's pairs on the page's Web Workers: the command line's pairs (planPairs, each distinct
 * pair once), each pair's meetings sent to idle workers one meeting at a time through the fair
 * cost's runner (fairCostRun.ts: runValueMeeting, the same chunk plan and seeds), each pair's
 * exchange computed from its meetings' sums in their order. So the pairs, and every figure
 * aggregated from them, are the command line's whatever the number of workers.
 */
export async function runMatchupPairs(mine: FormationSpec[], theirs: FormationSpec[], battle: Battle, run: ValueRun, runner: MeetingRunner): Promise<{ pairs: Map<string, PairResult>; meetings: number }> {
  const plans = planPairs(mine, theirs, battle, run);
  const pairs = new Map<string, PairResult>();
  let meetings = 0;
  await Promise.all(
    plans.map(async (plan) => {
      if (!plan.met) pairs.set(plan.key, { key: plan.key, why: plan.why });
      else {
        const sums = await runner.run(plan.tasks);
        pairs.set(plan.key, pairExchange(plan, sums));
        meetings += plan.tasks.length;
      }
    }),
  );
  return { pairs, meetings };
}

