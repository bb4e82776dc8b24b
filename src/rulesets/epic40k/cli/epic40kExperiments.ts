import { InputError } from '../../../model/inputError.js';
import type { ExperimentAnswers } from '../../../cli/ruleSystemCommands.js';
import { compileEpic40kExperiment } from '../scenarios/experiment.js';

const list = (v: string | string[]) => (Array.isArray(v) ? v.join(' + ') : v);

/** `run` under Epic 40,000: the built-in BattleBible lists (no --data), its own compiler, its steps in its words. */
export const EPIC40K_EXPERIMENTS: ExperimentAnswers = {
  withData(loaded) {
    throw new InputError([{ file: 'option --data', path: '', message: `${loaded.file} is an Epic 40,000 experiment ("rules": "epic40k"), read from the built-in BattleBible lists; --data names NetEA data` }]);
  },
  compile: (loaded) => ({ loaded, variants: compileEpic40kExperiment(loaded) }),
  notes: () => [],
  variantNotes: () => [],
  describeStep(s, x) {
    const order = (n: string) => x.engagement!.formations[n]?.order;
    if (s.step === 'shoot') return `${s.by} shoots ${s.at}${order(s.by) && order(s.by) !== 'none' ? ` (${order(s.by)!.replace(/^\{\{(.+)\}\}$/, '$1 as the variant sets')} orders)` : ''}`;
    if (s.step === 'assault') return `${list(s.by)} assaults ${list(s.at)} (charge, close combat, firefight)`;
    if (s.step === 'end-phase') return 'rally phase';
    return undefined;
  },
  settingsNote: () => undefined,
};
