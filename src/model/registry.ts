import { NETEA_COVERS, NETEA_COVER_WORDS } from '../rulesets/netea/model/cover.js';
import { Epic40kCover, EPIC40K_COVER_WORDS } from '../rulesets/epic40k/model/cover.js';
import { Epic40kSwitches } from '../rulesets/epic40k/model/switches.js';
import { epic40kData } from '../rulesets/epic40k/model/load.js';
import { EPIC40K_ORDER_WORDS, EPIC40K_ORDERS } from '../rulesets/epic40k/model/spec.js';
import { HeresyCover, HERESY_COVER_WORDS } from '../rulesets/heresy/model/cover.js';
import { HeresySwitches } from '../rulesets/heresy/model/switches.js';
import { heresyData } from '../rulesets/heresy/model/load.js';
import { HERESY_ORDER_WORDS, HERESY_ORDERS } from '../rulesets/heresy/model/spec.js';
import { DEFAULT_RULES } from './runDefaults.js';

/**
 * The model layer's registry, the one shared model file that names the rule systems: their
 * names, the cover and switches an experiment file (src/model/experiment.ts) takes for each, and
 * the systems whose experiments read lists of their own. Adding a system adds it here.
 */

/** Every rule system an experiment or a command can name (`"rules"`, `--rules`), with the name its reports print. */
export const RULES_NAMES = {
  netea: 'NetEA Epic Armageddon',
  'rulebook-2004': 'Epic Armageddon, 2004 rulebook with its errata',
  epic40k: 'Epic 40,000 (BattleBible 1998)',
  heresy: 'Heresy (D10 draft, Rules Part II 1999)',
} as const satisfies Record<string, string>;

export type RulesSystemName = keyof typeof RULES_NAMES;

/** The name a report prints for the rule system `rules` names (the default when it is undefined); a name no system has, as it is. */
export function rulesName(rules: string | undefined): string {
  const name = rules ?? DEFAULT_RULES;
  return Object.hasOwn(RULES_NAMES, name) ? RULES_NAMES[name as RulesSystemName] : name;
}

/** The names of RULES_NAMES, in its order. */
export const RULES_SYSTEM_NAMES = Object.keys(RULES_NAMES) as [RulesSystemName, ...RulesSystemName[]];

/** The cover an experiment's formation can stand in: every system's own values (the 2004 rulebook's are NetEA's). */
export const SYSTEM_COVERS = [...NETEA_COVERS, Epic40kCover, HeresyCover] as const;

/** SYSTEM_COVERS as the message of a cover that is none of them lists them. */
export const SYSTEM_COVER_WORDS = [NETEA_COVER_WORDS, EPIC40K_COVER_WORDS, HERESY_COVER_WORDS];

type SystemOrder = (typeof EPIC40K_ORDERS)[number] | (typeof HERESY_ORDERS)[number];

/** The orders an experiment's formation can be given: every system's (NetEA gives a formation its action in the shoot step instead). */
export const SYSTEM_ORDERS = [...new Set<SystemOrder>([...EPIC40K_ORDERS, ...HERESY_ORDERS])] as [SystemOrder, ...SystemOrder[]];

/** SYSTEM_ORDERS as the message of an order that is none of them lists them. */
export const SYSTEM_ORDER_WORDS = `${EPIC40K_ORDER_WORDS}, ${HERESY_ORDER_WORDS}`;

/** Each rule system's own switches, in an experiment field of its name. */
export const SYSTEM_SWITCHES = {
  /** Epic 40,000 only: its rule switches (docs/epic40k.md). */
  epic40kOptions: Epic40kSwitches.optional(),
  /** Heresy only: its rule switches (docs/heresy.md). */
  heresyOptions: HeresySwitches.optional(),
};

/** For each field of SYSTEM_SWITCHES, the system that reads it and what its message calls them. */
export const SWITCH_OWNERS: Readonly<Record<keyof typeof SYSTEM_SWITCHES, { rules: RulesSystemName; words: string }>> = {
  epic40kOptions: { rules: 'epic40k', words: 'Epic 40,000 switches' },
  heresyOptions: { rules: 'heresy', words: 'Heresy switches' },
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
