import { SHOOT_ACTIONS } from './oneStepJobs.js';
import { Option, type Command } from 'commander';
import { loadDataset } from '../model/loadDataset.js';
import { checkOutTarget } from '../reports/outTarget.js';
import type { ActionName } from '../sim/rulesets/netea/spec.js';
import { DEFAULT_GAPS, describeEngagement, ENGAGEMENT_KINDS, type EngagementKind } from '../reports/engagementKinds.js';
import { armyFormations, findArmy, runMatrix, type MatrixResult } from '../reports/matrix.js';
import { chartContext } from '../reports/report.js';
import { runMeta } from '../reports/runReport.js';
import { matrixSection } from '../reports/sections/matrixSection.js';
import { writeRunReport } from '../reports/writeRunReport.js';
import { rejectRunOptions } from './fairCost.js';
import { nonNegativeNumber } from './options.js';
import { countTrials } from '../workers/interrupt.js';
import { ChunkPool } from '../workers/pool.js';
import { simulate } from '../workers/simulate.js';
import { battleMatrix } from './matrixBattle.js';
import { addSimOptions, type SimOptions } from './simOptions.js';
import { addRulesOption, HERESY_HAS_NO_POINTS } from './rulesOption.js';


interface MatrixOptions extends SimOptions {
  vs: string;
  engagement?: EngagementKind;
  battle?: string;
  metric?: string;
  action: ActionName;
  gap?: number;
  out?: string;
}

export function printMatrix(m: MatrixResult): void {
  const w = 8;
  let s = `Points destroyed per 100 points: ${m.rows.army.name} (rows) acting on ${m.cols.army.name} (columns), ${m.described ?? describeEngagement(m.engagement)}\n\n`;
  s += m.cols.formations.map((c, j) => `  [${j + 1}] ${c.label}\n`).join('') + '\n';
  s += `${''.padEnd(40)}${m.cols.formations.map((_, j) => `[${j + 1}]`.padStart(w)).join('')}\n`;
  m.rows.formations.forEach((r, i) => {
    const label = r.label.length > 38 ? r.label.slice(0, 37) + '…' : r.label;
    s += `${label.padEnd(40)}${m.cols.formations.map((_, j) => m.cells.find((c) => c.row === i && c.col === j)!.per100.mean.toFixed(1).padStart(w)).join('')}\n`;
  });
  const skipped = [...m.rows.skipped.map((x) => [m.rows.army.name, x] as const), ...m.cols.skipped.map((x) => [m.cols.army.name, x] as const)];
  if (skipped.length > 0) s += `\nskipped: ${skipped.map(([army, x]) => `${army} ${x.name} (${x.reason})`).join('; ')}\n`;
  process.stdout.write(s);
}

/** The --json contract of matrix (extend it, never rename a field). */
export function matrixJson(m: MatrixResult) {
  return {
    army: m.rows.army,
    vs: m.cols.army,
    engagement: m.engagement,
    rows: m.rows.formations.map((f) => ({ id: f.id, name: f.spec.name, points: f.spec.points })),
    cols: m.cols.formations.map((f) => ({ id: f.id, name: f.spec.name, points: f.spec.points })),
    skipped: { rows: m.rows.skipped, cols: m.cols.skipped },
    cells: m.cells.map(({ elapsedMs: _elapsed, ...c }) => c),
  };
}

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
  addSimOptions(cmd, 500)
    .addHelpText('after', '\nExamples:\n  epic-balance matrix codex-astartes --vs ork-war-horde --out out/marines-vs-orks\n  epic-balance matrix codex-astartes --vs ork-war-horde --engagement shoot --trials 20000')
    .action(async (armyText: string, o: MatrixOptions & { rules: 'netea' | 'epic40k' }, command: Command) => {
      rejectRunOptions(o, 'matrix');
      if (o.out !== undefined) checkOutTarget(o.out, '--out', 'report');
      if (o.rules === 'epic40k') return (await import('./epic40kMatrix.js')).epic40kMatrix(armyText, o, command);
      const data = loadDataset(o.data);
      const rows = armyFormations(data, findArmy(data, armyText, 'argument <army>'));
      const cols = armyFormations(data, findArmy(data, o.vs, 'option --vs'));
      if (o.engagement === undefined) {
        for (const s of [...rows.skipped.map((x) => [rows.army.name, x] as const), ...cols.skipped.map((x) => [cols.army.name, x] as const)]) {
          if (o.quiet !== true) process.stderr.write(`skipping ${s[0]} ${s[1].name}: ${s[1].reason}\n`);
        }
        await battleMatrix(data, rows, cols, o);
        return;
      }
      if (command.getOptionValueSource('trials') === 'default') o.trials = 10_000;
      const engagement = { kind: o.engagement, action: o.action, gap: o.gap ?? DEFAULT_GAPS[o.engagement] };
      for (const s of [...rows.skipped.map((x) => [rows.army.name, x] as const), ...cols.skipped.map((x) => [cols.army.name, x] as const)]) {
        if (o.quiet !== true) process.stderr.write(`skipping ${s[0]} ${s[1].name}: ${s[1].reason}\n`);
      }
      const result = await runMatrixOnPool({ rows, cols, engagement }, o, 'matrix');
      const unsupported = [...new Set([...rows.formations, ...cols.formations].flatMap((f) => f.spec.unsupported))];
      if (o.json) process.stdout.write(JSON.stringify({ trials: o.trials, seed: o.seed, chunkSize: o.chunkSize, data: { id: data.id, version: data.version }, ...matrixJson(result), unsupported }, null, 2) + '\n');
      else printMatrix(result);
      if (o.quiet !== true && unsupported.length > 0) process.stderr.write(`\nnot simulated (unsupported rules in these formations):\n${unsupported.map((n) => `  - ${n}\n`).join('')}`);
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

/**
 * Runs a matrix on one worker pool for all its cells, several cells in flight
 * (a cell is often a single chunk). Ctrl-C is the process's one handler
 * (workers/interrupt.ts), which counts the trials of finished chunks.
 * Used by `matrix` and by `run` for matrix experiments.
 */
export async function runMatrixOnPool(
  cells: Pick<Parameters<typeof runMatrix>[0], 'rows' | 'cols' | 'engagement' | 'build'>,
  o: { seed: string; trials: number; chunkSize: number; workers: number; quiet?: boolean },
  label: string,
): Promise<MatrixResult> {
  const tty = process.stderr.isTTY === true && o.quiet !== true;
  const pool = new ChunkPool({ workers: o.workers });
  countTrials(0);
  try {
    return await runMatrix({
      ...cells,
      run: (job) => {
        let counted = 0;
        return simulate({
          ...job,
          seed: o.seed,
          trials: o.trials,
          chunkSize: o.chunkSize,
          pool,
          onProgress: (p) => {
            countTrials(p.trialsDone - counted);
            counted = p.trialsDone;
          },
        });
      },
      concurrency: Math.max(2, o.workers * 2),
      ...(tty ? { onCell: (done: number, total: number) => process.stderr.write(`\r${label}: ${done}/${total} cells${done === total ? '\n' : ''}`) } : {}),
    });
  } finally {
    await pool.destroy();
  }
}
