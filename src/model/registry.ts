import { Epic40kSwitches } from '../rulesets/epic40k/model/switches.js';
import { HeresySwitches } from '../rulesets/heresy/model/switches.js';
import { epic40kData } from '../rulesets/epic40k/model/load.js';
import { heresyData } from '../rulesets/heresy/model/load.js';

/**
 * The model layer's registry, the one shared model file that names the rule systems: the fields
 * an experiment file (src/model/experiment.ts) sets a system's own switches in, and the systems
 * whose experiments read lists of their own. A system with switches or lists adds them here.
 */
export const SYSTEM_SWITCHES = {
  /** Epic 40,000 only: its rule switches (docs/epic40k.md). */
  epic40kOptions: Epic40kSwitches.optional(),
  /** Heresy only: its rule switches (docs/heresy.md). */
  heresyOptions: HeresySwitches.optional(),
};

/** The data of an experiment file whose rule system reads lists of its own rather than the data set: their id and version, and why a Tournament Pack cannot stand for them. */
export interface OwnExperimentData {
  data(): { id: string; version: string };
  builtinOnly: string;
}

/** The rule systems whose experiment files read their own lists (src/scenarios/loadExperiment.ts); NetEA's and the 2004 rulebook's read the data set. */
export const OWN_EXPERIMENT_DATA: Readonly<Partial<Record<string, OwnExperimentData>>> = {
  epic40k: { data: epic40kData, builtinOnly: 'an Epic 40,000 experiment ("rules": "epic40k") reads the built-in BattleBible lists (datasheets/epic40k/); a Tournament Pack is NetEA data' },
  heresy: { data: () => heresyData(), builtinOnly: 'a Heresy experiment ("rules": "heresy") reads the illustrative profiles (datasheets/heresy/examples.json) and your own with --data <profiles.json>; a Tournament Pack is NetEA data' },
};
