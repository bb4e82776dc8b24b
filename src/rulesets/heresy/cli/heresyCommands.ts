import { heresyData, type HeresyJob } from '../scenarios/heresyJobs.js';
import type { FormationSpec } from '../../../model/formation.js';
import type { SimulationResult } from '../../../run/simulate.js';
import { assaultJson, oneStepJson } from '../../../reports/oneStepJson.js';
import { printEngagementOutcome, warnNotSimulated } from '../../../cli/print.js';
import type { SimOptions } from '../../../cli/simOptions.js';
import type { SimulationRunner } from '../../../cli/simulationRunner.js';

/**
 * Runs a Heresy job and prints it as `shoot`/`assault` print the other
 * systems': the table (its "Blast markers" are suppression chits, "broken"
 * Routed or past the break point), --json, --out with report.html and CSV.
 */
export async function runHeresyJob(job: HeresyJob, o: SimOptions & { out?: string }, runner: SimulationRunner): Promise<void> {
  const data = heresyData(job.data);
  const result = await runner.run(o, { spec: job.spec, scenario: job.scenario, matchup: job.matchup });
  if (o.out !== undefined) {
    const { writeCommandReport } = await import('../../../reports/runReport.js');
    await writeCommandReport(o.out, job.spec, result, o, { title: job.title, data, unsupported: job.unsupported });
  }
  if (o.json) {
    process.stdout.write(JSON.stringify(heresyJobJson(job, result, o.seed), null, 2) + '\n');
    return;
  }
  process.stdout.write(`${job.title}\n`);
  process.stdout.write(`${result.trials.toLocaleString('en')} trials, seed "${o.seed}", rules heresy, data ${data.id} ${data.version}\n`);
  process.stdout.write('(Blast markers = suppression chits; broken = Routed or past the break point)\n\n');
  printEngagementOutcome(job, result);
  // In the text output only: --json carries them in its "unsupported" (print.ts warnNotSimulated).
  warnNotSimulated(job.unsupported);
}

/** The `--json` of a Heresy job: NetEA's contract (the same fields), plus `rules`. */
export function heresyJobJson(job: HeresyJob, result: SimulationResult, seed: string) {
  const json = oneStepJson(result, seed, heresyData(job.data), job.attacker as unknown as FormationSpec, job.target as unknown as FormationSpec, job.unsupported, job.command === 'assault' ? { assault: assaultJson(result) } : {});
  return { rules: 'heresy' as const, ...json };
}
