import { Option, type Command } from 'commander';
import { outcomeAt } from '../reports/aggregate.js';
import { EPIC40K_ORDERS } from '../sim/rulesets/epic40k/spec.js';
import { assaultJson } from './oneStepJobs.js';
import { epic40kData, epic40kJobJson, RULES_SYSTEMS, type Epic40kJob } from './epic40kJobs.js';
import { printOutcomeTable, unsupportedNote } from './print.js';
import { runSimulation, type SimOptions } from './simOptions.js';

/** --rules, --order and --target-order: what `shoot` and `assault` add for a second rule system. */
export function addRulesOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--rules <system>', 'rule system: NetEA Epic Armageddon, or Epic 40,000 (BattleBible 1998; detachments written as units, e.g. "6 Space Marines, 2 Rhino")').choices(RULES_SYSTEMS).default('netea'))
    .addOption(new Option('--order <order>', 'epic40k: the acting detachment\'s orders (L920-942)').choices(EPIC40K_ORDERS))
    .addOption(new Option('--target-order <order>', 'epic40k: the target\'s orders (a marching target is hit on column A, L1079)').choices(EPIC40K_ORDERS));
}

/** Runs an Epic 40,000 job and prints it as `shoot`/`assault` print NetEA's: the table, --json, --out. */
export async function runEpic40kJob(job: Epic40kJob, o: SimOptions & { out?: string }): Promise<void> {
  const data = epic40kData();
  const result = await runSimulation(o, { spec: job.spec, scenario: job.scenario, matchup: job.matchup });
  if (o.out !== undefined) {
    const { writeCommandReport } = await import('../reports/runReport.js');
    await writeCommandReport(o.out, job.spec, result, o, { title: job.title, data, unsupported: job.unsupported });
  }
  if (o.json) {
    process.stdout.write(JSON.stringify(epic40kJobJson(job, result, o.seed), null, 2) + '\n');
    return;
  }
  process.stdout.write(`${job.title}\n`);
  process.stdout.write(`${result.trials.toLocaleString('en')} trials, seed "${o.seed}", rules epic40k, data ${data.id} ${data.version}\n\n`);
  if (job.command === 'assault') {
    const a = assaultJson(result);
    const pct = (p: { p: number; ci95: [number, number] }) => `${(100 * p.p).toFixed(1)}% [${(100 * p.ci95[0]).toFixed(1)}%, ${(100 * p.ci95[1]).toFixed(1)}%]`;
    process.stdout.write(`  P(attacker wins)      ${pct(a.attackerWins)}\n  P(defender wins)      ${pct(a.defenderWins)}\n`);
    if (a.noResult.p > 0) process.stdout.write(`  P(no result)          ${pct(a.noResult)}\n`);
    process.stdout.write(`  P(no combat)          ${pct({ p: 1 - a.fought.p, ci95: [1 - a.fought.ci95[1], 1 - a.fought.ci95[0]] })}\n\n`);
    printOutcomeTable(`Attacker: ${job.attacker.name}`, outcomeAt(result.tally, result.layout, 0, 0), job.attacker.points);
    process.stdout.write('\n');
    printOutcomeTable(`Target: ${job.target.name}`, outcomeAt(result.tally, result.layout, 0, 1), job.target.points);
  } else {
    printOutcomeTable(job.target.name, outcomeAt(result.tally, result.layout, 0, 1), job.target.points);
  }
  if (job.unsupported.length > 0 && o.quiet !== true) process.stderr.write(unsupportedNote(job.unsupported));
}
