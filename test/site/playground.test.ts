import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteBuild } from '../../site/build.js';
import { serveStatic } from '../../src/cli/serve.js';
import { inProcess } from '../helpers/cli.js';
import { sharedSite } from './harness.js';

/**
 * The playground (site/) in Debian's Chromium: a page opened with a scenario
 * in its hash runs it and its #result-json is exactly what
 * `epic-balance shoot/assault --json` prints for the same words, whatever the
 * number of Web Workers; a scenario set through the controls gives the same;
 * bad input is a message beside its field.
 */

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) console.warn(`\n⚠ playground browser tests SKIPPED: ${CHROMIUM} is missing (apt-get install -y chromium).\n`);

const root = mkdtempSync(join(tmpdir(), 'epic-balance-site-'));
let site: SiteBuild;
let server: Server;
let base: string;
let browser: Browser | null = null;

beforeAll(async () => {
  site = await sharedSite(root);
  ({ server, url: base } = await serveStatic(site.dir, 0));
  if (haveChromium) {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }
});

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
  rmSync(root, { recursive: true, force: true });
});

/** A page that records console errors and warnings, page errors and requests leaving the server. */
async function openPage(width = 1200, height = 900): Promise<{ page: Page; problems: string[] }> {
  const page = await browser!.newPage({ viewport: { width, height } });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    if (!r.url().startsWith(base) && !r.url().startsWith('file:') && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) problems.push(`request: ${r.url()}`);
  });
  return { page, problems };
}

async function resultJson(page: Page): Promise<unknown> {
  await page.waitForSelector('#result-json', { state: 'attached', timeout: 20_000 });
  return JSON.parse((await page.locator('#result-json').textContent())!);
}

async function cliJson(args: string[]): Promise<unknown> {
  const r = await inProcess([...args, '--json', '--quiet']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

describe('the playground', () => {
  it('builds a small engine bundle', () => {
    const size = Object.fromEntries(site.files.map((f) => [f.file, f]));
    // The page and its workers load at once; the chart library (vega.js) only when there is a chart to draw.
    expect(size['main.js']!.gzipBytes).toBeLessThan(200_000);
    expect(size['worker.js']!.gzipBytes).toBeLessThan(60_000);
    // The list panel (lists.js): the importers with their mapping tables and the matchup, loaded when the panel is opened or a matchup link followed.
    expect(size['lists.js']!.gzipBytes).toBeLessThan(320_000);
  });

  it.skipIf(!haveChromium)('a shared link runs at once and #result-json is what `shoot --json` prints', async () => {
    const { page, problems } = await openPage();
    try {
      const started = Date.now();
      await page.goto(`${base}#shoot=4%20Devastator&at=8%20Ork%20Boyz&trials=20000&seed=play`);
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
      const out = join(root, 'cli-out');
      expect((await inProcess(['shoot', '4 Devastator', '--at', '8 Ork Boyz', '--trials', '20000', '--seed', 'play', '--out', out, '--quiet'])).code).toBe(0);
      expect(readFileSync((await download.path())!, 'utf8')).toBe(readFileSync(join(out, 'kill.csv'), 'utf8'));
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it.skipIf(!haveChromium)('an assault with a supporting formation matches `assault --json`', async () => {
    const { page, problems } = await openPage();
    try {
      await page.goto(`${base}#assault=codex-astartes/tactical-detachment&at=ork-war-horde/warband&support=4%20Devastator&trials=20000&seed=play`);
      const [fromPage, fromCli] = await Promise.all([
        resultJson(page),
        cliJson(['assault', 'codex-astartes/tactical-detachment', '--at', 'ork-war-horde/warband', '--support', '4 Devastator', '--trials', '20000', '--seed', 'play']),
      ]);
      expect(fromPage).toEqual(fromCli);
      expect((fromPage as { assault: { attackerWins: { p: number } } }).assault.attackerWins.p).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it.skipIf(!haveChromium)('an aircraft ground attack through flak matches `shoot --json` (the aerospace rules, as the command line picks them)', async () => {
    const { page, problems } = await openPage();
    try {
      await page.goto(`${base}#shoot=2%20Thunderbolt&at=steel-legion/mechanised-infantry-company&flak=3%20Hydra&trials=5000&seed=air`);
      const [fromPage, fromCli] = await Promise.all([
        resultJson(page),
        cliJson(['shoot', '2 Thunderbolt', '--at', 'steel-legion/mechanised-infantry-company', '--flak', '3 Hydra', '--trials', '5000', '--seed', 'air']),
      ]);
      expect(fromPage).toEqual(fromCli);
      expect((fromPage as { attack: string }).attack).toBe('ground-attack');
      expect(await page.locator('#headline caption').allInnerTexts()).toEqual([expect.stringContaining('Target:'), expect.stringContaining('Aircraft:')]);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it.skipIf(!haveChromium)('1 Web Worker and 3 give the same JSON, the command line\'s with the same chunk size', async () => {
    const run = async (workers: number) => {
      const { page, problems } = await openPage();
      try {
        await page.goto(`${base}#shoot=4%20Devastator&at=8%20Ork%20Boyz&action=sustained&target-bm=1&trials=20000&seed=play&chunk-size=2500&workers=${workers}`);
        const json = await resultJson(page);
        expect(await page.locator('#status').innerText()).toContain('20,000 trials');
        expect(problems).toEqual([]);
        return json;
      } finally {
        await page.close();
      }
    };
    const one = await run(1);
    const three = await run(3);
    expect(three).toEqual(one);
    expect(one).toEqual(await cliJson(['shoot', '4 Devastator', '--at', '8 Ork Boyz', '--action', 'sustained', '--target-bm', '1', '--trials', '20000', '--seed', 'play', '--chunk-size', '2500']));
  });

  it.skipIf(!haveChromium)('a scenario set through the controls runs on Run, puts its words in the address, and matches the command line', async () => {
    const { page, problems } = await openPage(390, 844);
    try {
      await page.goto(base);
      await page.waitForSelector('body[data-state=ready]');
      await page.getByRole('radio', { name: 'Assault', exact: true }).check();
      await page.getByLabel('Attacker', { exact: true }).fill('6 Tactical, 3 Rhino');
      await page.getByLabel('Target', { exact: true }).fill('8 Ork Boyz');
      await page.getByLabel('Supporting formations of the attacker (one per line)').fill('4 Devastator');
      await page.getByLabel('Trials', { exact: true }).fill('10000');
      await page.getByLabel('Seed', { exact: true }).fill('controls');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      const fromPage = await resultJson(page);
      expect(new URL(page.url()).hash).toBe('#assault=6%20Tactical,%203%20Rhino&at=8%20Ork%20Boyz&support=4%20Devastator&trials=10000&seed=controls');
      expect(fromPage).toEqual(await cliJson(['assault', '6 Tactical, 3 Rhino', '--at', '8 Ork Boyz', '--support', '4 Devastator', '--trials', '10000', '--seed', 'controls']));
      // A phone's width: nothing wider than the screen but the charts' own scrolling boxes.
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it.skipIf(!haveChromium)('bad input is one message beside its field, no result and no console error', async () => {
    const { page, problems } = await openPage();
    try {
      await page.goto(`${base}#shoot=4%20Devastatorz&at=8%20Ork%20Boyz&trials=1000`);
      await page.waitForSelector('body[data-state=error]');
      expect(await page.locator('#formation-error').innerText()).toContain('unknown unit "Devastatorz"; did you mean "Devastator"?');
      expect(await page.locator('#formation').getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('#result-json').count()).toBe(0);
      await page.goto(`${base}#shoot=4%20Devastator&at=8%20Ork%20Boyz&trials=-5`);
      await page.waitForSelector('#trials-error:not([hidden])');
      expect(await page.locator('#trials-error').innerText()).toContain('expected a whole number of at least 1, got "-5"');
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it.skipIf(!haveChromium)('Stop ends a run with no result', async () => {
    const { page, problems } = await openPage();
    try {
      await page.goto(`${base}#shoot=4%20Devastator&at=8%20Ork%20Boyz&trials=500000000&seed=stop`);
      await page.waitForSelector('body[data-state=running]');
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.waitForSelector('body[data-state=stopped]');
      expect(await page.locator('#status').innerText()).toContain('Stopped');
      expect(await page.locator('#result-json').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it.skipIf(!haveChromium)('opened from the built folder (file://, no workers) it runs in one thread and gives the same JSON', async () => {
    const { page, problems } = await openPage();
    try {
      await page.goto(`${pathToFileURL(join(site.dir, 'index.html')).href}#shoot=4%20Devastator&at=8%20Ork%20Boyz&trials=5000&seed=file&chunk-size=2000`);
      const fromPage = await resultJson(page);
      expect(await page.locator('#status').innerText()).toContain('5,000 trials');
      expect(fromPage).toEqual(await cliJson(['shoot', '4 Devastator', '--at', '8 Ork Boyz', '--trials', '5000', '--seed', 'file', '--chunk-size', '2000']));
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
