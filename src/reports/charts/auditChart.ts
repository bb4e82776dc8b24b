import { finishChart, type ChartContext, type VlSpec } from './frame.js';

export interface AuditPoint {
  list: string;
  formation: string;
  cost: number;
  fair_cost: number;
  band_low: number;
  band_high: number;
  verdict: string;
}

/**
 * Fair cost against cost, one small panel per list, log scales, with the
 * parity line (fair cost = cost) and each formation's sensitivity band as a
 * vertical rule: a point above the line is worth more than it costs.
 */
export function auditScatter(points: AuditPoint[], battle: string, ctx: ChartContext): VlSpec {
  const costs = points.flatMap((p) => [p.cost, p.fair_cost, p.band_low, p.band_high]).filter((x) => Number.isFinite(x) && x > 0);
  const lo = Math.max(10, Math.min(...costs) * 0.8);
  const hi = Math.max(...costs) * 1.25;
  const ticks = [50, 100, 200, 500, 1000, 2000, 5000].filter((t) => t >= lo && t <= hi);
  const x = { field: 'cost', type: 'quantitative', scale: { type: 'log', domain: [lo, hi] }, axis: { values: ticks }, title: 'cost (points)' };
  const y = { scale: { type: 'log', domain: [lo, hi], clamp: true }, axis: { values: ticks }, title: 'fair cost (points)' };
  const body: VlSpec = {
    data: { values: points.map((p) => ({ ...p, band_low: Math.max(lo, p.band_low), band_high: Number.isFinite(p.band_high) ? Math.min(hi, p.band_high) : hi })) },
    facet: { field: 'list', type: 'nominal', title: null, header: { labelFontSize: 11 } },
    columns: 4,
    spec: {
      width: 190,
      height: 170,
      layer: [
        { data: { values: [{ cost: lo, fair_cost: lo }, { cost: hi, fair_cost: hi }] }, mark: { type: 'line', color: '#888', strokeDash: [4, 3] }, encoding: { x, y: { field: 'fair_cost', type: 'quantitative', ...y } } },
        { mark: { type: 'rule', opacity: 0.5 }, encoding: { x, y: { field: 'band_low', type: 'quantitative', ...y }, y2: { field: 'band_high' }, color: { field: 'verdict', type: 'nominal' } } },
        {
          mark: { type: 'point', filled: true, size: 30 },
          encoding: {
            x,
            y: { field: 'fair_cost', type: 'quantitative', ...y },
            color: { field: 'verdict', type: 'nominal', scale: { domain: ['fair', 'under-costed', 'over-costed', 'unsupported-rules'], range: ['#4c78a8', '#e45756', '#f58518', '#9d9d9d'] }, title: 'verdict' },
            tooltip: [{ field: 'formation' }, { field: 'cost' }, { field: 'fair_cost', format: '.0f' }, { field: 'verdict' }],
          },
        },
      ],
    },
  };
  return finishChart(body, 'Fair cost against cost, by list', [`The dashed line is parity; rules show each formation's sensitivity band. Battle: ${battle}.`], ctx);
}
