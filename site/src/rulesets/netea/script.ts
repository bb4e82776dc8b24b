import type { Dataset } from '../../../../src/model/dataset.js';
import { Experiment } from '../../../../src/model/experiment.js';
import { InputError } from '../../../../src/model/inputError.js';
import { describeIssues } from '../../../../src/scenarios/loadExperiment.js';
import { compileScriptExperiment, type NeteaVariant } from '../../../../src/rulesets/netea/scenarios/experiment.js';
import { variantFacts } from '../../../../src/reports/variantFacts.js';
import type { SimulationResult } from '../../../../src/run/simulate.js';
import { assaultJob, parseCover, shootJob } from '../../../../src/rulesets/netea/scenarios/oneStepJobs.js';
import { CLI_DEFAULTS } from '../../../../src/model/oneStepDefaults.js';
import { boughtPositionNotes } from '../../../../src/rulesets/netea/engine/boughtPositions.js';
import { isExperiment, runNumbers, type PageScenario } from '../../hash.js';
import { assaultWords, shootWords } from './oneStepWords.js';

export type { NeteaVariant };

/**
 * The page's scenarios that are experiments, not one command: a short script
 * (shoot, then assault) and a comparison of two variants. Each is written as
 * the experiment file `epic-balance run` reads (`playground.json`, offered for
 * download), compiled by the same code (loadExperiment.ts) and seeded as
 * `run` seeds it: a script by its own names (scenario "run-playground",
 * matchup "playground"), a comparison of shoots or assaults by its variant
 * A's command line (the file's "dice", see commandDice). Every variant draws
 * the same dice (common random numbers), and the page's JSON is what
 * `epic-balance run playground.json --json` prints (but `report`, null).
 */

export const EXPERIMENT_NAME = 'playground';

/** Options of the one-step commands that a script or a comparison does not take, with why. */
const NOT_IN_SCRIPTS: Array<[keyof PageScenario, string]> = [
  ['supportGap', 'support-gap'],
  ['flak', 'flak'],
  ['noTargetFlak', 'no-target-flak'],
  ['cap', 'cap'],
  ['phase', 'phase'],
  ['moved', 'moved'],
];

function describe(s: PageScenario): string {
  const what = s.command === 'shoot' ? `shoots (${s.action ?? 'advance'})` : s.command === 'assault' ? 'assaults' : `shoots (${s.action ?? 'advance'}), then assaults`;
  const compare = isExperiment(s) && (s.compare !== undefined || s.compareAt !== undefined) ? ' Two variants on the same dice: A as given, B with the other attacker or target.' : '';
  return `From the playground: the attacker ${what} the target from ${s.gap ?? (s.command === 'shoot' ? CLI_DEFAULTS.shootGap : CLI_DEFAULTS.assaultGap)} cm.${compare}`;
}

/** The names a scenario's chunks are seeded with, when they are not the experiment's own. */
export interface Dice {
  scenario: string;
  matchup: string;
}

/**
 * A comparison of shoots or assaults draws the dice of its variant A's own
 * command line (`shoot` or `assault`, oneStepJobs.ts), with no end of turn
 * after the step, as that command plays it: A's numbers are the single run's
 * of A, to the last digit, and B draws the same dice. A script (shoot, then
 * assault) runs as `run` seeds it, with or without B.
 */
function commandDice(data: Dataset, s: PageScenario): Dice | null {
  if (s.command === 'shoot-assault') return null;
  const job = s.command === 'shoot' ? shootJob(data, shootWords(s)) : assaultJob(data, assaultWords(s));
  return { scenario: job.scenario, matchup: job.matchup };
}

/** The experiment file of a scenario (as JSON, before the schema's defaults); `dice` from commandDice. */
export function experimentOf(s: PageScenario, dice: Dice | null = null): Record<string, unknown> {
  for (const [field, key] of NOT_IN_SCRIPTS) {
    if (s[field] !== undefined) throw new InputError([{ file: `option --${key}`, path: '', message: `not available in a script or a comparison (they run as \`epic-balance run\` experiments); use plain shoot or assault` }]);
  }
  const compare = s.compare !== undefined || s.compareAt !== undefined;
  const { trials, seed, chunkSize } = runNumbers(s);
  const spec = parseCover(s.cover);
  const cover = spec.kind === 'save' ? { save: spec.save } : spec.kind === 'position' ? spec.position : spec.kind;
  const formations: Record<string, unknown> = {
    attacker: { side: 'A', formation: compare ? '{{attacker}}' : s.formation, blastMarkers: s.bm ?? 0, ...(s.attackerEmbarked ? { embarked: true } : {}) },
    target: { side: 'B', formation: compare ? '{{target}}' : s.at, cover, blastMarkers: s.targetBm ?? 0, broken: s.targetBroken === true, ...(s.embarked ? { embarked: true } : {}) },
  };
  (s.support ?? []).forEach((f, i) => (formations[`support-${i + 1}`] = { side: 'A', formation: f }));
  (s.targetSupport ?? []).forEach((f, i) => (formations[`target-support-${i + 1}`] = { side: 'B', formation: f }));
  const support = (s.support ?? []).map((_, i) => `support-${i + 1}`);
  const test = s.test === true;
  const contact = s.contact !== undefined ? { contact: s.contact } : {};
  const shoot = { step: 'shoot', by: 'attacker', at: 'target', action: s.action ?? 'advance', crossfire: s.crossfire === true, ...(s.command === 'shoot' ? { test } : {}) };
  const assault = { step: 'assault', by: 'attacker', at: 'target', support, test, ...contact };
  const script = s.command === 'shoot' ? [shoot] : s.command === 'assault' ? [assault] : [shoot, assault];
  const gap = s.gap ?? (s.command === 'shoot' ? CLI_DEFAULTS.shootGap : CLI_DEFAULTS.assaultGap);
  return {
    name: EXPERIMENT_NAME,
    description: describe(s),
    seed,
    trials,
    chunkSize,
    ...(dice !== null ? { dice } : {}),
    data: s.data === undefined || s.data === 'builtin' ? 'builtin' : { tournamentPack: s.data },
    geometry: { gap, rankWidth: s.rankWidth ?? CLI_DEFAULTS.rankWidth, spacing: s.spacing ?? CLI_DEFAULTS.spacing },
    engagement: {
      formations,
      script,
      ...(dice !== null ? { endOfTurn: false } : {}),
      ...(compare
        ? {
            variants: [
              { label: 'A', values: { attacker: s.formation, target: s.at } },
              { label: 'B', values: { attacker: s.compare ?? s.formation, target: s.compareAt ?? s.at } },
            ],
          }
        : {}),
    },
  };
}

/** A scenario's experiment file, checked by the schema and compiled against the data set: one variant, or A and B. */
export function experimentVariants(data: Dataset, s: PageScenario): { file: Record<string, unknown>; experiment: Experiment; variants: NeteaVariant[] } {
  const name = `${EXPERIMENT_NAME}.json`;
  const file = experimentOf(s, commandDice(data, s));
  const parsed = Experiment.safeParse(file);
  if (!parsed.success) throw new InputError(describeIssues(parsed.error.issues, name));
  return { file, experiment: parsed.data, variants: compileScriptExperiment({ file: name, experiment: parsed.data, data }) };
}

/** What `epic-balance run playground.json --json` prints for these results (report: null, no folder is written). */
export function experimentJson(experiment: Experiment, variants: NeteaVariant[], results: SimulationResult[], data: Dataset) {
  const unsupported = [...new Set(variants.flatMap((v) => v.formations.flatMap((f) => f.unsupported)))];
  return {
    experiment: experiment.name,
    description: experiment.description,
    kind: 'engagement',
    seed: experiment.seed,
    trials: Math.max(...results.map((r) => r.trials)),
    plannedTrials: experiment.trials,
    chunkSize: experiment.chunkSize ?? CLI_DEFAULTS.chunkSize,
    precision: null,
    data: { id: data.id, version: data.version },
    simulations: variants.length,
    report: null,
    // As run.ts runScript: the rules not simulated, then the formations standing in positions they bought.
    notes: [...unsupported.map((r) => `Not simulated: ${r}`), ...new Set(variants.flatMap((v) => boughtPositionNotes(v.spec)))],
    variants: variants.map((v, i) => ({ name: v.name, values: v.values, trials: results[i]!.trials, ...variantFacts(v, results[i]!, data).json })),
    unsupported,
  };
}
