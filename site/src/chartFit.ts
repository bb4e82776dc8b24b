import { CONFIG, wrap, type ChartLines, type VlSpec } from '../../src/reports/charts/frame.js';

/**
 * A report's chart (src/reports/charts) redrawn for a screen narrower than
 * it: the same marks and text sizes, a narrower plot, long formation names
 * on the bars' axis and long titles wrapped onto several lines, and legends
 * under the plot instead of beside it. Scaling the wide SVG down instead made
 * its 11 px text about 5 px on a phone.
 */

/** DejaVu Sans's mean glyph width over its font size, taken a little wide so wrapped text fits. */
const GLYPH = 0.62;

/** Characters of text of `fontSize` px that fit in `px`. */
const charsIn = (px: number, fontSize: number) => Math.max(8, Math.floor(px / (fontSize * GLYPH)));

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const lines = (text: unknown): string[] => (Array.isArray(text) ? text.map(String) : typeof text === 'string' ? [text] : []);

/** Text wrapped again to `chars` characters, each source line on its own. */
const rewrap = (text: unknown, chars: number) => lines(text).flatMap((l) => wrap(l, chars));

/** The position encodings of a view and of its layers. */
function encodings(view: Json): Json[] {
  const own = isObject(view.encoding) ? [view.encoding] : [];
  const layers = Array.isArray(view.layer) ? view.layer.filter(isObject).flatMap((l) => (isObject(l.encoding) ? [l.encoding] : [])) : [];
  return [...own, ...layers];
}

/** A Vega expression giving each label's lines (a nominal axis's labels, wrapped). */
function labelLines(labels: string[], chars: number): string {
  const cases = labels.map((l) => `datum.value === ${JSON.stringify(l)} ? ${JSON.stringify(wrap(l, chars))} : `).join('');
  return `${cases}datum.label`;
}

/** The distinct values of a field in the chart's inline data. */
function valuesOf(data: unknown, field: unknown): string[] {
  const rows = isObject(data) && Array.isArray(data.values) ? data.values.filter(isObject) : [];
  return [...new Set(rows.map((r) => r[String(field)]).filter((v) => v !== undefined).map(String))];
}

/** Fits one view (a plot, or a facet's repeated plot) into `inner` px; returns the plot's width. `data`: the chart's inline data. */
function fitView(view: Json, inner: number, data: unknown): number {
  const all = encodings(view);
  const nominalY = all.map((e) => e.y).find((y): y is Json => isObject(y) && y.type === 'nominal' && Array.isArray(y.sort));
  let plot = inner - 70;
  if (nominalY !== undefined) {
    // Bars with a label each: a label column up to 42% of the width, its names wrapped to it.
    const labels = (nominalY.sort as unknown[]).map(String);
    const fontSize = CONFIG.axis.labelFontSize;
    const column = Math.min(0.42 * inner, Math.max(...labels.map((l) => l.length)) * fontSize * GLYPH);
    const chars = charsIn(column, fontSize);
    const deepest = Math.max(...labels.map((l) => wrap(l, chars).length));
    for (const e of all) {
      if (!isObject(e.y) || e.y.field !== nominalY.field) continue;
      e.y = { ...e.y, axis: { ...(isObject(e.y.axis) ? e.y.axis : {}), labelLimit: Math.ceil(column) + 4, labelExpr: labelLines(labels, chars) } };
    }
    // Room for every line of the deepest label in each label's band.
    if (typeof view.height === 'number') view.height = Math.max(view.height, labels.length * (deepest * (fontSize + 3) + 8));
    // The values written past the whiskers need about 45 px.
    plot = inner - column - 12 - 45;
  }
  if (typeof view.width === 'number') view.width = Math.max(120, Math.min(view.width, Math.floor(plot)));
  for (const e of all) {
    for (const channel of ['x', 'y']) {
      const c = e[channel];
      if (!isObject(c)) continue;
      // Axis titles wrap to the plot; long step names on an x axis turn and stay short.
      if (c.title !== undefined && c.title !== null) c.title = rewrap(c.title, charsIn(typeof view.width === 'number' ? view.width : plot, CONFIG.axis.titleFontSize));
      if (channel === 'x' && c.type !== 'quantitative' && isObject(c.axis) && typeof c.axis.labelLimit === 'number') c.axis = { ...c.axis, labelAngle: -45, labelLimit: Math.min(c.axis.labelLimit, 120) };
    }
    // Legends beside the plot go under it (the formations', one a line, as wide as the screen) and over it (the measures').
    for (const [channel, orient] of [['color', 'bottom'], ['strokeDash', 'top']] as const) {
      const c = e[channel];
      // A legend starts where the plot does: a symbol and its label, wrapped, no wider than the plot.
      if (isObject(c) && isObject(c.legend) && c.legend.orient === 'right') {
        const room = (typeof view.width === 'number' ? view.width : plot) - 24;
        c.legend = { ...c.legend, orient, direction: orient === 'bottom' ? 'vertical' : 'horizontal', labelLimit: room, labelExpr: labelLines(valuesOf(data, c.field), charsIn(room, CONFIG.legend.labelFontSize)) };
      }
    }
  }
  return typeof view.width === 'number' ? view.width : plot;
}

/**
 * The chart `spec` (as finishChart makes it: a body in a one-element vconcat,
 * the footnote as the bottom title) fitted into `width` px.
 */
export function fitChart(spec: VlSpec, width: number): VlSpec {
  const fitted = structuredClone(spec) as Json;
  const inner = width - 2 * CONFIG.padding - 8;
  // The subtitle's and footnote's lines as written, before finishChart wrapped them for the report's width.
  const source = isObject(fitted.usermeta) && isObject(fitted.usermeta.lines) ? (fitted.usermeta.lines as unknown as ChartLines) : null;
  if (isObject(fitted.title)) fitted.title = { ...fitted.title, text: rewrap(source?.footnote ?? fitted.title.text, charsIn(inner, 10)) };
  const body = Array.isArray(fitted.vconcat) && isObject(fitted.vconcat[0]) ? fitted.vconcat[0] : fitted;
  if (isObject(body.title)) {
    const t = body.title;
    body.title = { ...t, text: rewrap(t.text, charsIn(inner, CONFIG.title.fontSize)), ...(t.subtitle !== undefined ? { subtitle: rewrap(source?.subtitle ?? t.subtitle, charsIn(inner, CONFIG.title.subtitleFontSize)) } : {}) };
  }
  if (isObject(body.facet) && isObject(body.spec)) {
    // A panel's header (a formation's name) starts over its plot: wrapped, no wider than the plot.
    const plot = fitView(body.spec, inner, body.data);
    for (const f of Object.values(body.facet)) {
      if (isObject(f) && isObject(f.header)) f.header = { ...f.header, labelLimit: plot, labelExpr: labelLines(valuesOf(body.data, f.field), charsIn(plot, 12)) };
    }
  } else {
    fitView(body, inner, body.data);
  }
  return fitted;
}
