import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcess } from '../helpers/cli.js';
import { CHROMIUM, cliJson, haveChromium, playground, resultJson } from './harness.js';

if (!haveChromium) console.warn(`\n⚠ playground browser tests SKIPPED: ${CHROMIUM} is missing (apt-get install -y chromium).\n`);

/**
 * The playground (site/) in Debian's Chromium: its bundles are small, and a page opened with a
 * scenario in its hash is ready in under 2 s and runs it, its #result-json exactly what
 * `epic-balance shoot --json` prints for the same words. The page load is held to a wall-clock
 * limit, so this file runs alone after the others (vitest.config.ts, ALONE); the playground's other
 * runs are playgroundRuns.test.ts's.
 */

const pg = playground();

describe('the playground', () => {
  it('builds a small engine bundle', () => {
    const size = Object.fromEntries(pg.site.files.map((f) => [f.file, f]));
    // The page and its workers load at once; the chart library (vega.js) only when there is a chart to draw.
    expect(size['main.js']!.gzipBytes).toBeLessThan(200_000);
    expect(size['worker.js']!.gzipBytes).toBeLessThan(60_000);
    // The list panel (lists.js): the importers with their mapping tables and the matchup, loaded when the panel is opened or a matchup link followed.
    expect(size['lists.js']!.gzipBytes).toBeLessThan(320_000);
  });

  it.skipIf(!haveChromium)('a shared link runs at once and #result-json is what `shoot --json` prints', async () => {
    const { page, problems } = await pg.open();
    try {
      const started = Date.now();
      await page.goto(`${pg.base}#shoot=4%20Devastator&at=8%20Ork%20Boyz&trials=20000&seed=play`);
      await page.waitForSelector('body[data-state]');
      const loadMs = Date.now() - started;
      expect(loadMs).toBeLessThan(2000);
      const [fromPage, fromCli] = await Promise.all([resultJson(page), cliJson(['shoot', '4 Devastator', '--at', '8 Ork Boyz', '--trials', '20000', '--seed', 'play'])]);
      expect(fromPage).toEqual(fromCli);
      // The headline numbers, the charts of report.html and the command line are on the page.
      await page.waitForSelector('#charts[data-rendered]', { timeout: 20_000 });
      expect(await page.locator('#chart-kill svg.marks').count()).toBe(1);
      expect(await page.locator('#headline').innerText()).toContain('P(broken)');
      expect(await page.locator('#command-line').innerText()).toBe("npx epic-balance shoot '4 Devastator' --at '8 Ork Boyz' --trials 20000 --seed play --chunk-size 50000");
      expect(await page.locator('#formation').inputValue()).toBe('4 Devastator');
      // The CSV download is the command line's kill.csv (`--out`), byte for byte.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download kill.csv' }).click()]);
      const out = join(pg.root, 'cli-out');
      expect((await inProcess(['shoot', '4 Devastator', '--at', '8 Ork Boyz', '--trials', '20000', '--seed', 'play', '--out', out, '--quiet'])).code).toBe(0);
      expect(readFileSync((await download.path())!, 'utf8')).toBe(readFileSync(join(out, 'kill.csv'), 'utf8'));
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

});
