import { finishChart, type ChartContext, type VlSpec } from './frame.js';

export interface MatrixChartRow {
  formation: string;
  target: string;
  value: number;
  ci95_low: number;
  ci95_high: number;
  p_target_broken: number;
}

/**
 * The points-efficiency matrix as a heatmap: rows act on columns, colour and
 * number = column points destroyed per 100 points of the row formation.
 */
export function matrixChart(rows: MatrixChartRow[], rowOrder: string[], colOrder: string[], axes: { rows: string; cols: string }, title: string, subtitle: string | string[], ctx: ChartContext): VlSpec {
  const max = Math.max(1, ...rows.map((r) => r.value));
  const step = 30;
  const body: VlSpec = {
    data: { values: rows },
    width: { step },
    height: { step },
    encoding: {
      x: { field: 'target', type: 'nominal', sort: colOrder, title: axes.cols, axis: { orient: 'top', labelAngle: -45, labelAlign: 'left', labelLimit: 240 } },
      y: { field: 'formation', type: 'nominal', sort: rowOrder, title: axes.rows, axis: { labelLimit: 260 } },
    },
    layer: [
      {
        mark: { type: 'rect', stroke: 'white', strokeWidth: 1 },
        encoding: {
          color: { field: 'value', type: 'quantitative', title: ['Points destroyed', 'per 100 points'], scale: { range: ['#f7fbff', '#08306b'], domainMin: 0 }, legend: { orient: 'right', gradientLength: Math.max(120, Math.min(300, rowOrder.length * step)) } },
          tooltip: [
            { field: 'formation', title: 'Acting formation' },
            { field: 'target', title: 'Target formation' },
            { field: 'value', title: 'Points destroyed per 100 points', format: '.1f' },
            { field: 'ci95_low', title: '95% low', format: '.1f' },
            { field: 'ci95_high', title: '95% high', format: '.1f' },
            { field: 'p_target_broken', title: 'P(target broken)', format: '.1%' },
          ],
        },
      },
      {
        mark: { type: 'text', fontSize: 9 },
        encoding: {
          text: { field: 'value', type: 'quantitative', format: '.0f' },
          color: { condition: { test: `datum.value > ${0.55 * max}`, value: 'white' }, value: '#222' },
        },
      },
    ],
  };
  return finishChart(body, title, subtitle, ctx);
}
