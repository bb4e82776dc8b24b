import { Option, type Command } from 'commander';
import { addRulesOption } from '../../../cli/rulesOption.js';
import { EPIC40K_ORDERS } from '../model/spec.js';
import { epic40kData, epic40kJobJson, type Epic40kJob } from '../scenarios/epic40kJobs.js';
import { printEngagementOutcome, warnNotSimulated } from '../../../cli/print.js';
import type { SimOptions } from '../../../cli/simOptions.js';
import type { SimulationRunner } from '../../../cli/simulationRunner.js';

/** --rules, --order and --target-order: what `shoot` and `assault` add for the other rule systems (all four play them). */
export function addRulesOptions(cmd: Command): Command {
  return addRulesOption(cmd, 'rule system: NetEA Epic Armageddon, the 2004 rulebook (rulebook-2004), Epic 40,000 (BattleBible 1998; detachments written as units, e.g. "6 Space Marines, 2 Rhino") or Heresy (heresy: units of its profiles)')
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
