import { barChart, type BarRow } from '../charts/barChart.js';
import type { ChartContext } from '../charts/frame.js';
import { matrixChart, type MatrixChartRow } from '../charts/matrixChart.js';
import type { CsvRow } from '../csv.js';
import { DEFINITIONS } from '../definitions.js';
import { describeEngagement } from '../engagementKinds.js';
import type { MatrixResult } from '../matrix.js';
import type { ReportSection } from '../report.js';
import { Z95 } from '../../stats/z95.js';

export const MATRIX_COLUMNS = ['formation', 'formation_points', 'target', 'target_points', 'engagement', 'measure', 'value', 'ci95_low', 'ci95_high'];
export const MATRIX_AVERAGE_COLUMNS = ['formation', 'formation_points', 'engagement', 'measure', 'value', 'ci95_low', 'ci95_high'];

const f1 = (x: number) => x.toFixed(1);

/**
 * The points-efficiency matrix: matrix.csv (every cell, several measures),
 * matrix-average.csv (each row formation against the whole opposing list),
 * the heatmap and the bars of the row averages.
 */
export function matrixSection(m: MatrixResult, ctx: ChartContext): ReportSection {
  const engagement = m.described ?? describeEngagement(m.engagement);
  const rows: CsvRow[] = [];
  const chartRows: MatrixChartRow[] = [];
  for (const c of m.cells) {
    const r = m.rows.formations[c.row]!;
    const t = m.cols.formations[c.col]!;
    const key = { formation: r.spec.name, formation_points: r.spec.points, target: t.spec.name, target_points: t.spec.points, engagement: m.engagement.kind };
    const put = (measure: string, value: number, ci: [number, number]) => rows.push({ ...key, measure, value, ci95_low: ci[0], ci95_high: ci[1] });
    put('points_destroyed_per_100', c.per100.mean, c.per100.ci95);
    put('points_destroyed_mean', c.pointsDestroyed.mean, c.pointsDestroyed.ci95);
    put('points_lost_mean', c.pointsLost.mean, c.pointsLost.ci95);
    put('p_target_broken', c.targetBroken.p, c.targetBroken.ci95);
    put('p_target_destroyed', c.targetDestroyed.p, c.targetDestroyed.ci95);
    if (t.spec.units.some((u) => u.unit.type === 'WE')) put('war_engine_damage_mean', c.warEngineDamage.mean, c.warEngineDamage.ci95);
    if (c.assaultWon) put('p_assault_won', c.assaultWon.p, c.assaultWon.ci95);
    chartRows.push({ formation: r.label, target: t.label, value: c.per100.mean, ci95_low: c.per100.ci95[0], ci95_high: c.per100.ci95[1], p_target_broken: c.targetBroken.p });
  }
  // Row averages: the mean of independent cell means, variance Σ var / J².
  const averages: CsvRow[] = [];
  const bars: BarRow[] = [];
  m.rows.formations.forEach((r, i) => {
    const mine = m.cells.filter((c) => c.row === i);
    if (mine.length === 0) return;
    const mean = mine.reduce((s, c) => s + c.per100.mean, 0) / mine.length;
    const variance = mine.reduce((s, c) => s + ((c.per100.ci95[1] - c.per100.mean) / Z95) ** 2, 0) / mine.length ** 2;
    const half = Z95 * Math.sqrt(variance);
    averages.push({ formation: r.spec.name, formation_points: r.spec.points, engagement: m.engagement.kind, measure: 'points_destroyed_per_100_average', value: mean, ci95_low: mean - half, ci95_high: mean + half });
    bars.push({ label: r.label, group: 'average', value: mean, ci95_low: mean - half, ci95_high: mean + half });
  });
  const summary: string[] = [];
  if (m.cells.length > 0) {
    const best = m.cells.reduce((a, b) => (b.per100.mean > a.per100.mean ? b : a));
    const lbl = (c: typeof best) => `${m.rows.formations[c.row]!.label} against ${m.cols.formations[c.col]!.label}`;
    summary.push(`${m.rows.formations.length} × ${m.cols.formations.length} formations, ${engagement}; ${m.cells.length} simulations.`);
    summary.push(`Most efficient: ${lbl(best)}, ${f1(best.per100.mean)} points destroyed per 100 points (${f1(best.per100.ci95[0])} to ${f1(best.per100.ci95[1])}).`);
    const topRow = [...bars].sort((a, b) => b.value - a.value)[0];
    if (topRow) summary.push(`Best against the whole ${m.cols.army.name} list on average: ${topRow.label}, ${f1(topRow.value)} per 100 points (${f1(topRow.ci95_low)} to ${f1(topRow.ci95_high)}).`);
  }
  for (const s of [...m.rows.skipped.map((s) => ({ ...s, army: m.rows.army.name })), ...m.cols.skipped.map((s) => ({ ...s, army: m.cols.army.name }))]) {
    summary.push(`Skipped ${s.army} ${s.name}: ${s.reason}.`);
  }
  const axes = { rows: `Acting: ${m.rows.army.name} formation (points)`, cols: `Target: ${m.cols.army.name} formation (points)` };
  return {
    id: 'matrix',
    title: 'Points-efficiency matrix',
    definitions: [DEFINITIONS.matrix, 'Row average: mean of the row\'s cells (each opposing formation counted once); normal 95% interval from the cells\' variances.'],
    summary,
    tables: [
      { name: 'matrix', columns: MATRIX_COLUMNS, rows },
      { name: 'matrix-average', columns: MATRIX_AVERAGE_COLUMNS, rows: averages },
    ],
    charts: [
      {
        name: 'matrix',
        spec: matrixChart(chartRows, m.rows.formations.map((f) => f.label), m.cols.formations.map((f) => f.label), axes, `Points efficiency: ${m.rows.army.name} against ${m.cols.army.name}`, [`Enemy points destroyed per 100 points of the row formation; ${engagement}`], ctx),
      },
      {
        name: 'matrix-average',
        spec: barChart(bars, { title: `Points efficiency against the ${m.cols.army.name} list`, subtitle: `Average over its ${m.cols.formations.length} formations; ${engagement}`, axisTitle: 'Points destroyed per 100 points spent (points)', format: '.1f' }, ctx),
      },
    ],
  };
}
