import { outcomeAt } from '../reports/aggregate.js';
import { assaultJson } from './oneStepJobs.js';
import { heresyData, heresyJobJson, type HeresyJob } from './heresyJobs.js';
import { printOutcomeTable, unsupportedNote } from './print.js';
import { runSimulation, type SimOptions } from './simOptions.js';

/**
 * Runs a Heresy job and prints it as `shoot`/`assault` print the other
 * systems': the table (its "Blast markers" are suppression chits, "broken"
 * Routed or past the break point), --json, --out with report.html and CSV.
 */
export async function runHeresyJob(job: HeresyJob, o: SimOptions & { out?: string }): Promise<void> {
  const data = heresyData(job.data);
  const result = await runSimulation(o, { spec: job.spec, scenario: job.scenario, matchup: job.matchup });
  if (o.out !== undefined) {
    const { writeCommandReport } = await import('../reports/runReport.js');
    await writeCommandReport(o.out, job.spec, result, o, { title: job.title, data, unsupported: job.unsupported });
  }
  if (o.json) {
    process.stdout.write(JSON.stringify(heresyJobJson(job, result, o.seed), null, 2) + '\n');
    return;
  }
  process.stdout.write(`${job.title}\n`);
  process.stdout.write(`${result.trials.toLocaleString('en')} trials, seed "${o.seed}", rules heresy, data ${data.id} ${data.version}\n`);
  process.stdout.write('(Blast markers = suppression chits; broken = Routed or past the break point)\n\n');
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
