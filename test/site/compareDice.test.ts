import { describe, expect, it } from 'vitest';
import { experimentPlan } from '../../site/src/rulesets/netea/experimentPlan.js';
import type { PageScenario } from '../../site/src/hash.js';
import { assaultWords, shootWords } from '../../site/src/rulesets/netea/oneStepWords.js';
import { assaultJob, shootJob } from '../../src/rulesets/netea/scenarios/oneStepJobs.js';
import { loadDataset } from '../../src/model/loadDataset.js';
import { simulate } from '../../src/run/simulate.js';

/**
 * The page promises the same numbers for the same seed: a comparison's
 * variant A is, to the last tally, the single run of A (the page's and the
 * command line's, which the browser tests hold equal), and B draws A's dice.
 */

const data = loadDataset();
const RUN = { seed: 'compare', trials: 3000, chunkSize: 1000 };

/** The tally of a plan's run or a command's job, simulated in this thread. */
const tally = async (job: { spec: Parameters<typeof simulate>[0]['spec']; scenario: string; matchup: string }) => Array.from((await simulate({ ...RUN, spec: job.spec, scenario: job.scenario, matchup: job.matchup })).tally);

describe("a comparison's variant A", () => {
  it.each<PageScenario>([
    { command: 'assault', formation: 'codex-astartes/tactical-detachment', at: 'ork-war-horde/warband', compare: 'codex-astartes/tactical-detachment+razorbacks' },
    { command: 'assault', formation: 'codex-astartes/tactical-detachment', at: 'ork-war-horde/warband', support: ['4 Devastator'], test: true, compareAt: 'ork-war-horde/big-warband' },
    { command: 'shoot', formation: 'codex-astartes/devastator-detachment', at: 'ork-war-horde/warband', action: 'sustained', cover: '4', compare: '4 Devastator' },
    { command: 'shoot', formation: '4 Devastator', at: '6 Tactical, 3 Rhino', embarked: true, crossfire: true, compare: '8 Ork Boyz' },
  ])('is the single run of A: %j', async (s) => {
    const plan = experimentPlan(data, s);
    expect(plan.runs).toHaveLength(2);
    const single = s.command === 'shoot' ? shootJob(data, shootWords(s)) : assaultJob(data, assaultWords(s));
    expect(plan.runs.map((r) => [r.scenario, r.matchup])).toEqual([
      [single.scenario, single.matchup],
      [single.scenario, single.matchup],
    ]);
    expect(await tally(plan.runs[0]!)).toEqual(await tally(single));
    expect(plan.experiment).toMatchObject({ dice: { scenario: single.scenario, matchup: single.matchup }, engagement: { endOfTurn: false } });
  });

  it("of a script (shoot, then assault) is the script run alone, as `run` seeds it", async () => {
    const s: PageScenario = { command: 'shoot-assault', formation: 'codex-astartes/tactical-detachment', at: 'ork-war-horde/warband' };
    const alone = experimentPlan(data, s);
    const compared = experimentPlan(data, { ...s, compare: 'codex-astartes/tactical-detachment+razorbacks' });
    expect(alone.runs.map((r) => [r.scenario, r.matchup])).toEqual([['run-playground', 'playground']]);
    expect(await tally(compared.runs[0]!)).toEqual(await tally(alone.runs[0]!));
  });
});
