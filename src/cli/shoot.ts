import { Option, type Command } from 'commander';
import { loadDataset } from '../model/loadDataset.js';
import { checkOutTarget } from '../reports/outTarget.js';
import { outcomeAt } from '../reports/aggregate.js';
import { DEFAULT_GAP } from '../rulesets/netea/engine/engagements.js';
import { addRankOptions, collect, nonNegativeNumber, wholeNumber } from './options.js';
import { addSimOptions, type SimOptions } from './simOptions.js';
import type { SimulationRunner } from './simulationRunner.js';
import { jobJson, SHOOT_ACTIONS, shootJob, withRulesVariant, type ShootWords } from '../rulesets/netea/scenarios/oneStepJobs.js';
import { printOutcomeTable, warnNotSimulated } from './print.js';
import { addRulesOptions, runEpic40kJob } from '../rulesets/epic40k/cli/epic40kCommands.js';
import { heresyShootJob, rejectForHeresy } from '../rulesets/heresy/scenarios/heresyJobs.js';
import { runHeresyJob } from '../rulesets/heresy/cli/heresyCommands.js';
import { epic40kShootJob, rejectNeteaOptions, type Epic40kWords } from '../rulesets/epic40k/scenarios/epic40kJobs.js';
import type { RuleSystem } from './rulesOption.js';
import { DEFAULT_TRIALS } from '../model/runDefaults.js';

export { checkEmbarkation, oneStepJson, outcomeJson, parseCover } from '../rulesets/netea/scenarios/oneStepJobs.js';

/** What commander hands the action: the words of the shot (oneStepJobs.ts), the run options and --out. */
type ShootOptions = SimOptions & Omit<ShootWords, 'formation' | 'gapGiven'> & { out?: string; rules: RuleSystem } & Pick<Epic40kWords, 'order' | 'targetOrder'>;

export function registerShoot(program: Command, runner: SimulationRunner): void {
  const cmd = program
    .command('shoot')
    .description('one formation shoots another: units killed, break chance, Blast markers')
    .argument('<formation>', 'the shooting formation: "4 Devastator", "6 Tactical, 3 Rhino" or "codex-astartes/devastator"')
    .requiredOption('--at <formation>', 'the target formation, same syntax')
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
  addSimOptions(addRankOptions(addRulesOptions(cmd)), DEFAULT_TRIALS)
    .addHelpText('after', '\nExamples:\n  epic-balance shoot "4 Devastator" --at "8 Ork Boyz" --action sustained --trials 200000\n  epic-balance shoot "2 Thunderbolt" --at "steel-legion/mechanised-infantry-company" --flak "3 Hydra"\n\nWhen a side flies, the attack follows the aerospace rules: aircraft at a ground formation make a ground attack through its flak;\na ground formation at aircraft fires flak; fighters at aircraft intercept; a spacecraft bombards from orbit.')
    .action(async (text: string, o: ShootOptions, command: Command) => {
      if (o.out !== undefined) checkOutTarget(o.out, '--out', 'report');
      if (o.rules === 'heresy') {
        const given = (name: string) => command.getOptionValueSource(name) === 'cli';
        rejectForHeresy([['--action', given('action')], ['--crossfire', o.crossfire === true], ['--embarked', o.embarked === true], ['--flak', o.flak.length > 0], ['--cap', o.cap !== undefined], ['--test', o.test === true], ['--order', o.order !== undefined], ['--target-order', o.targetOrder !== undefined], ['--bm', o.bm !== 0], ['--target-bm', o.targetBm !== 0]]);
        await runHeresyJob(heresyShootJob({ ...o, formation: text, gapGiven: given('gap') }), o, runner);
        return;
      }
      if (o.rules === 'epic40k') {
        const given = (name: string) => command.getOptionValueSource(name) === 'cli';
        rejectNeteaOptions([['--action', given('action')], ['--crossfire', o.crossfire === true], ['--embarked', o.embarked === true], ['--flak', o.flak.length > 0], ['--cap', o.cap !== undefined], ['--data', o.data !== undefined], ['--test', o.test === true]]);
        await runEpic40kJob(epic40kShootJob({ ...o, formation: text }), o, runner);
        return;
      }
      const data = loadDataset(o.data, o.datasheet);
      const job = withRulesVariant(shootJob(data, { ...o, formation: text, gapGiven: command.getOptionValueSource('gap') !== 'default' }), o.rules === 'rulebook-2004' ? 'rulebook-2004' : 'netea');
      const result = await runner.run(o, { spec: job.spec, scenario: job.scenario, matchup: job.matchup });
      if (o.out !== undefined) await (await import('../reports/runReport.js')).writeCommandReport(o.out, job.spec, result, o, { title: job.title, data, unsupported: job.unsupported });
      if (o.json) {
        process.stdout.write(JSON.stringify(jobJson(job, result, o.seed, data), null, 2) + '\n');
        return;
      }
      process.stdout.write(`${job.title}\n`);
      process.stdout.write(`${result.trials.toLocaleString('en')} trials, seed "${o.seed}", ${o.rules === 'rulebook-2004' ? 'rules rulebook-2004, ' : ''}data ${data.id} ${data.version}\n\n`);
      printOutcomeTable(job.target.name, outcomeAt(result.tally, result.layout, 0, 1), job.target.points);
      // A ground attack: what the flak and any interceptors cost the aircraft.
      if (job.kind === 'ground-attack') {
        process.stdout.write('\n');
        printOutcomeTable(job.attacker.name, outcomeAt(result.tally, result.layout, 0, 0), job.attacker.points);
      }
      // In the text output only: --json carries them in its "unsupported" (print.ts warnNotSimulated).
      warnNotSimulated(job.unsupported);
    });
}
