import { assaultJob, shootJob } from '../../../../src/rulesets/netea/scenarios/oneStepJobs.js';
import type { PlaygroundRules } from '../../playgroundRules.js';
import { experimentPlan } from './experimentPlan.js';
import { gapPlaceholder } from './gapPlaceholder.js';
import { assaultWords, shootWords } from './oneStepWords.js';

/** The playground as NetEA plays it: the jobs of its `shoot` and `assault`, its experiment files, its aerospace distances. */
export const NETEA_PLAYGROUND: PlaygroundRules = {
  oneStepJob: (data, s) => (s.command === 'shoot' ? shootJob(data, shootWords(s)) : assaultJob(data, assaultWords(s))),
  experimentPlan,
  gapPlaceholder,
};
