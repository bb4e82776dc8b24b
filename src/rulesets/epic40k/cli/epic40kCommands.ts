import { Option, type Command } from 'commander';
import { EPIC40K_ORDERS } from '../model/spec.js';
import { epic40kData, type Epic40kJob } from '../scenarios/epic40kJobs.js';
import type { FormationSpec } from '../../../model/formation.js';
import type { SimulationResult } from '../../../run/simulate.js';
import { assaultJson, oneStepJson } from '../../../reports/oneStepJson.js';
import { printEngagementOutcome, warnNotSimulated } from '../../../cli/print.js';
import type { SimOptions } from '../../../cli/simOptions.js';
import type { SimulationRunner } from '../../../cli/simulationRunner.js';

/** --order and --target-order: the words Epic 40,000 adds to `shoot` and `assault`. */
export function addOrderWords(cmd: Command): Command {
  return cmd
    .addOption(new Option('--order <order>', 'epic40k: the acting detachment\'s orders (L920-942)').choices(EPIC40K_ORDERS))
    .addOption(new Option('--target-order <order>', 'epic40k: the target\'s orders (a marching target is hit on column A, L1079)').choices(EPIC40K_ORDERS));
}

/** Runs an Epic 40,000 job and prints it as `shoot`/`assault` print NetEA's: the table, --json, --out. */
export async function runEpic40kJob(job: Epic40kJob, o: SimOptions & { out?: string }, runner: SimulationRunner): Promise<void> {
  const data = epic40kData();
  const result = await runner.run(o, { spec: job.spec, scenario: job.scenario, matchup: job.matchup });
  if (o.out !== undefined) {
    const { writeCommandReport } = await import('../../../reports/runReport.js');
    await writeCommandReport(o.out, job.spec, result, o, { title: job.title, data, unsupported: job.unsupported });
  }
  if (o.json) {
    process.stdout.write(JSON.stringify(epic40kJobJson(job, result, o.seed), null, 2) + '\n');
    return;
  }
  process.stdout.write(`${job.title}\n`);
  process.stdout.write(`${result.trials.toLocaleString('en')} trials, seed "${o.seed}", rules epic40k, data ${data.id} ${data.version}\n\n`);
  printEngagementOutcome(job, result);
  // In the text output only: --json carries them in its "unsupported" (print.ts warnNotSimulated).
  warnNotSimulated(job.unsupported);
}

/** The `--json` of an Epic 40,000 job: NetEA's contract (the same fields), plus `rules`. */
export function epic40kJobJson(job: Epic40kJob, result: SimulationResult, seed: string) {
  // oneStepJson reads only the name and points of the two formations.
  const json = oneStepJson(result, seed, epic40kData(), job.attacker as unknown as FormationSpec, job.target as unknown as FormationSpec, job.unsupported, job.command === 'assault' ? { assault: assaultJson(result) } : {});
  return { rules: 'epic40k' as const, ...json };
}
