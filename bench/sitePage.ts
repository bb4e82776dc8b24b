import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildSite } from '../site/build.js';
import { serveStatic } from '../src/cli/serve.js';

/** The Chromium the page benches drive (Debian's package). */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * The page as a user gets it, for a bench: built minified in a temporary folder, served on a free
 * port and opened in headless Chromium; `use` gets the page, the site's address and the browser.
 * The browser, the server and the folder are gone afterwards, whatever `use` does. Without
 * Chromium it returns `{ skipped }` and runs nothing.
 */
export async function withSitePage<T>(use: (page: Page, url: string, browser: Browser) => Promise<T>): Promise<T | { skipped: string }> {
  if (!existsSync(CHROMIUM)) return { skipped: `${CHROMIUM} is missing` };
  const root = mkdtempSync(join(tmpdir(), 'epic-balance-page-bench-'));
  let server: Server | null = null;
  let browser: Browser | null = null;
  try {
    const site = await buildSite(join(root, 'site'));
    let url: string;
    ({ server, url } = await serveStatic(site.dir, 0));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
    return await use(await browser.newPage(), url, browser);
  } finally {
    await browser?.close();
    if (server !== null) await new Promise((r) => server!.close(r));
    rmSync(root, { recursive: true, force: true });
  }
}
