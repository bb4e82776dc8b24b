import type { TrialRunner } from './ruleset.js';
import { NeteaRunner } from './rulesets/netea/runner.js';
import type { EngagementSpec } from './rulesets/netea/spec.js';

/**
 * A scenario as plain, structured-cloneable data: what crosses to worker
 * threads and what a partial result file records. One union member per rule
 * system; only NetEA Epic Armageddon exists so far.
 */
export type ScenarioSpec = EngagementSpec;

/** Compiles a scenario into its ruleset's trial runner. */
export function compileScenario(spec: ScenarioSpec): TrialRunner {
  switch (spec.ruleset) {
    case 'netea':
      return new NeteaRunner(spec);
  }
}
