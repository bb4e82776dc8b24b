import type { Dataset } from '../../model/dataset.js';
import { parseFormation, type FormationSpec } from '../../model/formation.js';
import { InputError } from '../../model/inputError.js';
import { battleAirDefenceOf, battleAirRaidOf, battleFieldOf } from '../../model/battleField.js';
import type { LoadedBattle } from '../../model/loadBattle.js';
import { rejectAirUnits } from '../../model/rejectAirUnits.js';
import type { FormationValue, ValueRun } from './formationValue.js';
import { judgedAt } from './fixedPointValue.js';
import { DEFAULT_RULES } from '../../model/runDefaults.js';

/**
 * `fair-cost <formation>` in a battle, the parts the command line
 * (src/cli/fairCost.ts) and the playground (site/src/fairCostView.ts) share, so that
 * the page's `#result-json` is the command's `--json`: the formation and its
 * opponents, the run's settings, the verdict at a proposed cost and the JSON.
 * No Node module: the page runs the meetings on its Web Workers, the command
 * line on its worker pool, both through solveValue (fixedPointValue.ts).
 */

export interface BattleFairCostInputs {
  formation: FormationSpec;
  opponents: FormationSpec[];
  airDefence: FormationSpec[];
  /** The battle's raiding aircraft (scenes with `airRaid`). */
  airRaid: FormationSpec[];
  /** The formations of the battle's field, air defence or air raid the data set lacks, one line each (stderr on the command line). */
  notes: string[];
}

/** The formation to value, and the field it meets: the `--vs` formations, or the battle's for the data set. */
export function battleFairCostInputs(data: Dataset, loaded: LoadedBattle, text: string, vs: string[] | undefined): BattleFairCostInputs {
  const formation = parseFormation(data, text);
  const field = vs !== undefined ? { specs: vs.map((v) => parseFormation(data, v)), note: null } : battleFieldOf(data, loaded, 'or name the opponents with --vs');
  rejectAirUnits(field.specs.map((f): [string, FormationSpec] => [f.text, f]), 'fair-cost');
  const air = battleAirDefenceOf(data, loaded);
  const raid = battleAirRaidOf(data, loaded);
  return { formation, opponents: field.specs, airDefence: air.specs, airRaid: raid.specs, notes: [field.note, air.note, raid.note].filter((n): n is string => n !== null) };
}

/**
 * The meetings' settings: the seed, trials and chunk size name and size every meeting's chunks, wherever they run.
 * `rules` is the `--rules` name that stages the battle (src/scenarios/registry.ts battleStagingOf); left out, the Tournament Pack's, as the engine's default.
 */
export function battleFairCostRun(o: { seed: string; trials: number; chunkSize: number }, air: { airDefence: FormationSpec[]; airRaid: FormationSpec[] }, rules?: string): ValueRun {
  return { seed: o.seed, trials: o.trials, chunkSize: o.chunkSize, airDefence: air.airDefence, airRaid: air.airRaid, ...(rules !== undefined ? { rules } : {}) };
}

/**
 * The value judged at the proposed cost (`--cost`), else at the army list's: the fair cost never
 * reads a cost, a proposed one changes only the verdict and value per point.
 */
export function judgedFairCost(value: FormationValue, cost: number | undefined, loaded: LoadedBattle, formation: FormationSpec, vsGiven: boolean): FormationValue {
  const v = cost !== undefined ? judgedAt(value, cost, loaded.battle.margin.value) : value;
  if (v.meetings === 0) throw new InputError([{ file: vsGiven ? 'option --vs' : loaded.file, path: '', message: `no opponent outside ${formation.armyId ?? 'its own list'}: the field leaves out the formation's own list` }]);
  return v;
}

/** The rules of these formations the simulator does not model, once each. */
export const unsupportedRules = (formations: FormationSpec[]): string[] => [...new Set(formations.flatMap((f) => f.unsupported))];

/** The --json contract of fair-cost in a battle (extend it, never rename a field). */
export function battleValueJson(v: FormationValue) {
  return {
    formation: v.formation,
    /** The cost the verdict judges: the army list's, or the one given with --cost. */
    currentCost: v.cost,
    runCost: v.runCost,
    metric: v.metric,
    fairCost: v.fairCost,
    alternatives: v.alternatives,
    valuePerPoint: v.valuePerPoint,
    verdict: v.verdict,
    dominatedBy: v.dominatedBy,
    opponents: v.opponents,
    meetings: v.meetings,
    trialsPerMeeting: v.trialsPerMeeting,
  };
}

export interface BattleFairCostJsonInput {
  /** The rule system as --rules names it (the default, DEFAULT_RULES, is left out of the JSON). */
  variant: string;
  run: { seed: string; trials: number; chunkSize: number };
  data: Dataset;
  loaded: LoadedBattle;
  inputs: BattleFairCostInputs;
  value: FormationValue;
  /** The proposed cost (`--cost`), if one was given. */
  cost: number | undefined;
}

/** What `fair-cost <formation> --json` prints in a battle. */
export function battleFairCostJson({ variant, run, data, loaded, inputs, value, cost }: BattleFairCostJsonInput) {
  const { formation, opponents } = inputs;
  return {
    ...(variant !== DEFAULT_RULES ? { rules: variant } : {}),
    trials: run.trials,
    seed: run.seed,
    chunkSize: run.chunkSize,
    data: { id: data.id, version: data.version },
    battle: { name: loaded.battle.name, version: loaded.battle.version, file: loaded.file },
    ...battleValueJson(value),
    costFrom: cost !== undefined ? 'option --cost' : formation.points !== null ? 'army list' : null,
    statedCost: formation.points,
    choice: formation.choice ?? null,
    unsupported: unsupportedRules([formation, ...opponents]),
  };
}
