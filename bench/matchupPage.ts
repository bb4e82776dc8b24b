import { join } from 'node:path';
import { linkedList, matchupHash } from '../site/src/rulesets/netea/lists/matchupHash.js';
import { loadBattle } from '../src/model/loadBattle.js';
import { loadDataset } from '../src/model/loadDataset.js';
import { listMatchupInputs } from '../src/rulesets/netea/reports/matchup/listMatchup.js';
import { runPairs } from '../src/rulesets/netea/reports/matchup/runPairs.js';
import { DEFAULT_CHUNK_SIZE, DEFAULT_SEED } from '../src/model/runDefaults.js';
import { importRoster } from '../src/rulesets/netea/model/roster/importRoster.js';
import { withSitePage } from './sitePage.js';

/**
 * Issue 31's number for the page: a matchup of two 3,000-point lists (the Snapfire samples
 * 01-SM_codex_NETEA and 03-ORK_ghazgkhull_NETEA of test/fixtures/rosters, imported against the
 * Tournament Pack checkout given) in headless Chromium within 1.5 times the command line's time,
 * on as many workers. Both times are the pairs' meetings only: the command line's runPairs (its
 * worker pool started inside), and the page's own timing (#mu-status data-elapsed-ms: the first
 * meeting sent to the last pair's sums, its Web Workers started inside), the checkout already read.
 *
 *   npx tsx bench/matchupPage.ts --data <TP checkout> [--trials 500] [--workers 2]
 */

function arg(name: string, fallback?: string): string {
  const k = process.argv.indexOf(name);
  const v = k < 0 ? fallback : process.argv[k + 1];
  if (v === undefined) throw new Error(`usage: npx tsx bench/matchupPage.ts --data <TP checkout> [--trials N] [--workers N] (missing ${name})`);
  return v;
}

const tp = arg('--data');
const trials = Number(arg('--trials', '500'));
const workers = Number(arg('--workers', '2'));
const FIX = join(import.meta.dirname, '..', 'test', 'fixtures', 'rosters');

const data = loadDataset(tp);
const lists = ['01-SM_codex_NETEA', '03-ORK_ghazgkhull_NETEA'].map((n) => ({ file: `${n}.json`, roster: importRoster(data, join(FIX, `${n}.link.txt`)).roster }));
const loaded = loadBattle();
const inputs = listMatchupInputs(data, loaded, lists[0]!, lists[1]!);

const cliStarted = performance.now();
const { meetings } = await runPairs(inputs.mine.specs, inputs.theirs.specs, loaded.battle, { seed: DEFAULT_SEED, trials, chunkSize: DEFAULT_CHUNK_SIZE, airDefence: inputs.airDefence, airRaid: inputs.airRaid, workers });
const cliSeconds = (performance.now() - cliStarted) / 1000;
process.stdout.write(`command line: ${meetings} meetings of ${trials} trials in ${cliSeconds.toFixed(1)} s on ${workers} workers\n`);

const measured = await withSitePage(async (page, url, browser) => {
  const name = tp.replace(/[\\/]+$/, '').split(/[\\/]/).pop()!;
  await page.goto(`${url}${matchupHash({ mine: linkedList(lists[0]!.roster), theirs: linkedList(lists[1]!.roster), trials, data: name, workers })}`);
  await page.waitForSelector('#mu-form-error:not([hidden])');
  await page.locator('#tp-folder').setInputFiles(tp);
  await page.waitForSelector('#mu-status[data-elapsed-ms]', { state: 'attached', timeout: 3_600_000 });
  const pageSeconds = Number(await page.locator('#mu-status').getAttribute('data-elapsed-ms')) / 1000;
  const ratio = pageSeconds / cliSeconds;
  process.stdout.write(`page: ${await page.locator('#mu-status').innerText()} (Chromium ${browser.version()})\n`);
  process.stdout.write(`page / command line: ${ratio.toFixed(2)} (target: at most 1.5) ${ratio <= 1.5 ? 'ok' : 'MISSED'}\n`);
  return null;
});
if (measured !== null) process.stdout.write(`page: not measured (${measured.skipped})\n`);
