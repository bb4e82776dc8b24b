import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildSite, type SiteBuild } from '../../site/build.js';
import { serveStatic } from '../../src/commands/serve.js';
import { inProcess } from '../helpers/cli.js';

/**
 * The playground built into a temporary folder, served on a free port, and
 * Debian's Chromium driven by playwright-core: for the browser tests of
 * test/site. Call `playground()` at the top of a test file.
 */

export const CHROMIUM = '/usr/bin/chromium';
export const haveChromium = existsSync(CHROMIUM);

export interface Playground {
  root: string;
  site: SiteBuild;
  base: string;
  /** A page that records console errors and warnings, page errors and requests leaving the server. */
  open(width?: number, height?: number): Promise<{ page: Page; problems: string[] }>;
}

export function playground(): Playground {
  const pg = { root: mkdtempSync(join(tmpdir(), 'epic-balance-site-')) } as Playground;
  let server: Server | null = null;
  let browser: Browser | null = null;
  beforeAll(async () => {
    pg.site = await buildSite(join(pg.root, 'site'));
    ({ server, url: pg.base } = await serveStatic(pg.site.dir, 0));
    if (haveChromium) {
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      });
    }
  });
  afterAll(async () => {
    await browser?.close();
    if (server !== null) await new Promise((r) => server!.close(r));
    rmSync(pg.root, { recursive: true, force: true });
  });
  pg.open = async (width = 1200, height = 900) => {
    const page = await browser!.newPage({ viewport: { width, height } });
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('request', (r) => {
      if (!r.url().startsWith(pg.base) && !/^(file|blob|data):/.test(r.url())) problems.push(`request: ${r.url()}`);
    });
    return { page, problems };
  };
  return pg;
}

export async function resultJson(page: Page, timeout = 30_000): Promise<unknown> {
  await page.waitForSelector('#result-json', { state: 'attached', timeout });
  return JSON.parse((await page.locator('#result-json').textContent())!);
}

export async function cliJson(args: string[]): Promise<unknown> {
  const r = await inProcess([...args, '--json', '--quiet']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}
