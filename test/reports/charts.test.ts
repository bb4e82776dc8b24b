import { compile } from 'vega-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { barChart } from '../../src/reports/charts/barChart.js';
import type { VlSpec } from '../../src/reports/charts/frame.js';
import { renderSvg, svgToPng } from '../../src/reports/render.js';
import type { RunReport } from '../../src/reports/report.js';
import { decodePng, darkPixels } from './png.js';
import { sampleMeta, sampleReport, TRIALS } from './sampleReport.js';
import { chartContext } from '../../src/reports/report.js';

let report: RunReport;
beforeAll(async () => {
  report = await sampleReport();
});

/** Every string title of x/y/color encodings anywhere in a spec. */
function axisTitles(spec: unknown): string[] {
  const out: string[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (v === null || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    const enc = o.encoding as Record<string, { title?: unknown }> | undefined;
    if (enc) for (const ch of ['x', 'y']) if (typeof enc[ch]?.title === 'string') out.push(enc[ch]!.title as string);
    Object.values(o).forEach(visit);
  };
  visit(spec);
  return out;
}

const ALL_CHARTS = ['kill', 'break', 'assault', 'efficiency', 'matrix', 'matrix-average', 'fair-cost', 'fair-cost-opponents'];

describe('chart specs', () => {
  it('the sample report has every kind of chart', () => {
    expect(report.sections.flatMap((s) => s.charts.map((c) => c.name))).toEqual(ALL_CHARTS);
  });

  it.each(ALL_CHARTS)('%s compiles with vega-lite without a warning', (name) => {
    const spec = report.sections.flatMap((s) => s.charts).find((c) => c.name === name)!.spec;
    const warnings: unknown[] = [];
    const logger = { level: () => logger, error: (...a: unknown[]) => warnings.push(a), warn: (...a: unknown[]) => warnings.push(a), info: () => logger, debug: () => logger };
    const vg = compile(spec as never, { logger: logger as never }).spec;
    expect(vg.marks?.length ?? 0).toBeGreaterThan(0);
    expect(warnings).toEqual([]);
  });

  it.each(ALL_CHARTS)('%s has a title, axis titles with units and the run footnote', (name) => {
    const spec = report.sections.flatMap((s) => s.charts).find((c) => c.name === name)!.spec as VlSpec & { vconcat: Array<{ title: { text: string } }>; title: { text: string[] } };
    expect(spec.vconcat[0]!.title.text.length).toBeGreaterThan(5);
    const foot = spec.title.text.join(' ');
    expect(foot).toContain(`${TRIALS} trials`);
    expect(foot).toContain('seed "sample"');
    expect(foot).toContain(sampleMeta().data.version);
    const titles = axisTitles(spec);
    expect(titles.length).toBeGreaterThan(0);
    for (const t of titles) expect(t, `axis title "${t}" names its unit`).toMatch(/\(.+\)/);
  });

  it('kill chart data are the CSV rows of the last step', () => {
    const kill = report.sections.find((s) => s.id === 'kill')!;
    const values = ((kill.charts[0]!.spec as { vconcat: Array<{ data: { values: Array<{ k: number; value: number; measure: string }> } }> }).vconcat[0]!.data.values);
    const lastStep = Math.max(...kill.tables[0]!.rows.map((r) => r.step as number));
    const csv = kill.tables[0]!.rows.filter((r) => r.step === lastStep && (r.measure === 'p_exactly_k' || r.measure === 'p_at_least_k'));
    expect(values.map((v) => v.value)).toEqual(csv.map((r) => r.value));
  });
});

describe('rendering', () => {
  const ctx = chartContext(sampleMeta());
  const chart = (title: string) => barChart([{ label: 'Warband', group: 'g', value: 0.4, ci95_low: 0.35, ci95_high: 0.45 }], { title, axisTitle: 'Probability (%)', format: '%', domain: [0, 1] }, ctx);

  it('SVG names the bundled font and carries the title and footnote text', async () => {
    const svg = await renderSvg(chart('Break chance of the Warband'));
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('DejaVu Sans');
    expect(svg).toContain('Break chance of the Warband');
    expect(svg).toContain('seed &quot;sample&quot;');
  });

  it('PNG is non-empty and has text in the title region (the font loaded), none without a title', async () => {
    const png = svgToPng(await renderSvg(chart('Break chance of the Warband')));
    expect(png.length).toBeGreaterThan(5000);
    const img = decodePng(png);
    expect(img.width).toBeGreaterThan(600);
    // The title sits at the top left: 12 px padding, 16 px bold, drawn at 2x.
    const withTitle = darkPixels(img, 0, 16, 560, 64);
    expect(withTitle).toBeGreaterThan(400);
    const blank = decodePng(svgToPng(await renderSvg(chart(' '))));
    expect(darkPixels(blank, 0, 16, 560, 64)).toBeLessThan(withTitle / 20);
  });

  it('every chart of the sample report renders to a PNG with a title', async () => {
    for (const c of report.sections.flatMap((s) => s.charts)) {
      const img = decodePng(svgToPng(await renderSvg(c.spec)));
      expect(darkPixels(img, 0, 16, 600, 64), c.name).toBeGreaterThan(300);
    }
  });
});
