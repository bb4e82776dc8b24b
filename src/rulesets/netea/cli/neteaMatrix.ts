import { loadDataset } from '../../../model/loadDataset.js';
import { DEFAULT_MATRIX_ENGAGEMENT_TRIALS } from '../../../model/runDefaults.js';
import { DEFAULT_GAPS } from '../../../reports/engagementKinds.js';
import { armyFormations, findArmy } from '../../../reports/matrix.js';
import { chartContext } from '../../../reports/report.js';
import { runMeta } from '../../../reports/runReport.js';
import { matrixSection } from '../../../reports/sections/matrixSection.js';
import { writeRunReport } from '../../../reports/writeRunReport.js';
import { battleMatrix } from '../../../cli/matrixBattle.js';
import { matrixJson, type MatrixOptions, printMatrix, runMatrixOnPool } from '../../../cli/matrix.js';
import { overlayHeader, warnNotSimulated } from '../../../cli/print.js';
import type { CommandCall } from '../../../cli/ruleSystemCommands.js';

/** `matrix` under NetEA: value per point in the battle, or with --engagement the points-efficiency matrix of one engagement. */
export async function neteaMatrix({ operand, o: options, command }: CommandCall): Promise<void> {
  const o = options as MatrixOptions;
  const armyText = operand!;
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
}
