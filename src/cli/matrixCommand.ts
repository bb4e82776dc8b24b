import { SHOOT_ACTIONS } from '../rulesets/netea/scenarios/oneStepJobs.js';
import { Option, type Command } from 'commander';
import { loadDataset } from '../model/loadDataset.js';
import { checkOutTarget } from '../reports/outTarget.js';
import { DEFAULT_GAPS, ENGAGEMENT_KINDS } from '../reports/engagementKinds.js';
import { armyFormations, findArmy } from '../reports/matrix.js';
import { chartContext } from '../reports/report.js';
import { runMeta } from '../reports/runReport.js';
import { matrixSection } from '../reports/sections/matrixSection.js';
import { writeRunReport } from '../reports/writeRunReport.js';
import { rejectRunOptions } from './fairCost.js';
import { nonNegativeNumber } from './options.js';
import { battleMatrix } from './matrixBattle.js';
import { addSimOptions } from './simOptions.js';
import { addRulesOption, HERESY_HAS_NO_POINTS } from './rulesOption.js';
import { matrixJson, type MatrixOptions, printMatrix, runMatrixOnPool } from './matrix.js';
import { SYSTEM_COMMANDS } from './registry.js';
import { overlayHeader, warnNotSimulated } from './print.js';
import { DEFAULT_BATTLE_TRIALS, DEFAULT_MATRIX_ENGAGEMENT_TRIALS } from '../model/runDefaults.js';

export function registerMatrix(program: Command): void {
  const cmd = program
    .command('matrix')
    .description('every formation of one army list against every formation of another: value per point in the reference battle, or with --engagement the points-efficiency matrix of one engagement')
    .argument('<army>', 'the acting army list, e.g. "codex-astartes"')
    .requiredOption('--vs <army>', 'the target army list, e.g. "ork-war-horde"')
    .addOption(new Option('--battle <file>', 'the battle file (default: battles/reference.json)'))
    .addOption(new Option('--metric <metric>', 'in a battle: what parity means (docs/fair-cost.md)').choices(['efficiency', 'exchange']))
    .addOption(new Option('--engagement <kind>', 'instead of the battle, one engagement: what the row formation does to the column formation (points destroyed per 100 points)').choices([...ENGAGEMENT_KINDS]))
    .addOption(new Option('--action <action>', 'the row formation\'s action when it shoots').choices(SHOOT_ACTIONS).default('advance'))
    .addOption(new Option('--gap <cm>', 'distance between the front ranks (default: 30 for shoot, 10 with an assault)').argParser(nonNegativeNumber('--gap')))
    .option('--out <dir>', 'write the report folder (report.html, CSV, charts, manifest.json) to this directory');
  addRulesOption(cmd, 'rule system: NetEA, or Epic 40,000 (each priced unit of a BattleBible list as a detachment of about 150 points; docs/epic40k.md); not rulebook-2004 or heresy', {
    'rulebook-2004': 'a matrix plays NetEA\'s rules (the 2004 rulebook\'s switches are not passed to its cells yet; `fair-cost --rules rulebook-2004` and `audit --rules rulebook-2004` value formations under them)',
    heresy: HERESY_HAS_NO_POINTS,
  });
  addSimOptions(cmd, DEFAULT_BATTLE_TRIALS)
    .addHelpText('after', '\nExamples:\n  epic-balance matrix codex-astartes --vs ork-war-horde --out out/marines-vs-orks\n  epic-balance matrix codex-astartes --vs ork-war-horde --engagement shoot --trials 20000')
    .action(async (armyText: string, o: MatrixOptions & { rules: 'netea' | 'epic40k' }, command: Command) => {
      rejectRunOptions(o, 'matrix');
      if (o.out !== undefined) checkOutTarget(o.out, '--out', 'report');
      const own = SYSTEM_COMMANDS[o.rules]?.matrix;
      if (own !== undefined) return own(armyText, o, command);
      const data = loadDataset(o.data, o.datasheet);
      const rows = armyFormations(data, findArmy(data, armyText, 'argument <army>'));
      const cols = armyFormations(data, findArmy(data, o.vs, 'option --vs'));
      if (o.engagement === undefined) {
        for (const s of [...rows.skipped.map((x) => [rows.army.name, x] as const), ...cols.skipped.map((x) => [cols.army.name, x] as const)]) {
          process.stderr.write(`skipping ${s[0]} ${s[1].name}: ${s[1].reason}\n`);
        }
        await battleMatrix(data, rows, cols, o);
        return;
      }
      if (command.getOptionValueSource('trials') === 'default') o.trials = DEFAULT_MATRIX_ENGAGEMENT_TRIALS;
      const engagement = { kind: o.engagement, action: o.action, gap: o.gap ?? DEFAULT_GAPS[o.engagement] };
      for (const s of [...rows.skipped.map((x) => [rows.army.name, x] as const), ...cols.skipped.map((x) => [cols.army.name, x] as const)]) {
        process.stderr.write(`skipping ${s[0]} ${s[1].name}: ${s[1].reason}\n`);
      }
      const result = await runMatrixOnPool({ rows, cols, engagement }, o, 'matrix');
      const unsupported = [...new Set([...rows.formations, ...cols.formations].flatMap((f) => f.spec.unsupported))];
      if (o.json) process.stdout.write(JSON.stringify({ trials: o.trials, seed: o.seed, chunkSize: o.chunkSize, data: { id: data.id, version: data.version }, ...matrixJson(result), unsupported }, null, 2) + '\n');
      else {
        process.stdout.write(overlayHeader(data));
        printMatrix(result);
      }
      if (!o.json) warnNotSimulated(unsupported);
      if (o.out !== undefined) {
        const meta = runMeta({
          title: `Points-efficiency matrix: ${rows.army.name} against ${cols.army.name}`,
          argv: process.argv.slice(2),
          seed: o.seed,
          trials: o.trials,
          chunkSize: o.chunkSize,
          data,
          simulations: result.simulations,
          timings: { simulationMs: Math.round(result.elapsedMs) },
          notes: [...rows.skipped.map((x) => `Skipped ${rows.army.name} ${x.name}: ${x.reason}.`), ...cols.skipped.map((x) => `Skipped ${cols.army.name} ${x.name}: ${x.reason}.`), ...unsupported.map((n) => `Not simulated: ${n}`)],
        });
        const written = await writeRunReport({ meta, sections: [matrixSection(result, chartContext(meta))] }, o.out);
        if (o.quiet !== true) process.stderr.write(`wrote ${written.dir}/report.html and ${written.files.length - 1} more files\n`);
      }
    });
}
