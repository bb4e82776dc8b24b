import type { FormationSpec } from '../model/formation.js';
import { ROSTER_FORMAT } from '../rulesets/netea/model/roster/listFile.js';
import { neteaEngagement } from '../rulesets/netea/reports/engagementBuilder.js';
import type { ScenarioSpec } from '../scenarios/registry.js';
import type { EngagementBuilder, EngagementSettings } from './engagementKinds.js';

/**
 * The reports layer's registry, the one shared reports file that names the rule systems: the
 * "format" field of the files a system's own commands write, which a report's --out may replace
 * (outTarget.ts): NetEA's list files (`roster import`).
 */
export const SYSTEM_FILE_FORMATS = { roster: ROSTER_FORMAT } as const;

/**
 * The engagement the matrix and the one-engagement fair cost stage between two formations, by
 * the `--rules` name that plays it; the first is the default of both. Epic 40,000 hands its own to
 * them (epic40kFairCostRules); the 2004 rulebook plays neither (neteaExperiments.ts refuses them).
 */
const ENGAGEMENT_BUILDERS: ReadonlyArray<readonly [string, EngagementBuilder]> = [['netea', neteaEngagement]];

/** The engagement builder of the rules `rules` names (default: the first system's). */
export function engagementBuilderOf(rules: string = ENGAGEMENT_BUILDERS[0]![0]): EngagementBuilder {
  const found = ENGAGEMENT_BUILDERS.find(([name]) => name === rules);
  if (found === undefined) throw new Error(`no rule system named ${rules} stages the matrix's engagements here (src/reports/registry.ts)`);
  return found[1];
}

/** The engagement for `actor` acting on `target` (actor on side 0, target on side 1), as the default rules stage it. */
export function buildEngagement(actor: FormationSpec, target: FormationSpec, settings: EngagementSettings): ScenarioSpec {
  return engagementBuilderOf()(actor, target, settings);
}
