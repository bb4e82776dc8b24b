import type { Page } from 'playwright-core';
import { DEFAULT_CHUNK_SIZE } from '../src/model/runDefaults.js';
import { withSitePage } from './sitePage.js';

/**
 * The playground's speed (issue 19): trials per second of the shooting
 * scenario run by the page itself (site/, built minified as `npm run site`
 * builds it) in headless Chromium on `workers` Web Workers, read from the
 * page's own timing of the run (#status data-elapsed-ms: first chunk sent to
 * last merged). As for the CLI pool, start-up and JIT warm-up are left out:
 * the page keeps its workers between runs, so one warm-up run comes first,
 * (and one of about a second) come first, then `reps` timed runs of about
 * `seconds` each; the best counts, as for the CLI.
 */

export interface PageRate {
  workers: number;
  trials: number;
  seconds: number;
  rate: number;
  /** Every timed run's trials per second. */
  runs: number[];
  browser: string;
}

const SCENARIO = 'shoot=4%20Devastator&at=8%20Ork%20Boyz';

/** Runs the scenario once in the open page (a new hash starts a run) and returns its seconds. */
async function runOnce(page: Page, trials: number, workers: number, rep: number): Promise<number> {
  await page.evaluate(`location.hash = ${JSON.stringify(`#${SCENARIO}&trials=${trials}&seed=bench-${rep}&workers=${workers}`)}`);
  await page.waitForSelector('#status[data-elapsed-ms]', { state: 'attached', timeout: 600_000 });
  return Number(await page.locator('#status').getAttribute('data-elapsed-ms')) / 1000;
}

export async function pageRate(opts: { workers: number; seconds: number; reps: number }): Promise<PageRate | { skipped: string }> {
  return withSitePage(async (page, url, browser) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForSelector('body[data-state=ready]');
    const chunks = (n: number) => Math.max(opts.workers * 2, Math.round(n / DEFAULT_CHUNK_SIZE)) * DEFAULT_CHUNK_SIZE;
    // Warm-up: starts the workers, compiles the scenario and lets the JIT settle.
    const warmTrials = chunks(opts.workers * 8 * DEFAULT_CHUNK_SIZE);
    let best = warmTrials / (await runOnce(page, warmTrials, opts.workers, -2));
    const settle = chunks(best);
    best = Math.max(best, settle / (await runOnce(page, settle, opts.workers, -1)));
    const runs: number[] = [];
    let bestRun = { trials: 0, seconds: 0 };
    for (let rep = 0; rep < opts.reps; rep++) {
      const trials = chunks(best * opts.seconds);
      const seconds = await runOnce(page, trials, opts.workers, rep);
      runs.push(trials / seconds);
      if (trials / seconds >= Math.max(...runs)) bestRun = { trials, seconds };
      best = Math.max(best, trials / seconds);
    }
    if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`);
    return { workers: opts.workers, trials: bestRun.trials, seconds: bestRun.seconds, rate: Math.max(...runs), runs, browser: browser.version() };
  });
}
