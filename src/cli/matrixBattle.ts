import type { RulesSystemName } from '../model/registry.js';
import type { Dataset } from '../model/dataset.js';
import { overlayHeader, warnNotSimulated } from './print.js';
import { loadBattle } from '../model/loadBattle.js';
import { battleAirRaid } from './audit.js';
import { finishChart, type VlSpec } from '../reports/charts/frame.js';
import type { ArmyFormations } from '../reports/matrix.js';
import { chartContext } from '../reports/report.js';
import { runMeta } from '../reports/runReport.js';
import type { FormationValue } from '../reports/value/formationValue.js';
import type { ParityMetric } from '../reports/value/parityCost.js';
import { valueFormations, type ValueRunOptions } from '../reports/value/valueFormations.js';
import { writeRunReport } from '../reports/writeRunReport.js';
import type { SimOptions } from './simOptions.js';
import { DEFAULT_RULES } from '../model/runDefaults.js';

/**
 * `matrix <army> --vs <army>` in a battle (the default; `--engagement` gives the
 * single-engagement points-efficiency matrix): each cell is the row
 * formation's value per point against the column formation alone (its fair
 * cost from the meetings with that opponent ÷ its cost), over every scene of
 * the battle with groups sized to the fair cost (docs/fair-cost.md); each row's average is its value per
 * point against the whole column list, as `fair-cost --vs` gives it.
 */

export const BATTLE_MATRIX_COLUMNS = ['formation', 'formation_points', 'target', 'target_points', 'measure', 'value', 'ci95_low', 'ci95_high'];

interface BattleMatrixOptions extends SimOptions {
  battle?: string;
  metric?: string;
  out?: string;
  /** Another rule system's meetings and name (Epic 40,000: epic40kMatrix.ts); default NetEA's. */
  plan?: ValueRunOptions['plan'];
  rules?: RulesSystemName;
}

const ratio = (x: number, cost: number) => (Number.isFinite(x) ? x / cost : x);

function heatmap(rows: ArmyFormations, cols: ArmyFormations, values: FormationValue[], battle: string, ctx: ReturnType<typeof chartContext>): VlSpec {
  const cells = values.flatMap((v, i) => v.opponents.map((o, j) => ({ formation: rows.formations[i]!.label, target: cols.formations[j]!.label, value: ratio(o.fairCost.estimate, v.cost ?? NaN) })));
  const body: VlSpec = {
    data: { values: cells.filter((c) => Number.isFinite(c.value)) },
    width: { step: 30 },
    height: { step: 30 },
    encoding: {
      x: { field: 'target', type: 'nominal', sort: cols.formations.map((f) => f.label), title: cols.army.name, axis: { orient: 'top', labelAngle: -45, labelAlign: 'left', labelLimit: 240 } },
      y: { field: 'formation', type: 'nominal', sort: rows.formations.map((f) => f.label), title: rows.army.name, axis: { labelLimit: 260 } },
    },
    layer: [
      { mark: { type: 'rect', stroke: 'white' }, encoding: { color: { field: 'value', type: 'quantitative', title: ['Value per point', '(1 = fair)'], scale: { type: 'log', scheme: 'redblue', domainMid: 1 } }, tooltip: [{ field: 'formation' }, { field: 'target' }, { field: 'value', format: '.2f' }] } },
      { mark: { type: 'text', fontSize: 9 }, encoding: { text: { field: 'value', type: 'quantitative', format: '.2f' } } },
    ],
  };
  return finishChart(body, `Value per point: ${rows.army.name} against ${cols.army.name}`, `Fair cost against the column formation alone ÷ cost, in the ${battle} battle; above 1 the row formation is worth more than it costs against it.`, ctx);
}

export async function battleMatrix(data: Dataset, rows: ArmyFormations, cols: ArmyFormations, o: BattleMatrixOptions): Promise<void> {
  const loaded = loadBattle(o.battle);
  const metric = (o.metric ?? 'efficiency') as ParityMetric;
  const started = performance.now();
  const values = await valueFormations(rows.formations.map((f) => f.spec), cols.formations.map((f) => f.spec), loaded.battle, { seed: o.seed, trials: o.trials, chunkSize: o.chunkSize, metric, workers: o.workers, includeOwnList: true, exactOpponents: true, ...(o.plan ? { plan: o.plan } : { airRaid: battleAirRaid(data, loaded) }) });
  const battleName = `${loaded.battle.name} v${loaded.battle.version}`;
  const cells = values.flatMap((v, i) =>
    v.opponents.map((op, j) => ({ row: i, col: j, valuePerPoint: ratio(op.fairCost.estimate, v.cost ?? NaN), ci95: [ratio(op.fairCost.ci95[0], v.cost ?? NaN), ratio(op.fairCost.ci95[1], v.cost ?? NaN)] as [number, number] })),
  );
  const averages = values.map((v) => ({ valuePerPoint: ratio(v.fairCost.estimate, v.cost ?? NaN), ci95: [ratio(v.fairCost.ci95[0], v.cost ?? NaN), ratio(v.fairCost.ci95[1], v.cost ?? NaN)] as [number, number] }));
  const notes = [...new Set([...rows.formations, ...cols.formations].flatMap((f) => f.spec.unsupported))];
  if (o.json) {
    process.stdout.write(
      JSON.stringify(
        {
          ...(o.rules !== undefined && o.rules !== DEFAULT_RULES ? { rules: o.rules } : {}),
          trials: o.trials,
          seed: o.seed,
          chunkSize: o.chunkSize,
          data: { id: data.id, version: data.version },
          battle: { name: loaded.battle.name, version: loaded.battle.version, file: loaded.file },
          metric,
          army: rows.army,
          vs: cols.army,
          rows: rows.formations.map((f, i) => ({ id: f.id, name: f.spec.name, points: f.spec.points, average: averages[i] })),
          cols: cols.formations.map((f) => ({ id: f.id, name: f.spec.name, points: f.spec.points })),
          skipped: { rows: rows.skipped, cols: cols.skipped },
          cells,
          unsupported: notes,
        },
        (_k, v) => (v === Infinity ? 'Infinity' : v),
        2,
      ) + '\n',
    );
  } else {
    const w = 8;
    let s = `${overlayHeader(data)}Value per point (fair cost ÷ cost, ${metric} parity in the ${battleName} battle): ${rows.army.name} (rows) against ${cols.army.name} (columns)\n\n`;
    s += cols.formations.map((c, j) => `  [${j + 1}] ${c.label}\n`).join('') + '\n';
    s += `${''.padEnd(40)}${cols.formations.map((_, j) => `[${j + 1}]`.padStart(w)).join('')}${'all'.padStart(w)}\n`;
    rows.formations.forEach((r, i) => {
      const label = r.label.length > 38 ? r.label.slice(0, 37) + '…' : r.label;
      s += `${label.padEnd(40)}${cols.formations.map((_, j) => cells.find((c) => c.row === i && c.col === j)!.valuePerPoint.toFixed(2).padStart(w)).join('')}${averages[i]!.valuePerPoint.toFixed(2).padStart(w)}\n`;
    });
    process.stdout.write(s);
  }
  if (!o.json) warnNotSimulated(notes);
  if (o.out !== undefined) {
    const meta = runMeta({
      title: `Value-per-point matrix: ${rows.army.name} against ${cols.army.name}`,
      argv: process.argv.slice(2),
      seed: o.seed,
      trials: o.trials,
      chunkSize: o.chunkSize,
      data,
      rules: o.rules ?? DEFAULT_RULES,
      simulations: values.reduce((t, v) => t + v.meetings, 0),
      timings: { simulationMs: Math.round(performance.now() - started) },
      notes: [`Battle: ${battleName} (${loaded.file}).`, ...rows.skipped.map((x) => `Skipped ${rows.army.name} ${x.name}: ${x.reason}.`), ...cols.skipped.map((x) => `Skipped ${cols.army.name} ${x.name}: ${x.reason}.`), ...notes.map((n) => `Not simulated: ${n}`)],
    });
    const csvRows = cells.map((c) => ({
      formation: rows.formations[c.row]!.spec.name,
      formation_points: rows.formations[c.row]!.spec.points,
      target: cols.formations[c.col]!.spec.name,
      target_points: cols.formations[c.col]!.spec.points,
      measure: 'value_per_point',
      value: c.valuePerPoint,
      ci95_low: c.ci95[0],
      ci95_high: c.ci95[1],
    }));
    const written = await writeRunReport(
      {
        meta,
        sections: [
          {
            id: 'matrix',
            title: 'Value-per-point matrix',
            definitions: ['Value per point: the row formation\'s fair cost against the column formation alone (efficiency parity over the battle\'s scenes, groups sized to the fair cost) ÷ its cost; 1 is fair, above 1 it is worth more than it costs against that opponent.'],
            summary: [`${rows.formations.length} × ${cols.formations.length} formations in the ${battleName} battle, ${o.trials.toLocaleString('en')} trials per meeting.`],
            tables: [{ name: 'matrix', columns: BATTLE_MATRIX_COLUMNS, rows: csvRows }],
            charts: [{ name: 'matrix', spec: heatmap(rows, cols, values, battleName, chartContext(meta)) }],
          },
        ],
      },
      o.out,
    );
    if (o.quiet !== true) process.stderr.write(`wrote ${written.dir}/report.html and ${written.files.length - 1} more files\n`);
  }
}
