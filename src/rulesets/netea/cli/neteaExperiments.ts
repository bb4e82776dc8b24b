import { InputError } from '../../../model/inputError.js';
import { loadDataset } from '../../../model/loadDataset.js';
import { compileScriptExperiment } from '../scenarios/experiment.js';
import type { ExperimentAnswers } from '../../../cli/ruleSystemCommands.js';
import { boughtPositionNotes } from '../engine/boughtPositions.js';
import { rulesVariantOf, variantNotes } from '../model/rulesVariant.js';

/**
 * `run` under NetEA or the 2004 rulebook: a script compiled by NetEA's compiler
 * (scenarios/experiment.ts); a fair cost or a matrix left to run.ts's paths, which play
 * NetEA's engine; --data a Tournament Pack checkout.
 */
export const NETEA_EXPERIMENTS: ExperimentAnswers = {
  withData: (loaded, data, datasheets) => ({ ...loaded, data: loadDataset(data, datasheets) }),
  compile(loaded) {
    const x = loaded.experiment;
    if (x.engagement) return { loaded, variants: compileScriptExperiment(loaded) };
    // The 2004 rulebook plays scripts and fair costs in a battle; a matrix or a one-engagement fair cost is NetEA's.
    if (x.rules === 'rulebook-2004' && (x.matrix !== undefined || x.fairCost?.engagement !== undefined)) {
      throw new InputError([{ file: loaded.file, path: 'rules', message: '"rulebook-2004" runs an "engagement" script or a "fairCost" in a battle; a "matrix" or a "fairCost" with "engagement" plays NetEA\'s rules only' }]);
    }
    return undefined;
  },
  notes: (rules) => variantNotes(rulesVariantOf(rules)),
  variantNotes: (v) => (v.spec.ruleset === 'netea' ? boughtPositionNotes(v.spec) : []),
  describeStep: () => undefined,
  settingsNote: () => undefined,
};
