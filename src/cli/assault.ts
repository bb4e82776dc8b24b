import { Option, type Command } from 'commander';
import { loadDataset } from '../model/loadDataset.js';
import { checkOutTarget } from '../reports/outTarget.js';
import { outcomeAt } from '../reports/aggregate.js';
import { addRankOptions, collect, nonNegativeNumber, wholeNumber } from './options.js';
import { addSimOptions, type SimOptions } from './simOptions.js';
import type { SimulationRunner } from './simulationRunner.js';
import { printOutcomeTable, warnNotSimulated } from './print.js';
import { assaultJob, assaultJson, DEFAULT_ASSAULT_GAP, jobJson, withRulesVariant, type AssaultWords } from '../rulesets/netea/scenarios/oneStepJobs.js';
import { addRulesOptions, runEpic40kJob } from '../rulesets/epic40k/cli/epic40kCommands.js';
import { heresyAssaultJob, rejectForHeresy } from '../rulesets/heresy/scenarios/heresyJobs.js';
import { runHeresyJob } from '../rulesets/heresy/cli/heresyCommands.js';
import { epic40kAssaultJob, rejectNeteaOptions, type Epic40kWords } from '../rulesets/epic40k/scenarios/epic40kJobs.js';
import type { RuleSystem } from './rulesOption.js';
import { DEFAULT_TRIALS } from '../model/runDefaults.js';

export { DEFAULT_ASSAULT_GAP } from '../rulesets/netea/scenarios/oneStepJobs.js';

/** What commander hands the action: the words of the assault (oneStepJobs.ts), the run options and --out. */
type AssaultOptions = SimOptions & Omit<AssaultWords, 'formation'> & { out?: string; rules: RuleSystem } & Pick<Epic40kWords, 'order' | 'targetOrder'>;

export function registerAssault(program: Command, runner: SimulationRunner): void {
  const cmd = program
    .command('assault')
    .description('one formation assaults another: who wins, units killed on both sides, break chance')
    .argument('<formation>', 'the assaulting formation: "8 Boyz", "6 Tactical, 3 Rhino" or "codex-astartes/tactical"')
    .requiredOption('--at <formation>', 'the target formation, same syntax')
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
  addSimOptions(addRankOptions(addRulesOptions(cmd)), DEFAULT_TRIALS)
    .addHelpText('after', '\nExample:\n  epic-balance assault "codex-astartes/tactical" --at "ork-war-horde/warband" --support "4 Devastator" --trials 100000')
    .action(async (text: string, o: AssaultOptions) => {
      if (o.out !== undefined) checkOutTarget(o.out, '--out', 'report');
      if (o.rules === 'heresy') {
        rejectForHeresy([['--embarked', o.embarked === true], ['--attacker-embarked', o.attackerEmbarked === true], ['--contact', o.contact !== undefined], ['--test', o.test === true], ['--support-gap', o.supportGap !== undefined], ['--order', o.order !== undefined], ['--target-order', o.targetOrder !== undefined], ['--bm', o.bm !== 0], ['--target-bm', o.targetBm !== 0]]);
        await runHeresyJob(heresyAssaultJob({ ...o, formation: text }), o, runner);
        return;
      }
      if (o.rules === 'epic40k') {
        rejectNeteaOptions([['--embarked', o.embarked === true], ['--attacker-embarked', o.attackerEmbarked === true], ['--contact', o.contact !== undefined], ['--data', o.data !== undefined], ['--test', o.test === true], ['--support-gap', o.supportGap !== undefined]]);
        await runEpic40kJob(epic40kAssaultJob({ ...o, formation: text }), o, runner);
        return;
      }
      const data = loadDataset(o.data, o.datasheet);
      const job = withRulesVariant(assaultJob(data, { ...o, formation: text }), o.rules === 'rulebook-2004' ? 'rulebook-2004' : 'netea');
      const result = await runner.run(o, { spec: job.spec, scenario: job.scenario, matchup: job.matchup });
      if (o.out !== undefined) {
        const { writeCommandReport } = await import('../reports/runReport.js');
        await writeCommandReport(o.out, job.spec, result, o, { title: job.title, data, unsupported: job.unsupported });
      }
      if (o.json) {
        process.stdout.write(JSON.stringify(jobJson(job, result, o.seed, data), null, 2) + '\n');
        return;
      }
      const assault = assaultJson(result);
      const pct = (p: { p: number; ci95: [number, number] }) => `${(100 * p.p).toFixed(1)}% [${(100 * p.ci95[0]).toFixed(1)}%, ${(100 * p.ci95[1]).toFixed(1)}%]`;
      process.stdout.write(`${job.title}\n`);
      process.stdout.write(`${result.trials.toLocaleString('en')} trials, seed "${o.seed}", ${o.rules === 'rulebook-2004' ? 'rules rulebook-2004, ' : ''}data ${data.id} ${data.version}\n\n`);
      process.stdout.write(`  P(attacker wins)      ${pct(assault.attackerWins)}\n`);
      process.stdout.write(`  P(defender wins)      ${pct(assault.defenderWins)}\n`);
      if (assault.noResult.p > 0) process.stdout.write(`  P(no result)          ${pct(assault.noResult)}\n`);
      process.stdout.write(`  rounds (mean)         ${assault.rounds.mean.toFixed(2)}\n\n`);
      printOutcomeTable(`Attacker: ${job.attacker.name}`, outcomeAt(result.tally, result.layout, 0, 0), job.attacker.points);
      process.stdout.write('\n');
      printOutcomeTable(`Target: ${job.target.name}`, outcomeAt(result.tally, result.layout, 0, 1), job.target.points);
      // In the text output only: --json carries them in its "unsupported" (print.ts warnNotSimulated).
      warnNotSimulated(job.unsupported);
    });
}
