import { describe, expect, it } from 'vitest';
import { fairCostArgv, fairCostHash, parseFairCostHash } from '../../site/src/fairCostHash.js';
import { InputError } from '../../src/model/inputError.js';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inProcess } from '../helpers/cli.js';
import { describeWithTp } from '../helpers/tournamentPack.js';
import { cliJson, haveChromium, playground, resultJson } from './harness.js';

/**
 * The fair cost in the playground (issue 32, item 5): a page opened on
 * `#fair-cost=<formation>&cost=…&trials=…&seed=…` solves the same fixed point
 * as `epic-balance fair-cost`, its meetings run on the page's Web Workers, and
 * its #result-json is exactly what `fair-cost --json` prints for the same
 * words: every field, none removed (the battle is named by its path in the
 * package, "battles/reference.json", in both; the data set by its id and
 * version, the same for the built-in datasheets). A proposed cost changes the
 * verdict and never the fair cost; a bad one is the command's message beside
 * the cost field, and no result.
 */

const pg = playground();

const FORMATION = 'codex-astartes/devastator-detachment';
/** Few trials per meeting: a fixed seed makes the numbers exact, and the fixed point still runs every group it needs. */
const TRIALS = 40;
const SEED = 'page-fair';

interface FairCostJson {
  currentCost: number;
  costFrom: string;
  statedCost: number;
  verdict: string;
  valuePerPoint: number;
  fairCost: { estimate: number; ci95: [number, number]; band: [number, number] };
  alternatives: unknown[];
  opponents: unknown[];
  meetings: number;
}

describe('the fair cost\'s address', () => {
  it('reads and writes the command\'s words, and the command line that prints the same JSON', () => {
    const s = parseFairCostHash('#fair-cost=codex-astartes/devastator-detachment%2Brazorbacks&cost=212.5&trials=40&seed=a%20b&data=netea-tp');
    expect(s).toEqual({ formation: 'codex-astartes/devastator-detachment+razorbacks', cost: 212.5, trials: 40, seed: 'a b', data: 'netea-tp' });
    expect(fairCostHash(s)).toBe('#fair-cost=codex-astartes/devastator-detachment%2Brazorbacks&cost=212.5&trials=40&seed=a%20b&data=netea-tp');
    expect(fairCostArgv(s)).toEqual(['fair-cost', 'codex-astartes/devastator-detachment+razorbacks', '--cost', '212.5', '--data', 'netea-tp', '--trials', '40', '--seed', 'a b', '--chunk-size', '50000']);
    expect(fairCostArgv({ formation: 'Warhound' })).toEqual(['fair-cost', 'Warhound', '--trials', '1000', '--seed', 'epic-balance', '--chunk-size', '50000']);
  });

  it('refuses a bad cost with the command line\'s own message, and an option fair-cost does not take', async () => {
    for (const bad of ['0', '-5', 'abc', '']) {
      const page = (() => {
        try {
          parseFairCostHash(`#fair-cost=${FORMATION}&cost=${bad}`);
        } catch (e) {
          return e as InputError;
        }
        return null;
      })();
      expect(page).toBeInstanceOf(InputError);
      const cli = await inProcess(['fair-cost', FORMATION, `--cost=${bad}`]);
      expect(cli.code).toBe(2);
      const p = page!.problems[0]!;
      expect(cli.stderr.trim()).toBe(`epic-balance: ${p.file}: ${p.message}`);
    }
    expect(() => parseFairCostHash(`#fair-cost=${FORMATION}&at=x`)).toThrow(/unknown option for fair-cost/);
  });
});

describe.skipIf(!haveChromium)('the fair cost in the page', () => {
  /** The command line's JSON, run once for the two pages that compare with it (a fixed seed: the same JSON). */
  let cli: Promise<unknown> | undefined;
  const fromCli = () => (cli ??= cliJson(['fair-cost', FORMATION, '--cost', '200', '--trials', String(TRIALS), '--seed', SEED]));

  it('gives `fair-cost --json` to the last digit, every field', async () => {
    const { page, problems } = await pg.open();
    try {
      await page.goto(`${pg.base}#fair-cost=${FORMATION}&cost=200&trials=${TRIALS}&seed=${SEED}&workers=2`);
      const [fromPage, cliJson] = await Promise.all([resultJson(page, 300_000), fromCli()]);
      expect(fromPage).toEqual(cliJson);
      expect(await page.locator('#fc-status').innerText()).toMatch(/^\d+ meetings of 40 trials in [0-9.]+ s on 2 Web Workers$/);
      const j = fromPage as FairCostJson;
      expect(j.costFrom).toBe('option --cost');
      expect(j.meetings).toBeGreaterThan(0);
      expect(await page.locator('body').getAttribute('data-state')).toBe('done');
      expect(await page.locator('#fc-command-line').innerText()).toBe(`npx epic-balance fair-cost ${FORMATION} --cost 200 --trials ${TRIALS} --seed ${SEED} --chunk-size 50000 --json`);
      expect(await page.locator('#fc-fair').innerText()).toBe(String(Math.round(j.fairCost.estimate)));
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('opened from the built folder (file://, no workers): the meetings run in the page\'s thread, the same JSON', async () => {
    const { page, problems } = await pg.open();
    try {
      await page.goto(`${pathToFileURL(join(pg.site.dir, 'index.html')).href}#fair-cost=${FORMATION}&cost=200&trials=${TRIALS}&seed=${SEED}`);
      const fromPage = await resultJson(page, 300_000);
      expect(await page.locator('#fc-status').innerText()).toMatch(/ on the page's thread$/);
      expect(fromPage).toEqual(await fromCli());
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('Stop valuing ends the run with no result, and the next run gives the numbers', async () => {
    const { page, problems } = await pg.open();
    try {
      await page.goto(`${pg.base}#fair-cost=${FORMATION}&trials=20000&seed=${SEED}`);
      await page.waitForSelector('body[data-state=running]');
      await page.getByRole('button', { name: 'Stop valuing' }).click();
      await page.waitForSelector('body[data-state=stopped]');
      expect(await page.locator('#result-json').count()).toBe(0);
      expect(await page.locator('#fc-status').innerText()).toContain('Stopped: no result');
      await page.evaluate(`location.hash = '#fair-cost=${FORMATION}&cost=200&trials=${TRIALS}&seed=${SEED}'`);
      expect(await resultJson(page, 300_000)).toEqual(await fromCli());
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('at 390 px: the verdict follows the proposed cost, the fair cost does not; readable, the chart fitted; a bad cost is a message and no result', async () => {
    const { page, problems } = await pg.open(390, 844);
    try {
      // The army list's cost (250), from a link without one.
      await page.goto(`${pg.base}#fair-cost=${FORMATION}&trials=${TRIALS}&seed=${SEED}`);
      const listed = (await resultJson(page, 300_000)) as FairCostJson;
      expect(listed.costFrom).toBe('army list');
      expect(listed.currentCost).toBe(250);
      await page.waitForSelector('#fc-chart[data-rendered]', { timeout: 30_000 });
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
      const chart = (await page.evaluate(`(() => { const box = document.querySelector('#fc-chart .chart'); return { box: box.clientWidth, width: box.querySelector('svg').getBoundingClientRect().width, fitted: box.dataset.fitted ?? null }; })()`)) as { box: number; width: number; fitted: string | null };
      expect(chart.fitted).not.toBeNull();
      expect(chart.width).toBeLessThanOrEqual(chart.box);
      const fair = listed.fairCost;
      // Proposed costs on either side of the band, set through the form.
      const judged: Record<string, FairCostJson> = {};
      for (const cost of [String(Math.floor(fair.band[0] / 2)), String(Math.ceil(fair.band[1] * 2))]) {
        await page.locator('#fc-cost').fill(cost);
        await page.locator('#fc-run').click();
        await page.waitForFunction(`document.getElementById('result-json')?.textContent.includes('"currentCost": ${cost},')`);
        judged[cost] = JSON.parse((await page.locator('#result-json').textContent())!) as FairCostJson;
        expect(await page.evaluate('location.hash')).toBe(`#fair-cost=${FORMATION}&cost=${cost}&trials=${TRIALS}&seed=${SEED}`);
      }
      const [cheap, dear] = Object.values(judged) as [FairCostJson, FairCostJson];
      expect(cheap.verdict).toBe('under-costed');
      expect(dear.verdict).toBe('over-costed');
      expect(await page.locator('#fc-verdict').getAttribute('data-verdict')).toBe('over-costed');
      for (const j of [cheap, dear]) {
        expect(j.costFrom).toBe('option --cost');
        expect(j.statedCost).toBe(250);
        expect(j.fairCost).toEqual(listed.fairCost);
        expect(j.alternatives).toEqual(listed.alternatives);
        expect(j.opponents).toEqual(listed.opponents);
        expect(j.valuePerPoint).toBe(fair.estimate / j.currentCost);
      }
      // A bad cost: the command line's message beside the field, no result.
      for (const bad of ['0', '-5', 'abc']) {
        await page.locator('#fc-cost').fill(bad);
        await page.locator('#fc-run').click();
        await page.waitForSelector('body[data-state=error]');
        expect(await page.locator('#fc-cost-error').innerText()).toBe(`expected a points cost above 0, e.g. 250, got "${bad}"`);
        expect(await page.locator('#fc-cost').getAttribute('aria-invalid')).toBe('true');
        expect(await page.locator('#result-json').count()).toBe(0);
        expect(await page.locator('#fc-results').isHidden()).toBe(true);
      }
      // From a link too.
      await page.goto(`${pg.base}#fair-cost=${FORMATION}&cost=-1&trials=${TRIALS}&seed=${SEED}`);
      await page.waitForFunction(`document.getElementById('fc-cost-error').textContent.includes('"-1"')`);
      expect(await page.locator('body').getAttribute('data-state')).toBe('error');
      expect(await page.locator('#fc-cost-error').innerText()).toBe('expected a points cost above 0, e.g. 250, got "-1"');
      expect(await page.locator('#result-json').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describeWithTp('the fair cost in the page on a Tournament Pack checkout', (tp) => {
  const name = basename(tp);
  it.skipIf(!haveChromium)('a link naming the checkout waits for it, then gives `fair-cost --data --json`', async () => {
    const { page, problems } = await pg.open();
    try {
      await page.goto(`${pg.base}#fair-cost=space-marine-codex-astartes/devastator&cost=180&trials=${TRIALS}&seed=${SEED}&data=${name}`);
      await page.waitForSelector('body[data-state=error]');
      expect(await page.locator('#fc-form-error').innerText()).toContain(`option --data: this scenario runs on the Tournament Pack checkout "${name}" and no checkout is loaded`);
      expect(await page.locator('#result-json').count()).toBe(0);
      await page.getByLabel('Load a Tournament Pack checkout: its folder').setInputFiles(tp);
      const [fromPage, fromCli] = await Promise.all([resultJson(page, 300_000), cliJson(['fair-cost', 'space-marine-codex-astartes/devastator', '--cost', '180', '--trials', String(TRIALS), '--seed', SEED, '--data', tp])]);
      expect(fromPage).toEqual(fromCli);
      expect(await page.locator('#fc-command-line').innerText()).toContain(`--data ${name}`);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
