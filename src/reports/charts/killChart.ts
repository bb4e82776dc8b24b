import { finishChart, type ChartContext, type VlSpec } from './frame.js';

/** Rows of kill.csv for the step to draw. */
export interface KillChartRow {
  formation: string;
  k: number;
  measure: string;
  value: number;
  ci95_low: number;
  ci95_high: number;
}

const EXACTLY = 'P(exactly k destroyed)';
const AT_LEAST = 'P(at least k destroyed)';

/**
 * Kill distribution: bars of P(exactly k units destroyed) with Wilson
 * whiskers, and the "at least k" curve as a line over them; one panel per
 * formation.
 */
export function killChart(rows: KillChartRow[], title: string, subtitle: string, ctx: ChartContext): VlSpec {
  const formations = [...new Set(rows.map((r) => r.formation))];
  const x = { field: 'k', type: 'ordinal', title: 'Units destroyed, k (units)', axis: { labelAngle: 0 } };
  const y = { field: 'value', type: 'quantitative', title: 'Probability (%)', scale: { domain: [0, 1] }, axis: { format: '%' } };
  const faceted = formations.length > 1;
  const color = { scale: { domain: [EXACTLY, AT_LEAST], range: ['#4c78a8', '#e45756'] }, legend: { title: null, orient: faceted ? 'top' : 'top-right', direction: 'horizontal' } };
  const tooltip = [
    { field: 'formation', title: 'Formation' },
    { field: 'k', title: 'k' },
    { field: 'value', title: 'Probability', format: '.2%' },
    { field: 'ci95_low', title: '95% low', format: '.2%' },
    { field: 'ci95_high', title: '95% high', format: '.2%' },
  ];
  const exactly = { filter: "datum.measure === 'p_exactly_k'" };
  const atLeast = { filter: "datum.measure === 'p_at_least_k'" };
  const layer = {
    layer: [
      { transform: [exactly], mark: { type: 'bar', width: { band: 0.7 } }, encoding: { x, y, color: { ...color, datum: EXACTLY }, tooltip } },
      { transform: [exactly], mark: { type: 'rule', color: '#1f2f45', strokeWidth: 1.5 }, encoding: { x, y: { field: 'ci95_low', type: 'quantitative' }, y2: { field: 'ci95_high' } } },
      { transform: [atLeast], mark: { type: 'line', strokeWidth: 2 }, encoding: { x, y, color: { ...color, datum: AT_LEAST } } },
      { transform: [atLeast], mark: { type: 'point', filled: true, size: 40 }, encoding: { x, y, color: { ...color, datum: AT_LEAST }, tooltip } },
    ],
  };
  const width = Math.max(260, Math.min(640, 36 * (Math.max(...rows.map((r) => r.k), 1) + 1)));
  const body: VlSpec =
    faceted
      ? {
          data: { values: rows },
          facet: { row: { field: 'formation', type: 'nominal', title: null, sort: formations, header: { labelAngle: 0, labelOrient: 'top', labelAnchor: 'start', labelFontWeight: 'bold', labelFontSize: 12 } } },
          spec: { width, height: 180, ...layer },
          resolve: { scale: { x: 'independent' } },
        }
      : { data: { values: rows }, width, height: 240, ...layer };
  return finishChart(body, title, subtitle, ctx);
}
