import { finishChart, type ChartContext, type VlSpec } from './frame.js';

export interface FairCostChartInput {
  curve: Array<{ cost: number; balance: number; low: number; high: number }>;
  currentCost: number | null;
  fair: { estimate: number; low: number; high: number };
  metric: string;
}

/**
 * The fair-cost curve: the balance ratio (formation ÷ opponents under the
 * metric, 1 = parity) against the formation's cost on a log axis, with its
 * 95% band; the parity line, the current cost, and the fair-cost interval
 * shaded where the band crosses parity.
 */
export function fairCostChart(input: FairCostChartInput, title: string, subtitle: string | string[], ctx: ChartContext): VlSpec {
  const costs = input.curve.map((p) => p.cost);
  const xMin = Math.min(...costs);
  const xMax = Math.max(...costs);
  const clip = (c: number) => Math.min(xMax, Math.max(xMin, c));
  const x = { field: 'cost', type: 'quantitative', title: 'Cost of the formation (points)', scale: { domain: [xMin, xMax], nice: false, zero: false } };
  // A log axis over the band and parity, without rounding out to whole decades.
  const finite = input.curve.flatMap((p) => [p.low, p.high, p.balance]).filter((v) => Number.isFinite(v) && v > 0);
  const yMin = Math.min(1, ...finite) / 1.15;
  const yMax = Math.max(1, ...finite) * 1.15;
  const y = { field: 'balance', type: 'quantitative', title: `Balance ratio, ${input.metric} (1 = parity, log scale)`, scale: { type: 'log', domain: [yMin, yMax], nice: false, clamp: true } };
  // An unbounded band end is drawn to the top of the chart.
  const curve = input.curve.map((p) => ({ ...p, high: Number.isFinite(p.high) ? p.high : yMax }));
  const marks: VlSpec[] = [
    {
      data: { values: [{ lo: clip(input.fair.low), hi: clip(Number.isFinite(input.fair.high) ? input.fair.high : xMax) }] },
      mark: { type: 'rect', color: '#54a24b', opacity: 0.18 },
      encoding: { x: { field: 'lo', type: 'quantitative', scale: x.scale }, x2: { field: 'hi' } },
    },
    {
      data: { values: curve },
      mark: { type: 'area', color: '#4c78a8', opacity: 0.25 },
      encoding: { x, y: { field: 'low', type: 'quantitative', scale: y.scale, title: y.title }, y2: { field: 'high' } },
    },
    {
      data: { values: curve },
      mark: { type: 'line', color: '#4c78a8', strokeWidth: 2.5 },
      encoding: {
        x,
        y,
        tooltip: [
          { field: 'cost', title: 'Cost (points)', format: '.0f' },
          { field: 'balance', title: 'Balance ratio', format: '.3f' },
          { field: 'low', title: '95% low', format: '.3f' },
          { field: 'high', title: '95% high', format: '.3f' },
        ],
      },
    },
    { data: { values: [{ balance: 1 }] }, mark: { type: 'rule', color: '#333', strokeDash: [6, 4], strokeWidth: 1.5 }, encoding: { y: { field: 'balance', type: 'quantitative' } } },
    {
      data: { values: [{ balance: 1, cost: xMax, label: 'parity' }] },
      mark: { type: 'text', align: 'right', baseline: 'bottom', dy: -3, color: '#333' },
      encoding: { x: { field: 'cost', type: 'quantitative' }, y: { field: 'balance', type: 'quantitative' }, text: { field: 'label' } },
    },
    {
      data: { values: [{ cost: clip(input.fair.estimate), label: `fair ${Math.round(input.fair.estimate)}` }] },
      mark: { type: 'rule', color: '#2f7d32', strokeWidth: 2 },
      encoding: { x: { field: 'cost', type: 'quantitative' } },
    },
    {
      data: { values: [{ cost: clip(input.fair.estimate), label: `fair ${Math.round(input.fair.estimate)}` }] },
      mark: { type: 'text', color: '#2f7d32', align: 'left', baseline: 'top', dx: 4, y: 4, fontWeight: 'bold' },
      encoding: { x: { field: 'cost', type: 'quantitative' }, text: { field: 'label' } },
    },
  ];
  if (input.currentCost !== null) {
    const current = [{ cost: clip(input.currentCost), label: `costs ${input.currentCost}` }];
    marks.push(
      { data: { values: current }, mark: { type: 'rule', color: '#e45756', strokeWidth: 2 }, encoding: { x: { field: 'cost', type: 'quantitative' } } },
      { data: { values: current }, mark: { type: 'text', color: '#e45756', align: 'left', baseline: 'top', dx: 4, y: 22, fontWeight: 'bold' }, encoding: { x: { field: 'cost', type: 'quantitative' }, text: { field: 'label' } } },
    );
  }
  const body: VlSpec = { width: 520, height: 300, layer: marks };
  return finishChart(body, title, subtitle, ctx);
}
