import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildSite, type SiteBuild } from '../../site/build.js';
import { serveStatic } from '../../src/cli/serve.js';
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
    pg.site = await sharedSite(pg.root);
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

/**
 * The playground built from the sources once per test run, in the folder
 * test/site/globalSetup.ts gives (every browser test file used to build the
 * same sources into a folder of its own): the first file to get here builds
 * it, the others wait for that build. Without that folder (another vitest
 * configuration), a build of its own in `root`.
 */
export async function sharedSite(root: string): Promise<SiteBuild> {
  const runDir = inject('siteRunDir') as string | undefined;
  if (runDir === undefined) return buildSite(join(root, 'site'));
  const built = join(runDir, 'site.json');
  const failed = join(runDir, 'site.error');
  try {
    mkdirSync(join(runDir, 'building'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    // Another file is building it: wait for its result (a build takes seconds).
    for (const until = Date.now() + 120_000; Date.now() < until; ) {
      if (existsSync(built)) return JSON.parse(readFileSync(built, 'utf8')) as SiteBuild;
      if (existsSync(failed)) throw new Error(`the playground's build failed in another test file: ${readFileSync(failed, 'utf8')}`);
      await sleep(100);
    }
    throw new Error(`no build of the playground in ${runDir} after 2 minutes`);
  }
  try {
    const site = await buildSite(join(runDir, 'site'));
    writeFileSync(`${built}.tmp`, JSON.stringify(site));
    renameSync(`${built}.tmp`, built);
    return site;
  } catch (e) {
    writeFileSync(failed, e instanceof Error ? (e.stack ?? e.message) : String(e));
    throw e;
  }
}
