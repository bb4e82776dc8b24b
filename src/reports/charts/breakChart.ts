import { barChart } from './barChart.js';
import { finishChart, type ChartContext, type VlSpec } from './frame.js';

export interface BreakChartRow {
  /** "1. T1 shooting": the x position, in script order. */
  step_name: string;
  /** The step's full label, for tooltips. */
  step_label: string;
  step: number;
  formation: string;
  measure: string;
  value: number;
  ci95_low: number;
  ci95_high: number;
}

const MEASURES = { p_broken: 'P(broken)', p_destroyed: 'P(destroyed)' } as const;
const measureName = (m: string) => MEASURES[m as keyof typeof MEASURES] ?? m;

/**
 * Break chance over the script: P(broken) (solid) and P(destroyed) (dashed)
 * of each formation after every step, with Wilson whiskers. A one-step
 * script has no "over": it gets bars per formation instead.
 */
export function breakChart(rows: BreakChartRow[], title: string, subtitle: string | string[], ctx: ChartContext): VlSpec {
  const order = [...new Set([...rows].sort((a, b) => a.step - b.step).map((r) => r.step_name))];
  if (order.length <= 1) {
    return barChart(
      rows.map((r) => ({ label: r.formation, group: measureName(r.measure), value: r.value, ci95_low: r.ci95_low, ci95_high: r.ci95_high })),
      { title, subtitle, axisTitle: 'Probability (%)', format: '%', domain: [0, 1] },
      ctx,
    );
  }
  const values = rows.map((r) => ({ ...r, measure_name: measureName(r.measure) }));
  const x = { field: 'step_name', type: 'ordinal', sort: order, title: 'After step (number, turn, what)', axis: { labelAngle: order.length > 6 ? -30 : 0, labelLimit: 160 } };
  const y = { field: 'value', type: 'quantitative', title: 'Probability (%)', scale: { domain: [0, 1] }, axis: { format: '%' } };
  const color = { field: 'formation', type: 'nominal', title: 'Formation', legend: { orient: 'right' } };
  const dash = { field: 'measure_name', type: 'nominal', title: 'Measure', scale: { domain: Object.values(MEASURES), range: [[1, 0], [5, 3]] }, legend: { orient: 'right', symbolType: 'stroke' } };
  const tooltip = [
    { field: 'formation', title: 'Formation' },
    { field: 'step_name', title: 'After step' },
    { field: 'step_label', title: 'Step' },
    { field: 'measure_name', title: 'Measure' },
    { field: 'value', title: 'Probability', format: '.2%' },
    { field: 'ci95_low', title: '95% low', format: '.2%' },
    { field: 'ci95_high', title: '95% high', format: '.2%' },
  ];
  const body: VlSpec = {
    data: { values },
    width: Math.max(320, Math.min(720, 110 * order.length)),
    height: 260,
    encoding: { x, color },
    layer: [
      { mark: { type: 'line', strokeWidth: 2 }, encoding: { y, strokeDash: dash, detail: { field: 'measure_name' } } },
      { mark: { type: 'rule', strokeWidth: 1.5 }, encoding: { y: { field: 'ci95_low', type: 'quantitative' }, y2: { field: 'ci95_high' } } },
      { mark: { type: 'point', filled: true, size: 50 }, encoding: { y, tooltip } },
    ],
  };
  return finishChart(body, title, subtitle, ctx);
}
