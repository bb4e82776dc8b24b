import { finishChart, type ChartContext, type VlSpec } from './frame.js';

/** One bar: a value with its 95% interval. */
export interface BarRow {
  /** The bar's label on the y axis. */
  label: string;
  /** Colour group (one bar per group per label, side by side). */
  group: string;
  value: number;
  ci95_low: number;
  ci95_high: number;
  /** Facet (one panel per distinct value), optional. */
  panel?: string;
}

export interface BarChartOptions {
  title: string;
  subtitle?: string | string[];
  /** x axis title with its unit. */
  axisTitle: string;
  /** d3 format of the values: '%' for probabilities, '.1f' for points. */
  format: string;
  /** Fixed x domain, e.g. [0, 1] for probabilities. */
  domain?: [number, number];
  /** A reference line (parity) at this x. */
  reference?: { value: number; label: string };
  groupTitle?: string;
  /** The values cannot be negative (points, probabilities): whiskers and axis stop at 0. Default true. */
  nonNegative?: boolean;
}

/**
 * Horizontal bars with interval whiskers: the shape of every "value with its
 * interval" report (points efficiency, assault outcomes). Bars of several
 * groups stand side by side within a label.
 */
export function barChart(rows: BarRow[], o: BarChartOptions, ctx: ChartContext): VlSpec {
  const labels = [...new Set(rows.map((r) => r.label))];
  const groups = [...new Set(rows.map((r) => r.group))];
  const panels = [...new Set(rows.map((r) => r.panel ?? ''))];

  const y = { field: 'label', type: 'nominal', sort: labels, title: null, axis: { labelLimit: 420 } };
  const yOffset = groups.length > 1 ? { yOffset: { field: 'group', type: 'nominal', sort: groups } } : {};
  const color = { field: 'group', type: 'nominal', sort: groups, title: o.groupTitle ?? null, scale: { range: ['#4c78a8', '#f58518', '#54a24b', '#e45756', '#72b7b2', '#b279a2'] }, legend: groups.length > 1 ? { orient: 'top' } : null };
  const tooltip = [
    { field: 'label', title: 'What' },
    ...(groups.length > 1 ? [{ field: 'group', title: o.groupTitle ?? 'Group' }] : []),
    { field: 'value', title: 'Value', format: o.format },
    { field: 'ci95_low', title: '95% low', format: o.format },
    { field: 'ci95_high', title: '95% high', format: o.format },
  ];
  // Unbounded upper ends are drawn to the edge of the chart.
  const floor = o.nonNegative === false ? -Infinity : 0;
  const values = rows.map((r) => ({ ...r, panel: r.panel ?? '', ci95_low: Math.max(floor, r.ci95_low), whisker_high: Number.isFinite(r.ci95_high) ? r.ci95_high : null }));
  const maxFinite = Math.max(0, ...values.map((r) => Math.max(r.value, r.whisker_high ?? r.value)));
  for (const v of values) if (v.whisker_high === null) v.whisker_high = maxFinite * 1.1;
  // Room right of the longest whisker for its value label.
  const scale = o.domain ? { domain: o.domain } : { domainMin: Math.min(0, ...values.map((v) => v.ci95_low)), domainMax: maxFinite * 1.15 };
  const x = { field: 'value', type: 'quantitative', title: o.axisTitle, axis: { format: o.format === '%' ? '%' : '~f', ...(o.domain ? { tickCount: 5 } : {}) }, scale };
  const layer: VlSpec[] = [
    { mark: { type: 'bar', height: { band: groups.length > 1 ? 0.9 : 0.6 } }, encoding: { x, y, ...yOffset, color, tooltip } },
    { mark: { type: 'rule', color: '#1f2f45', strokeWidth: 1.5 }, encoding: { x: { field: 'ci95_low', type: 'quantitative' }, x2: { field: 'whisker_high' }, y, ...yOffset } },
    { mark: { type: 'tick', color: '#1f2f45', thickness: 1.5, size: 8 }, encoding: { x: { field: 'ci95_low', type: 'quantitative' }, y, ...yOffset } },
    { mark: { type: 'tick', color: '#1f2f45', thickness: 1.5, size: 8 }, encoding: { x: { field: 'whisker_high', type: 'quantitative' }, y, ...yOffset } },
  ];
  // The value written just past the whisker, for readers of a printed chart.
  layer.push({ mark: { type: 'text', align: 'left', baseline: 'middle', dx: 5, fontSize: 10, color: '#333' }, encoding: { x: { field: 'whisker_high', type: 'quantitative' }, y, ...yOffset, text: { field: 'value', type: 'quantitative', format: o.format === '%' ? '.1%' : o.format } } });
  if (o.reference) {
    layer.push({ mark: { type: 'rule', color: '#888', strokeDash: [4, 3] }, encoding: { x: { datum: o.reference.value, type: 'quantitative' } } });
  }
  const height = Math.max(60, labels.length * (groups.length > 1 ? 16 * groups.length + 10 : 26));
  const inner = { width: 440, height, layer };
  const body: VlSpec =
    panels.length > 1
      ? { data: { values }, facet: { row: { field: 'panel', type: 'nominal', title: null, sort: panels } }, spec: inner, resolve: { scale: { y: 'independent' } } }
      : { data: { values }, ...inner };
  return finishChart(body, o.title, o.subtitle, ctx);
}
