import { Option, type Command } from 'commander';
import type { Dataset } from '../../../model/dataset.js';
import { loadDataset } from '../../../model/loadDataset.js';
import type { SimulationResult } from '../../../run/simulate.js';
import { outcomeAt } from '../../../reports/aggregate.js';
import { DEFAULT_GAP } from '../engine/engagements.js';
import { collect, nonNegativeNumber, wholeNumber } from '../../../cli/options.js';
import type { SimOptions } from '../../../cli/simOptions.js';
import type { SimulationRunner } from '../../../cli/simulationRunner.js';
import { printOutcomeTable, warnNotSimulated } from '../../../cli/print.js';
import type { CommandCall } from '../../../cli/ruleSystemCommands.js';
import { assaultJson, jobJson } from '../../../reports/oneStepJson.js';
import { assaultJob, shootJob, withRulesVariant, type AssaultWords, type ShootWords, type OneStepJob } from '../scenarios/oneStepJobs.js';
import { DEFAULT_ASSAULT_GAP } from '../../../model/engagementGeometry.js';
import { SHOOT_ACTIONS } from '../../../model/shootActions.js';
import { rulesVariantOf } from '../model/rulesVariant.js';

/** What commander hands `shoot`: the words of the shot (oneStepJobs.ts), the run options and --out. */
type ShootOptions = SimOptions & Omit<ShootWords, 'formation' | 'gapGiven'> & { out?: string };
/** What commander hands `assault`: the words of the assault (oneStepJobs.ts), the run options and --out. */
type AssaultOptions = SimOptions & Omit<AssaultWords, 'formation'> & { out?: string };

/** The words of `shoot` (the other systems read those they share: --gap, --cover, --bm...). */
export function addShootWords(cmd: Command): Command {
  return cmd
    .addOption(new Option('--action <action>', 'the shooter\'s action').choices(SHOOT_ACTIONS).default('advance'))
    .option('--cover [save]', 'target in cover: -1 to hit; with a value, infantry also get that cover save (woods 5, ruins 4); or a fortified position: bunker, gun-emplacement, trench')
    .option('--crossfire', 'the shot is a crossfire (-1 to saves, 2 Blast markers for the first kill)')
    .addOption(new Option('--gap <cm>', 'distance between the two front ranks').default(DEFAULT_GAP).argParser(nonNegativeNumber('--gap')))
    .addOption(new Option('--bm <n>', 'Blast markers on the shooter').default(0).argParser(wholeNumber('--bm', 0)))
    .addOption(new Option('--target-bm <n>', 'Blast markers on the target').default(0).argParser(wholeNumber('--target-bm', 0)))
    .option('--target-broken', 'the target is already broken')
    .option('--embarked', 'the target\'s units that can ride start in its transports: not hit until a transport is destroyed')
    .addOption(new Option('--flak <formation>', 'ground attack: another formation of the target\'s side firing flak (repeatable)').default([]).argParser(collect))
    .option('--no-target-flak', 'ground attack: the target does not fire its own AA weapons')
    .option('--cap <formation>', 'ground attack: enemy fighters on combat air patrol intercept first')
    .addOption(new Option('--phase <phase>', 'flak: as the aircraft approach, or as they disengage in the end phase').choices(['approach', 'disengagement']).default('approach'))
    .option('--moved', 'flak in the disengagement phase from a formation that took a move action (-1 to hit)')
    .option('--test', 'aircraft and spacecraft: take the action test first (-1 per Blast marker; a failure is a stand down)');
}

/** The words of `assault`. */
export function addAssaultWords(cmd: Command): Command {
  return cmd
    .addOption(new Option('--support <formation>', 'a formation of the attacker\'s side lending supporting fire (repeatable)').default([]).argParser(collect))
    .addOption(new Option('--target-support <formation>', 'a formation of the target\'s side lending supporting fire (repeatable)').default([]).argParser(collect))
    .addOption(new Option('--gap <cm>', 'distance between the two front ranks before the charge').default(DEFAULT_ASSAULT_GAP).argParser(nonNegativeNumber('--gap')))
    .addOption(new Option('--support-gap <cm>', 'distance from supporting formations to the enemy front (default: --gap)').argParser(nonNegativeNumber('--support-gap')))
    .addOption(new Option('--bm <n>', 'Blast markers on the attacker').default(0).argParser(wholeNumber('--bm', 0)))
    .addOption(new Option('--target-bm <n>', 'Blast markers on the target').default(0).argParser(wholeNumber('--target-bm', 0)))
    .option('--target-broken', 'the target is already broken (if it loses, it is destroyed)')
    .option('--cover [save]', 'target infantry in cover: with a value, their cover save in the assault (woods 5, ruins 4); or a fortified position: bunker, gun-emplacement, trench')
    .option('--test', 'take the engage action test first (a failure means a hold action and a Blast marker)')
    .option('--embarked', 'the target\'s units that can ride start in its transports and stay there: they count, but do not fight')
    .option('--attacker-embarked', 'the attacker\'s units that can ride start in its transports and disembark at the charge, within 5 cm of them')
    .addOption(new Option('--contact <n>', 'attackers allowed in base contact (default: all that can reach, two per defender)').argParser(wholeNumber('--contact', 0)));
}

/** The run, --out and --json every NetEA one-step job shares; the text is the caller's. */
async function runJob(job: OneStepJob, data: Dataset, rules: string, o: SimOptions & { out?: string }, runner: SimulationRunner): Promise<{ result: SimulationResult; header: string } | null> {
  const result = await runner.run(o, { spec: job.spec, scenario: job.scenario, matchup: job.matchup });
  if (o.out !== undefined) {
    const { writeCommandReport } = await import('../../../reports/runReport.js');
    await writeCommandReport(o.out, job.spec, result, o, { title: job.title, data, unsupported: job.unsupported });
  }
  if (o.json) {
    process.stdout.write(JSON.stringify(jobJson(job, result, o.seed, data), null, 2) + '\n');
    return null;
  }
  const header = `${job.title}\n${result.trials.toLocaleString('en')} trials, seed "${o.seed}", ${rules === 'rulebook-2004' ? 'rules rulebook-2004, ' : ''}data ${data.id} ${data.version}\n\n`;
  return { result, header };
}

/** `shoot` under NetEA or its 2004 rulebook variant. */
export async function neteaShoot({ rules, operand, o: options, command, runner }: CommandCall): Promise<void> {
  const o = options as ShootOptions;
  const data = loadDataset(o.data, o.datasheet);
  const job = withRulesVariant(shootJob(data, { ...o, formation: operand!, gapGiven: command.getOptionValueSource('gap') !== 'default' }), rulesVariantOf(rules));
  const done = await runJob(job, data, rules, o, runner);
  if (done === null) return;
  process.stdout.write(done.header);
  printOutcomeTable(job.target.name, outcomeAt(done.result.tally, done.result.layout, 0, 1), job.target.points);
  // A ground attack: what the flak and any interceptors cost the aircraft.
  if (job.kind === 'ground-attack') {
    process.stdout.write('\n');
    printOutcomeTable(job.attacker.name, outcomeAt(done.result.tally, done.result.layout, 0, 0), job.attacker.points);
  }
  // In the text output only: --json carries them in its "unsupported" (print.ts warnNotSimulated).
  warnNotSimulated(job.unsupported);
}

/** `assault` under NetEA or its 2004 rulebook variant. */
export async function neteaAssault({ rules, operand, o: options, runner }: CommandCall): Promise<void> {
  const o = options as AssaultOptions;
  const data = loadDataset(o.data, o.datasheet);
  const job = withRulesVariant(assaultJob(data, { ...o, formation: operand! }), rulesVariantOf(rules));
  const done = await runJob(job, data, rules, o, runner);
  if (done === null) return;
  const assault = assaultJson(done.result);
  const pct = (p: { p: number; ci95: [number, number] }) => `${(100 * p.p).toFixed(1)}% [${(100 * p.ci95[0]).toFixed(1)}%, ${(100 * p.ci95[1]).toFixed(1)}%]`;
  process.stdout.write(done.header);
  process.stdout.write(`  P(attacker wins)      ${pct(assault.attackerWins)}\n`);
  process.stdout.write(`  P(defender wins)      ${pct(assault.defenderWins)}\n`);
  if (assault.noResult.p > 0) process.stdout.write(`  P(no result)          ${pct(assault.noResult)}\n`);
  process.stdout.write(`  rounds (mean)         ${assault.rounds.mean.toFixed(2)}\n\n`);
  printOutcomeTable(`Attacker: ${job.attacker.name}`, outcomeAt(done.result.tally, done.result.layout, 0, 0), job.attacker.points);
  process.stdout.write('\n');
  printOutcomeTable(`Target: ${job.target.name}`, outcomeAt(done.result.tally, done.result.layout, 0, 1), job.target.points);
  // In the text output only: --json carries them in its "unsupported" (print.ts warnNotSimulated).
  warnNotSimulated(job.unsupported);
}
