import type { Command } from 'commander';
import { warnNotSimulated } from '../../../cli/print.js';
import type { Dataset } from '../../../model/dataset.js';
import { epic40kData, loadEpic40kLists } from '../model/load.js';
import { findEpic40kArmy, listDetachments } from '../model/listDetachments.js';
import type { FormationSpec } from '../../../model/formation.js';
import { InputError } from '../../../model/inputError.js';
import type { EngagementKind } from '../../../reports/engagementKinds.js';
import type { ArmyFormations, MatrixResult } from '../../../reports/matrix.js';
import { chartContext } from '../../../reports/report.js';
import { runMeta } from '../../../reports/runReport.js';
import { matrixSection } from '../../../reports/sections/matrixSection.js';
import { writeRunReport } from '../../../reports/writeRunReport.js';
import { EPIC40K_ASSAULT_GAP, EPIC40K_SHOOT_GAP } from '../engine/engagements.js';
import { epic40kFairCostRules } from './epic40kFairCost.js';
import { EPIC40K_TITLE } from '../scenarios/epic40kJobs.js';
import { epic40kBattlePath, loadEpic40kBattle, planEpic40kValue } from '../reports/epic40kValuePlan.js';
import type { SimOptions } from '../../../cli/simOptions.js';
import { matrixJson, printMatrix, runMatrixOnPool } from '../../../cli/matrix.js';
import { battleMatrix } from '../../../cli/matrixBattle.js';
import { DEFAULT_MATRIX_ENGAGEMENT_TRIALS } from '../../../model/runDefaults.js';

/**
 * `matrix --rules epic40k <list> --vs <list>`: the catalogue detachments of
 * one BattleBible list (listDetachments.ts: each priced ground unit as a
 * detachment of about 150 points) against another's, through NetEA's matrix
 * code unchanged: by default each cell is the row detachment's value per
 * point against the column detachment in the Epic 40,000 reference battle
 * (battleMatrix with planEpic40kValue); with --engagement shoot|assault the
 * points destroyed per 100 points in one engagement (runMatrix with the
 * Epic 40,000 engagements of fair-cost). The same --json, CSV, charts and
 * report.html, naming the rules.
 */

export interface Epic40kMatrixOptions extends SimOptions {
  vs: string;
  engagement?: EngagementKind;
  battle?: string;
  metric?: string;
  action?: string;
  gap?: number;
  out?: string;
}

const asFormations = (c: ReturnType<typeof listDetachments>): ArmyFormations => ({ army: c.army, formations: c.formations.map((f) => ({ ...f, spec: f.spec as unknown as FormationSpec })), skipped: c.skipped });

function describe(kind: 'shoot' | 'assault', gap: number): string {
  return kind === 'shoot' ? `one Epic 40,000 shooting attack at ${gap} cm (both detachments in the open, no orders)` : `one Epic 40,000 assault from ${gap} cm (the row detachment on Assault orders; close combat and firefight)`;
}

export async function epic40kMatrix(armyText: string, o: Epic40kMatrixOptions, command: Command): Promise<void> {
  if (command.getOptionValueSource('action') !== 'default' && o.action !== undefined) throw new InputError([{ file: 'option --action', path: '', message: 'NetEA actions do not exist in Epic 40,000 (--rules epic40k): the row detachment shoots with no orders, or assaults on Assault orders' }]);
  if (o.data !== undefined) throw new InputError([{ file: 'option --data', path: '', message: 'names NetEA data; under --rules epic40k the lists are the built-in BattleBible ones (datasheets/epic40k)' }]);
  if (o.engagement === 'shoot-assault') throw new InputError([{ file: 'option --engagement', path: '', message: 'under --rules epic40k the engagements are shoot and assault (shoot-assault is NetEA\'s two-turn script)' }]);
  const lists = loadEpic40kLists();
  const rows = asFormations(listDetachments(lists, findEpic40kArmy(lists, armyText, 'argument <army>')));
  const cols = asFormations(listDetachments(lists, findEpic40kArmy(lists, o.vs, 'option --vs')));
  for (const [army, x] of [...rows.skipped.map((x) => [rows.army.name, x] as const), ...cols.skipped.map((x) => [cols.army.name, x] as const)]) process.stderr.write(`skipping ${army} ${x.name}: ${x.reason}\n`);
  // The shared printers and reports read a data set's id and version only.
  const data = epic40kData() as Dataset;
  if (o.engagement === undefined) {
    const battle = o.battle ?? epic40kBattlePath();
    loadEpic40kBattle(battle);
    if (o.json !== true) process.stdout.write(`${EPIC40K_TITLE}\n`);
    await battleMatrix(data, rows, cols, { ...o, battle, plan: planEpic40kValue, rules: 'epic40k' });
    return;
  }
  if (command.getOptionValueSource('trials') === 'default') o.trials = DEFAULT_MATRIX_ENGAGEMENT_TRIALS;
  const kind = o.engagement;
  const engagement = { kind, action: 'advance' as const, gap: o.gap ?? (kind === 'shoot' ? EPIC40K_SHOOT_GAP : EPIC40K_ASSAULT_GAP) };
  const result: MatrixResult = { ...(await runMatrixOnPool({ rows, cols, engagement, build: epic40kFairCostRules().build }, o, 'matrix')), described: describe(kind, engagement.gap) };
  const unsupported = [...new Set([...rows.formations, ...cols.formations].flatMap((f) => f.spec.unsupported))];
  if (o.json) process.stdout.write(JSON.stringify({ rules: 'epic40k', trials: o.trials, seed: o.seed, chunkSize: o.chunkSize, data: { id: data.id, version: data.version }, ...matrixJson(result), engagement: { kind, action: 'none', gap: engagement.gap }, unsupported }, null, 2) + '\n');
  else {
    process.stdout.write(`${EPIC40K_TITLE}\n`);
    printMatrix(result);
  }
  if (!o.json) warnNotSimulated(unsupported, 'detachments');
  if (o.out !== undefined) {
    const meta = runMeta({
      title: `${EPIC40K_TITLE}: points-efficiency matrix, ${rows.army.name} against ${cols.army.name}`,
      argv: process.argv.slice(2),
      seed: o.seed,
      trials: o.trials,
      chunkSize: o.chunkSize,
      data,
      rules: 'epic40k',
      simulations: result.simulations,
      timings: { simulationMs: Math.round(result.elapsedMs) },
      notes: [`Each cell: ${describe(kind, engagement.gap)}.`, ...rows.skipped.map((x) => `Skipped ${rows.army.name} ${x.name}: ${x.reason}.`), ...cols.skipped.map((x) => `Skipped ${cols.army.name} ${x.name}: ${x.reason}.`), ...unsupported.map((n) => `Not simulated: ${n}`)],
    });
    const written = await writeRunReport({ meta, sections: [matrixSection(result, chartContext(meta))] }, o.out);
    if (o.quiet !== true) process.stderr.write(`wrote ${written.dir}/report.html and ${written.files.length - 1} more files\n`);
  }
}
