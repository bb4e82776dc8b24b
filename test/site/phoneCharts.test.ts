import { describe, expect, it } from 'vitest';
import { fitChart } from '../../site/src/chartFit.js';
import { finishChart, wrap } from '../../src/reports/charts/frame.js';
import { haveChromium, playground, resultJson } from './harness.js';

/**
 * The playground's charts on a phone: redrawn for the screen's width rather
 * than the report's wide chart scaled down (its 11 px text came out about 5 px
 * at 390 px wide), so no text is smaller than the report's smallest (10 px);
 * on a desktop they are the report's charts as they are. And the footer
 * speaks to someone on the web, who cannot open a file of the repository.
 */

const pg = playground();
const SCRIPT = '#shoot-assault=codex-astartes/tactical-detachment&at=ork-war-horde/warband&support=4%20Devastator&trials=2000&seed=phone';

/** Each chart's drawn width, its box's width, and its smallest text as drawn (font size times the SVG's scale), in px. */
const CHARTS = `[...document.querySelectorAll('#charts .chart')].map((box) => {
  const svg = box.querySelector('svg');
  const drawn = svg.getBoundingClientRect().width;
  const scale = drawn / svg.viewBox.baseVal.width;
  const text = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim() !== '').map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
  return { id: box.id, fitted: box.dataset.fitted ?? null, box: box.clientWidth, width: Math.round(svg.viewBox.baseVal.width), smallest: Math.round(10 * Math.min(...text)) / 10 };
})`;

interface Drawn {
  id: string;
  fitted: string | null;
  box: number;
  width: number;
  smallest: number;
}

describe('a chart redrawn narrower', () => {
  it('wraps the subtitle\'s and footnote\'s lines as written, not the report\'s wrapped ones', () => {
    const subtitle = ['Enemy points destroyed per 100 points of the acting formation(s), at the end of the script, after every step of it', 'Exchange ratio'];
    const spec = finishChart({ data: { values: [] }, width: 440, height: 60, mark: 'bar' }, 'Points efficiency', subtitle, { trials: 10, seed: 's', data: { id: 'd', version: 'v' }, toolVersion: '0' });
    const fitted = fitChart(spec, 374) as { vconcat: Array<{ title: { subtitle: string[] } }> };
    expect(fitted.vconcat[0]!.title.subtitle).toEqual([...wrap(subtitle[0]!, 44), 'Exchange ratio']);
  });

  it('wraps long formation names on the bars\' axis instead of cutting them', () => {
    const spec = {
      vconcat: [{ data: { values: [] }, width: 440, height: 52, layer: [{ mark: 'bar', encoding: { x: { field: 'value', type: 'quantitative', title: 'Probability (%)' }, y: { field: 'label', type: 'nominal', sort: ["Ghazghkull Mag Uruk Thraka's Ork War Horde Warband"], axis: { labelLimit: 420 } } } }] }],
      title: { text: ['1 trial'] },
    };
    const fitted = fitChart(spec, 374) as { vconcat: Array<{ width: number; layer: Array<{ encoding: { y: { axis: { labelExpr: string } } } }> }> };
    expect(fitted.vconcat[0]!.width).toBeLessThan(374);
    expect(fitted.vconcat[0]!.layer[0]!.encoding.y.axis.labelExpr).toBe(`datum.value === "Ghazghkull Mag Uruk Thraka's Ork War Horde Warband" ? ["Ghazghkull Mag Uruk","Thraka's Ork War","Horde Warband"] : datum.label`);
  });
});

describe.skipIf(!haveChromium)('the playground\'s charts', () => {
  it('at 390 px: redrawn to the screen, no text under 10 px, none wider than its box', async () => {
    const { page, problems } = await pg.open(390, 844);
    try {
      await page.goto(`${pg.base}${SCRIPT}`);
      await resultJson(page);
      await page.waitForSelector('#charts[data-rendered]', { timeout: 30_000 });
      const charts = (await page.evaluate(CHARTS)) as Drawn[];
      expect(charts.length).toBeGreaterThanOrEqual(3);
      for (const c of charts) {
        expect(c.fitted, c.id).not.toBeNull();
        expect(c.width, c.id).toBeLessThanOrEqual(c.box);
        expect(c.smallest, c.id).toBeGreaterThanOrEqual(10);
      }
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('at 1280 px: the report\'s charts as they are; the footer names no repository file', async () => {
    const { page, problems } = await pg.open(1280, 900);
    try {
      await page.goto(`${pg.base}${SCRIPT}`);
      await resultJson(page);
      await page.waitForSelector('#charts[data-rendered]', { timeout: 30_000 });
      for (const c of (await page.evaluate(CHARTS)) as Drawn[]) {
        expect(c.fitted, c.id).toBeNull();
        expect(c.smallest, c.id).toBe(10);
      }
      const footer = await page.locator('footer').innerText();
      expect(footer).not.toMatch(/docs\/|\.md\b/);
      expect(footer).toContain("This page's address holds the scenario: copy it to share a run");
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
