import type { SimOptions } from '../../../cli/simOptions.js';
import type { CommandCall, RuleSystemCommands } from '../../../cli/ruleSystemCommands.js';
import type { AuditOptions } from '../../../cli/audit.js';
import { InputError } from '../../../model/inputError.js';
import { epic40kAssaultJob, epic40kShootJob, rejectNeteaOptions, type Epic40kWords } from '../scenarios/epic40kJobs.js';
import { addOrderWords, runEpic40kJob } from './epic40kCommands.js';
import { listEpic40k } from './epic40kList.js';
import { epic40kAudit } from './epic40kAudit.js';
import { epic40kFairCost, type Epic40kFairCostWords } from './epic40kFairCost.js';
import { epic40kMatrix, type Epic40kMatrixOptions } from './epic40kMatrix.js';
import { EPIC40K_EXPERIMENTS } from './epic40kExperiments.js';

/** The options of `shoot` and `assault` Epic 40,000 reads (it refuses NetEA's that it has no rule for). */
type OneStepOptions = SimOptions & Omit<Epic40kWords, 'formation'> & { out?: string; action?: string; crossfire?: boolean; embarked?: boolean; attackerEmbarked?: boolean; flak: string[]; cap?: string; test?: boolean; contact?: number; supportGap?: number };

async function shoot({ operand, o: options, command, runner }: CommandCall): Promise<void> {
  const o = options as OneStepOptions;
  const given = (name: string) => command.getOptionValueSource(name) === 'cli';
  rejectNeteaOptions([['--action', given('action')], ['--crossfire', o.crossfire === true], ['--embarked', o.embarked === true], ['--flak', o.flak.length > 0], ['--cap', o.cap !== undefined], ['--data', o.data !== undefined], ['--test', o.test === true]]);
  await runEpic40kJob(epic40kShootJob({ ...o, formation: operand! }), o, runner);
}

async function assault({ operand, o: options, runner }: CommandCall): Promise<void> {
  const o = options as OneStepOptions;
  rejectNeteaOptions([['--embarked', o.embarked === true], ['--attacker-embarked', o.attackerEmbarked === true], ['--contact', o.contact !== undefined], ['--data', o.data !== undefined], ['--test', o.test === true], ['--support-gap', o.supportGap !== undefined]]);
  await runEpic40kJob(epic40kAssaultJob({ ...o, formation: operand! }), o, runner);
}

function list({ operand, o }: CommandCall): void {
  if (o.data !== undefined) throw new InputError([{ file: 'option --data', path: '', message: 'reads a NetEA Tournament Pack; the Epic 40,000 lists are built in' }]);
  listEpic40k(operand, o);
}

async function audit({ o, started }: CommandCall): Promise<void> {
  // --history rates a Tournament Pack's price changes: NetEA's (src/rulesets/netea/cli/auditHistory.ts).
  if (o.history !== undefined) {
    const message = o.data === undefined ? 'expected --data <older Tournament Pack checkout> with it: the version the audit values' : 'expected the NetEA rules (the Tournament Pack\'s history), not --rules epic40k';
    throw new InputError([{ file: 'option --history', path: '', message }]);
  }
  await epic40kAudit(o as AuditOptions, started);
}

async function fairCost({ operand, o, command }: CommandCall): Promise<void> {
  rejectNeteaOptions([['--action', command.getOptionValueSource('action') === 'cli'], ['--data', o.data !== undefined]]);
  await epic40kFairCost(operand!, o as Epic40kFairCostWords & SimOptions);
}

/**
 * Epic 40,000 (BattleBible 1998) on the command line: `--rules epic40k` on every shared command,
 * the BattleBible lists' detachments written as units, and --order / --target-order on `shoot`
 * and `assault` (docs/epic40k.md).
 */
export const EPIC40K_COMMANDS: RuleSystemCommands = {
  names: ['epic40k'],
  help: {
    shoot: 'Epic 40,000 (BattleBible 1998; detachments written as units, e.g. "6 Space Marines, 2 Rhino")',
    assault: 'Epic 40,000 (BattleBible 1998; detachments written as units, e.g. "6 Space Marines, 2 Rhino")',
    list: 'epic40k for the five Epic 40,000 BattleBible lists',
    audit: 'Epic 40,000 (the BattleBible lists\' units, each as a detachment of about 150 points, in battles/epic40k-reference.json; docs/epic40k.md)',
    'fair-cost': 'Epic 40,000 (BattleBible 1998: detachments written as units; the battle is battles/epic40k-reference.json, or --engagement shoot|assault with --vs)',
    matrix: 'Epic 40,000 (each priced unit of a BattleBible list as a detachment of about 150 points; docs/epic40k.md)',
  },
  experiments: EPIC40K_EXPERIMENTS,
  answers: { shoot, assault, list, audit, 'fair-cost': fairCost, matrix: ({ operand, o, command }) => epic40kMatrix(operand!, o as Epic40kMatrixOptions, command) },
  refusal: () => undefined,
  datasheetRefusal: 'an overlay changes NetEA and 2004 rulebook datasheets; expected --rules netea or rulebook-2004',
  words: { shoot: addOrderWords, assault: addOrderWords },
};
