import { D10, D6, type Die } from '../sim/dice/die.js';
import type { TallyLayout, TrialRunner } from '../sim/ruleset.js';
import { NeteaRunner } from '../rulesets/netea/engine/runner.js';
import type { EngagementSpec } from '../rulesets/netea/model/spec.js';
import { RULES_VARIANTS, rulesVariantOf, variantOf, variantOptions } from '../rulesets/netea/model/rulesVariant.js';
import { neteaBattleStaging } from '../rulesets/netea/scenarios/battleStaging.js';
import { Epic40kRunner } from '../rulesets/epic40k/engine/runner.js';
import type { Epic40kSpec } from '../rulesets/epic40k/model/spec.js';
import { HeresyRunner } from '../rulesets/heresy/engine/runner.js';
import type { HeresySpec } from '../rulesets/heresy/model/spec.js';
import { GameRunner } from '../rulesets/netea/game/gameRunner.js';
import type { GameSpec } from '../rulesets/netea/game/gameSpec.js';
import { gameTallyLayout } from '../rulesets/netea/game/gameTally.js';
import type { FormationSpec } from '../model/formation.js';
import type { Epic40kDetachment } from '../rulesets/epic40k/model/spec.js';
import type { HeresyUnit } from '../rulesets/heresy/model/spec.js';
import type { Variant } from './loadExperiment.js';
import type { BattleStaging } from './battleStaging.js';

/**
 * A scenario as plain, structured-cloneable data: what crosses to worker
 * threads and what a partial result file records. One union member per rule
 * system: NetEA Epic Armageddon, Epic 40,000 and Heresy.
 */
export type ScenarioSpec = EngagementSpec | Epic40kSpec | HeresySpec;

/** A variant of any rule system: a NetEA engagement, an Epic 40,000 one (src/rulesets/epic40k/scenarios/experiment.ts) or a Heresy one (src/rulesets/heresy/scenarios/experiment.ts). */
export type AnyVariant = Variant<ScenarioSpec, FormationSpec | Epic40kDetachment | HeresyUnit>;

/**
 * What the worker pool runs: a scenario, or whole NetEA games
 * (src/rulesets/netea/game), whose trials are games and whose tally is the
 * game's own (gameTally.ts), which the engagement reports do not read.
 */
export type RunnableSpec = ScenarioSpec | GameSpec;

/** The name `--rules` gives the rules a scenario plays: NetEA's variant, read from its switches, or the system's. */
export function rulesNameOf(spec: ScenarioSpec): string {
  return spec.ruleset === 'netea' ? variantOf(spec.options) : spec.ruleset;
}

/** Compiles a scenario (or a game) into its ruleset's trial runner. */
export function compileScenario(spec: RunnableSpec): TrialRunner {
  switch (spec.ruleset) {
    case 'netea':
      return new NeteaRunner(spec);
    case 'epic40k':
      return new Epic40kRunner(spec);
    case 'heresy':
      return new HeresyRunner(spec);
    case 'netea-game':
      return new GameRunner(spec);
  }
}

/**
 * A scenario's tally layout, as its compiled runner has it. A game's depends on its number of
 * formations alone, so it is given without compiling: the players' reckonings a game compiles
 * (policy/assaultOdds.ts) cost as much as hundreds of games, and the main thread plays none.
 */
export function scenarioLayout(spec: RunnableSpec): TallyLayout {
  if (spec.ruleset === 'netea-game') return gameTallyLayout(spec.armies[0].formations.length + spec.armies[1].formations.length);
  return compileScenario(spec).layout;
}

/**
 * The die each rule system rolls: six faces for NetEA and Epic 40,000, ten
 * for Heresy. What shared code reads instead of assuming a D6 (the bench's
 * raw generator rate, the naive reference).
 */
export const RULESET_DIE: Readonly<Record<RunnableSpec['ruleset'], Die>> = { netea: D6, epic40k: D6, heresy: D10, 'netea-game': D6 };

/** The die of a scenario's rule system. */
export function dieOf(spec: Pick<RunnableSpec, 'ruleset'>): Die {
  return RULESET_DIE[spec.ruleset];
}

/**
 * How the rules `--rules` names stage a battle for the value machinery (formationValue.ts
 * planValue): NetEA's scenes and strategy roll, played by its variant's engine switches (the
 * 2004 rulebook's under `rulebook-2004`). Left out, the first system's engine as it stands, with
 * no switches set (the Tournament Pack's rules). Epic 40,000 values its detachments with a plan
 * of its own (src/rulesets/epic40k/reports/epic40kValuePlan.ts), so no other name stages here.
 */
export function battleStagingOf(rules: string | undefined): BattleStaging<ScenarioSpec> {
  if (rules === undefined) return neteaBattleStaging();
  if (!(RULES_VARIANTS as readonly string[]).includes(rules)) throw new Error(`no rule system named ${rules} stages battle scenes (src/scenarios/registry.ts)`);
  return neteaBattleStaging(variantOptions(rulesVariantOf(rules)));
}
