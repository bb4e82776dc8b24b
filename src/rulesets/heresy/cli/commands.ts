import type { SimOptions } from '../../../cli/simOptions.js';
import type { CommandCall, RuleSystemCommands, SharedCommand } from '../../../cli/ruleSystemCommands.js';
import { heresyAssaultJob, heresyShootJob, rejectForHeresy, type HeresyWords } from '../scenarios/heresyJobs.js';
import { runHeresyJob } from './heresyCommands.js';
import { listHeresy } from './heresyList.js';
import { HERESY_EXPERIMENTS } from './heresyExperiments.js';

/** Heresy's illustrative profiles carry no points: the commands that price formations cannot play it. */
export const HERESY_HAS_NO_POINTS = "Heresy's profiles carry no points (docs/heresy.md), so there is no cost to weigh a result against";

/** The options of `shoot` and `assault` Heresy reads (it refuses the other systems' that it has no rule for). */
type OneStepOptions = SimOptions & Omit<HeresyWords, 'formation' | 'gapGiven'> & { out?: string; crossfire?: boolean; embarked?: boolean; attackerEmbarked?: boolean; flak: string[]; cap?: string; test?: boolean; contact?: number; supportGap?: number; order?: string; targetOrder?: string; bm: number; targetBm: number };

async function shoot({ operand, o: options, command, runner }: CommandCall): Promise<void> {
  const o = options as OneStepOptions;
  const given = (name: string) => command.getOptionValueSource(name) === 'cli';
  rejectForHeresy([['--action', given('action')], ['--crossfire', o.crossfire === true], ['--embarked', o.embarked === true], ['--flak', o.flak.length > 0], ['--cap', o.cap !== undefined], ['--test', o.test === true], ['--order', o.order !== undefined], ['--target-order', o.targetOrder !== undefined], ['--bm', o.bm !== 0], ['--target-bm', o.targetBm !== 0]]);
  await runHeresyJob(heresyShootJob({ ...o, formation: operand!, gapGiven: given('gap') }), o, runner);
}

async function assault({ operand, o: options, runner }: CommandCall): Promise<void> {
  const o = options as OneStepOptions;
  rejectForHeresy([['--embarked', o.embarked === true], ['--attacker-embarked', o.attackerEmbarked === true], ['--contact', o.contact !== undefined], ['--test', o.test === true], ['--support-gap', o.supportGap !== undefined], ['--order', o.order !== undefined], ['--target-order', o.targetOrder !== undefined], ['--bm', o.bm !== 0], ['--target-bm', o.targetBm !== 0]]);
  await runHeresyJob(heresyAssaultJob({ ...o, formation: operand! }), o, runner);
}

/** The commands that price formations, which Heresy cannot play. */
const PRICING: ReadonlySet<SharedCommand> = new Set(['audit', 'fair-cost', 'matrix']);

/**
 * Heresy (D10) on the command line: `--rules heresy` on `shoot`, `assault` and `list`, units
 * written as stands of its profiles, --data adding a profile file (docs/heresy.md).
 */
export const HERESY_COMMANDS: RuleSystemCommands = {
  names: ['heresy'],
  help: {
    shoot: 'Heresy (heresy: units of its profiles)',
    assault: 'Heresy (heresy: units of its profiles)',
    list: 'heresy for the Heresy profiles (with --data, yours too)',
  },
  experiments: HERESY_EXPERIMENTS,
  answers: { shoot, assault, list: ({ operand, o }) => listHeresy(operand, o) },
  refusal: (command) => (PRICING.has(command) ? HERESY_HAS_NO_POINTS : undefined),
  datasheetRefusal: 'an overlay changes NetEA and 2004 rulebook datasheets; expected --rules netea or rulebook-2004',
};
