/**
 * What every chart shares: the font (DejaVu Sans, shipped by the
 * dejavu-fonts-ttf package so text renders the same on any machine), sizes,
 * and a footnote with the trial count, seed and data version.
 */

/** A Vega-Lite specification as plain JSON (validated by compiling it). */
export type VlSpec = Record<string, unknown>;

export const FONT = 'DejaVu Sans';
export const VEGA_LITE_SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** What the footnote of every chart says. */
export interface ChartContext {
  trials: number;
  seed: string;
  data: { id: string; version: string };
  toolVersion: string;
  /** The engagement or any other one-line context for the footnote. */
  note?: string;
}

export function footnote(ctx: ChartContext): string[] {
  const lines = [
    `${ctx.trials.toLocaleString('en')} trials per simulation · seed "${ctx.seed}" · data ${ctx.data.id} ${ctx.data.version} · epic-balance ${ctx.toolVersion} · 95% intervals`,
  ];
  if (ctx.note) lines.push(ctx.note);
  return lines;
}

export const CONFIG = {
  font: FONT,
  background: 'white',
  padding: 12,
  title: { fontSize: 16, subtitleFontSize: 12, subtitleColor: '#444', anchor: 'start', offset: 10 },
  axis: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 'bold', labelLimit: 260 },
  legend: { labelFontSize: 11, titleFontSize: 12, labelLimit: 420 },
  header: { labelFontSize: 12, titleFontSize: 12, labelLimit: 400 },
  view: { stroke: '#ccc' },
} as const;

/** Splits text into lines of at most `width` characters at spaces (titles and footnotes). */
export function wrap(text: string, width = 90): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The lines of a chart's subtitle and footnote before wrapping, kept in the spec's `usermeta` to redraw it at another width. */
export interface ChartLines {
  subtitle: string[];
  footnote: string[];
}

/**
 * A chart ready to render: the body with its title (and subtitle) on top, and
 * the footnote (trial count, seed, data and tool version) under everything,
 * as the bottom-anchored title of a one-element vconcat around the body.
 * Legends stay with the body (resolved independently), under its title.
 */
export function finishChart(body: VlSpec, title: string, subtitle: string | string[] | undefined, ctx: ChartContext): VlSpec {
  const lines: ChartLines = { subtitle: subtitle === undefined ? [] : Array.isArray(subtitle) ? subtitle : [subtitle], footnote: footnote(ctx) };
  const sub = lines.subtitle.flatMap((l) => wrap(l, 100));
  const notes = lines.footnote.flatMap((l) => wrap(l, 130));
  return {
    $schema: VEGA_LITE_SCHEMA,
    vconcat: [{ ...body, title: { text: title, ...(sub.length ? { subtitle: sub } : {}) } }],
    resolve: { legend: { color: 'independent', strokeDash: 'independent', shape: 'independent', size: 'independent', fill: 'independent' } },
    title: { text: notes, orient: 'bottom', anchor: 'start', fontSize: 10, fontWeight: 'normal', color: '#555', offset: 16, lineHeight: 14 },
    config: CONFIG,
    usermeta: { lines },
  };
}

/** Names as axis or legend labels: long formation names cut with an ellipsis. */
export function shortName(s: string, max = 42): string {
  return s.length <= max ? s : s.slice(0, max - 1) + '…';
}
