import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { writeRunReport } from '../../src/reports/writeRunReport.js';
import { sampleReport } from './sampleReport.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) {
  console.warn(`\n⚠ report.html browser test SKIPPED: ${CHROMIUM} is missing (apt-get install -y chromium; .ci/run installs it).\n`);
}

const root = mkdtempSync(join(tmpdir(), 'epic-balance-html-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('report.html', () => {
  it('is self-contained: the Vega libraries inlined, no URL to fetch', async () => {
    const dir = join(root, 'static');
    await writeRunReport(await sampleReport(), dir);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toMatch(/<link[^>]+href=/);
    expect(html).toContain('vegaEmbed');
    expect(html.length).toBeGreaterThan(700_000);
  });

  it.skipIf(!haveChromium)('renders every chart in headless Chromium, offline, without console errors, with tooltips', async () => {
    const report = await sampleReport();
    const dir = join(root, 'browser');
    await writeRunReport(report, dir);
    const charts = report.sections.flatMap((s) => s.charts.map((c) => c.name));
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
      const errors: string[] = [];
      const requests: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      page.on('request', (r) => {
        if (!r.url().startsWith('file:')) requests.push(r.url());
      });
      await page.goto(pathToFileURL(join(dir, 'report.html')).href);
      await page.waitForSelector('body[data-rendered]', { timeout: 30_000 });
      expect(await page.getAttribute('body', 'data-rendered')).toBe(String(charts.length));
      for (const name of charts) {
        const marks = await page.locator(`#chart-${name} svg.marks`).count();
        expect(marks, `chart ${name} rendered an svg`).toBe(1);
        const shapes = await page.locator(`#chart-${name} svg.marks path, #chart-${name} svg.marks line, #chart-${name} svg.marks rect`).count();
        expect(shapes, `chart ${name} drew marks`).toBeGreaterThan(3);
      }
      // A tooltip appears over a bar of the efficiency chart.
      const bar = page.locator('#chart-efficiency svg.marks g.mark-rect path').first();
      await bar.hover();
      await page.waitForSelector('#vg-tooltip-element.visible', { timeout: 5000 });
      expect(await page.locator('#vg-tooltip-element').innerText()).toContain('Value');
      // The reproducing command and one-line definitions are on the page.
      const text = await page.locator('body').innerText();
      expect(text).toContain(report.meta.command);
      expect(text).toContain('Exchange ratio (two-sided scripts)');
      expect(errors).toEqual([]);
      expect(requests).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
