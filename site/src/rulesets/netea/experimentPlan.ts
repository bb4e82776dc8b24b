import type { Dataset } from '../../../../src/model/dataset.js';
import { boughtPositionNotes } from '../../../../src/rulesets/netea/engine/boughtPositions.js';
import { experimentHeadline } from './experimentView.js';
import type { PageScenario } from '../../hash.js';
import type { Plan } from '../../plan.js';
import { experimentJson, experimentVariants } from './script.js';
import { diceOf } from '../../../../src/scenarios/loadExperiment.js';

/** The plan of a script or a comparison: the experiment's variants, seeded as `epic-balance run` seeds them. */
export function experimentPlan(data: Dataset, s: PageScenario): Plan {
  const { file, experiment, variants } = experimentVariants(data, s);
  const two = variants.length === 2;
  const steps = s.command === 'shoot' ? 'shoots' : s.command === 'assault' ? 'assaults' : 'shoots, then assaults';
  const what = (v: (typeof variants)[number]) => `${v.formations[0]!.name} ${steps} ${v.formations[1]!.name}`;
  // Two variants: a short title; which is which is in the table captions and the run's line.
  const title = two ? 'Compare A and B, on the same dice' : what(variants[0]!);
  return {
    title,
    description: two ? variants.map((v) => `${v.name}: ${what(v)}.`).join(' ') : null,
    // As the one-step jobs (oneStepJobs.ts): the rules not simulated, then the formations in positions they bought.
    unsupported: [...new Set(variants.flatMap((v) => [...v.formations.flatMap((f) => f.unsupported), ...boughtPositionNotes(v.spec)]))],
    // Every variant on the same chunk seeds (common random numbers), as run.ts runScript.
    runs: variants.map((v) => ({ spec: v.spec, ...diceOf(experiment), label: two ? v.name : null })),
    headline: (results) => (results.length === variants.length ? experimentHeadline(variants, results) : ''),
    json: (results) => experimentJson(experiment, variants, results, data),
    experiment: file,
  };
}
