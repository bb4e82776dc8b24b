import type { ExperimentAnswers } from '../../../cli/ruleSystemCommands.js';
import { heresyData } from '../model/load.js';
import { compileHeresyExperiment, describeHeresyStep, heresySettingsNote } from '../scenarios/experiment.js';

/** `run` under Heresy: its own compiler; --data adds a profile file, read and named in the report after the built-in one. */
export const HERESY_EXPERIMENTS: ExperimentAnswers = {
  withData: (loaded) => loaded,
  compile(loaded, data) {
    const variants = compileHeresyExperiment(loaded, data);
    return { loaded: { ...loaded, data: { ...loaded.data, ...heresyData(data) } }, variants };
  },
  notes: () => [],
  variantNotes: () => [],
  describeStep: (s) => describeHeresyStep(s),
  settingsNote: (x) => heresySettingsNote(x),
};
