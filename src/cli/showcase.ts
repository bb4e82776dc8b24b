import { join } from 'node:path';
import { Option, type Command } from 'commander';
import { projectRoot } from '../model/projectRoot.js';
import { checkOutTarget } from '../reports/outTarget.js';
import { addSimOptions, type SimOptions } from './simOptions.js';
import type { SimulationRunner } from './simulationRunner.js';
import { commandArgs, executeExperiment, fileDefaults, prepareExperiment, tableRow, writeExperimentReport, type ExperimentOutcome, type SummaryRow } from './run.js';
import { DEFAULT_TRIALS } from '../model/runDefaults.js';

/** The shipped experiments `npm start` runs: small enough to finish in well under a minute on two cores. */
export const SHOWCASE = ['tactical-vs-warband', 'devastator-actions', 'steel-legion-ork-duel', 'warhound-fair-cost'] as const;

export const SHOWCASE_OUT = join('out', 'showcase');

interface ShowcaseOptions extends SimOptions {
  out: string;
}

/**
 * One table: per experiment its headline rows, value and 95% interval. When
 * every row of an experiment measures the same thing (one per variant), that
 * measure heads the block and the variants label the rows.
 */
export function showcaseTable(outcomes: ExperimentOutcome[]): string {
  const blocks = outcomes.map((x) => {
    const rows = x.headline;
    const same = rows.length > 1 && rows.every((r) => r.what === rows[0]!.what);
    const label = (r: SummaryRow) => (same ? r.group : r.group === x.name ? r.what : `${r.group}: ${r.what}`);
    return { x, head: same ? rows[0]!.what : null, rows: rows.map((r) => ({ label: label(r), value: r.value, ci: r.ci })) };
  });
  const w = Math.min(64, Math.max(20, ...blocks.flatMap((b) => b.rows.map((r) => r.label.length))));
  let s = '';
  for (const b of blocks) {
    s += `\n${b.x.title} (${b.x.trials.toLocaleString('en')} trials per simulation)\n`;
    if (b.head) s += `  ${b.head}:\n`;
    for (const r of b.rows) s += tableRow(b.head ? '    ' : '  ', r.label, b.head ? w - 2 : w, r.value, r.ci);
  }
  return s;
}

export function registerShowcase(program: Command, runner: SimulationRunner): void {
  const cmd = program
    .command('showcase')
    .description(`run a few shipped experiments (${SHOWCASE.join(', ')}) and write one report: what \`npm start\` does`)
    .addOption(new Option('--out <dir>', 'the report folder').default(SHOWCASE_OUT));
  addSimOptions(cmd, DEFAULT_TRIALS);
  fileDefaults(cmd);
  cmd
    .addHelpText(
      'after',
      `
Each experiment runs with the trials and seed of its file in experiments/ unless --trials or --seed is given, so the numbers are those of \`epic-balance run experiments/<name>.json\`.

Example:
  epic-balance showcase --trials 20000 --out out/showcase`,
    )
    .action(async (o: ShowcaseOptions, self: Command) => {
      const started = performance.now();
      checkOutTarget(o.out, '--out', 'report');
      const given = (option: string) => {
        const source = self.getOptionValueSource(option);
        return source !== undefined && source !== 'default';
      };
      const root = projectRoot();
      // Load and check everything before the first simulation.
      const prepared = SHOWCASE.map((name) => prepareExperiment(join(root, 'experiments', `${name}.json`), o, given));
      const argv = commandArgs(self);
      const outcomes: ExperimentOutcome[] = [];
      for (const p of prepared) {
        if (o.quiet !== true) process.stderr.write(`running ${p.loaded.experiment.name} ...\n`);
        outcomes.push(await executeExperiment(p, o, argv, runner));
      }
      const written = await writeExperimentReport(outcomes, o.out, argv, 'epic-balance showcase');
      const report = join(written.dir, 'report.html');
      const seconds = (performance.now() - started) / 1000;
      if (o.json) {
        process.stdout.write(JSON.stringify({ report, seconds, experiments: outcomes.map((x) => ({ experiment: x.name, trials: x.trials, seed: x.settings.seed, headline: x.headline })) }, null, 2) + '\n');
        return;
      }
      process.stdout.write(`epic-balance showcase: ${outcomes.length} shipped experiments, seed "${outcomes[0]!.settings.seed}", data ${outcomes[0]!.data.id} (95% intervals in brackets)\n`);
      process.stdout.write(showcaseTable(outcomes));
      process.stdout.write(`\nfinished in ${seconds.toFixed(1)} s\nreport: ${report}\nnext: open the report, or run one experiment in full with  npx epic-balance run experiments/${SHOWCASE[0]}.json\n`);
    });
}
