import type { Dataset } from '../../src/model/dataset.js';
import type { OneStepJobFacts } from '../../src/reports/oneStepJson.js';
import type { ScenarioSpec } from '../../src/scenarios/registry.js';
import type { Command, PageScenario } from './hash.js';
import type { Plan } from './plan.js';

/** A one-step job (shoot, assault) as the page runs and shows it: what `jobJson` reads, the spec and the names its chunks are seeded by. */
export interface PageJob extends OneStepJobFacts {
  command: 'shoot' | 'assault';
  spec: ScenarioSpec;
  /** With the seed and the chunk index, these seed every chunk (src/run/chunkSeed.ts). */
  scenario: string;
  matchup: string;
  title: string;
}

/**
 * What a rule system gives the playground's form (shoot, assault, shoot then assault, A against
 * B; docs/playground.md): the jobs its `shoot` and `assault` commands build from the same words,
 * the experiment a script or a comparison runs as, and the distance a run takes when the Gap
 * field is empty. A system writes one in its page folder (site/src/rulesets/<system>/);
 * site/src/registry.ts names it, and the shared page asks the registry, never a system by name.
 */
export interface PlaygroundRules {
  /** The job of a shoot or an assault, as the command line's command builds it from the same words. */
  oneStepJob(data: Dataset, s: PageScenario): PageJob;
  /** The plan of a script or a comparison (isExperiment): the experiment's variants, seeded as `epic-balance run` seeds them. */
  experimentPlan(data: Dataset, s: PageScenario): Plan;
  /** The Gap field's placeholder: the distance the run takes when none is given, for what the form would run. */
  gapPlaceholder(data: Dataset, command: Command, formation: string, at: string, flak: string[], cap: string): number;
}
