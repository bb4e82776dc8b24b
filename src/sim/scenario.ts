import { D10, D6, type Die } from './dice/die.js';
import type { TrialRunner } from './ruleset.js';
import { NeteaRunner } from './rulesets/netea/runner.js';
import type { EngagementSpec } from './rulesets/netea/spec.js';
import { Epic40kRunner } from './rulesets/epic40k/runner.js';
import type { Epic40kSpec } from './rulesets/epic40k/spec.js';
import { HeresyRunner } from './rulesets/heresy/runner.js';
import type { HeresySpec } from './rulesets/heresy/spec.js';

/**
 * A scenario as plain, structured-cloneable data: what crosses to worker
 * threads and what a partial result file records. One union member per rule
 * system: NetEA Epic Armageddon, Epic 40,000 and Heresy.
 */
export type ScenarioSpec = EngagementSpec | Epic40kSpec | HeresySpec;

/** Compiles a scenario into its ruleset's trial runner. */
export function compileScenario(spec: ScenarioSpec): TrialRunner {
  switch (spec.ruleset) {
    case 'netea':
      return new NeteaRunner(spec);
    case 'epic40k':
      return new Epic40kRunner(spec);
    case 'heresy':
      return new HeresyRunner(spec);
  }
}

/**
 * The die each rule system rolls: six faces for NetEA and Epic 40,000, ten
 * for Heresy. What shared code reads instead of assuming a D6 (the bench's
 * raw generator rate, the naive reference).
 */
export const RULESET_DIE: Readonly<Record<ScenarioSpec['ruleset'], Die>> = { netea: D6, epic40k: D6, heresy: D10 };

/** The die of a scenario's rule system. */
export function dieOf(spec: Pick<ScenarioSpec, 'ruleset'>): Die {
  return RULESET_DIE[spec.ruleset];
}
