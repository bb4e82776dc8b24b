import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeMiniTournamentPack } from '../helpers/miniTournamentPack.js';
import { describeWithTp, PINNED_TP_COMMIT } from '../helpers/tournamentPack.js';
import { cliJson, haveChromium, playground, resultJson } from './harness.js';
import { zipFolder } from './zip.js';

/**
 * A Tournament Pack checkout loaded in the page (issue 19): the checkout the
 * tests read (test/helpers/tournamentPack.ts) picked as a folder (<input
 * webkitdirectory>) or as a zip built here at test time, read in the browser by
 * the command line's importer, gives the command line's JSON for `--data` to
 * the last digit (the data set's version included); a link naming the checkout
 * waits for it; a broken checkout is one message beside the Data field. The
 * small pack the tests write (test/helpers/miniTournamentPack.ts) does the same
 * on a machine without a checkout of the real one.
 */

const pg = playground();

describeWithTp('the playground with a Tournament Pack checkout', (tp) => {
  /** The page names a checkout by its folder's name. */
  const name = basename(tp);
  const SHOT = ['shoot', 'space-marine-codex-astartes/devastator', '--at', 'ork-war-horde/warband', '--action', 'sustained', '--trials', '20000', '--seed', 'tp'];
  const HASH = `#shoot=space-marine-codex-astartes/devastator&at=ork-war-horde/warband&action=sustained&trials=20000&seed=tp&data=${name}`;
  /** The command line's JSON for SHOT on the checkout: run once, for both tests that compare a page with it (a fixed seed: the same JSON). */
  let shotOnTp: Promise<unknown> | undefined;
  const cliShotOnTp = () => (shotOnTp ??= cliJson([...SHOT, '--data', tp]));

  describe.skipIf(!haveChromium)('in Chromium', () => {
    it('a link naming the checkout asks for it, then runs on the picked folder as `--data` does', async () => {
      const { page, problems } = await pg.open();
      try {
        await page.goto(`${pg.base}${HASH}`);
        await page.waitForSelector('body[data-state=error]');
        expect(await page.locator('#data-error').innerText()).toContain(`this scenario runs on the Tournament Pack checkout "${name}" and no checkout is loaded`);
        expect(await page.locator('#result-json').count()).toBe(0);
        await page.getByLabel('Load a Tournament Pack checkout: its folder').setInputFiles(tp);
        const [fromPage, fromCli] = await Promise.all([resultJson(page, 60_000), cliShotOnTp()]);
        expect(fromPage).toEqual(fromCli);
        expect((fromPage as { data: { id: string; version: string } }).data.version).toMatch(new RegExp(`^${PINNED_TP_COMMIT} \\(from SOURCE\\.md\\), content sha256:[0-9a-f]{64}$`));
        expect(await page.locator('#data-status').innerText()).toContain(`Loaded "${name}"`);
        expect(await page.locator('#command-line').innerText()).toContain(`--data ${name}`);
        // The army-list picker now lists the checkout's armies.
        expect(await page.locator('#pick-army option[value="space-marine-codex-astartes"]').count()).toBe(1);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });

    it('a zip of the checkout gives the same JSON', async () => {
      const zip = join(pg.root, `${name}.zip`);
      zipFolder(tp, name, zip);
      // At a phone's width: the checkout's version, one long word, must not widen the page.
      const { page, problems } = await pg.open(390, 844);
      try {
        await page.goto(pg.base);
        await page.waitForSelector('body[data-state=ready]');
        await page.locator('#data-box > summary').click();
        await page.getByLabel('… or a zip of it').setInputFiles(zip);
        await page.waitForSelector('#data-status:has-text("Loaded")', { timeout: 60_000 });
        expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
        await page.evaluate(`location.hash = ${JSON.stringify(HASH)}`);
        expect(await resultJson(page, 60_000)).toEqual(await cliShotOnTp());
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });
  });
});

describe.skipIf(!haveChromium)('the playground with the mini Tournament Pack, or a broken checkout', () => {
  it('the mini pack\'s folder, picked for a link naming it, gives `--data`\'s JSON', async () => {
    const tp = writeMiniTournamentPack(join(pg.root, 'mini-tp'), { commit: '0123456789abcdef0123456789abcdef01234567' });
    const { page, problems } = await pg.open();
    try {
      await page.goto(`${pg.base}#shoot=iron-horde/mob&at=star-wardens/warden-line&trials=2000&seed=mini&data=mini-tp`);
      await page.waitForSelector('body[data-state=error]');
      expect(await page.locator('#data-error').innerText()).toContain('this scenario runs on the Tournament Pack checkout "mini-tp" and no checkout is loaded');
      await page.getByLabel('Load a Tournament Pack checkout: its folder').setInputFiles(tp);
      const [fromPage, fromCli] = await Promise.all([resultJson(page), cliJson(['shoot', 'iron-horde/mob', '--at', 'star-wardens/warden-line', '--trials', '2000', '--seed', 'mini', '--data', tp])]);
      expect(fromPage).toEqual(fromCli);
      expect((fromPage as { data: { id: string; version: string } }).data.version).toMatch(/^0123456789abcdef0123456789abcdef01234567 \(from SOURCE\.md\), content sha256:[0-9a-f]{64}$/);
      expect(await page.locator('#pick-army option[value="iron-horde"]').count()).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('a broken checkout or a file that is not a zip is one message beside the Data field', async () => {
    const broken = join(pg.root, 'broken', 'my-tp', '_site');
    for (const f of ['_units', '_weapons', '_special_rules', '_forces']) mkdirSync(join(broken, f), { recursive: true });
    writeFileSync(join(broken, '_units', 'x.md'), 'no front matter\n');
    const notZip = join(pg.root, 'tp.zip');
    writeFileSync(notZip, 'this is not a zip');
    const { page, problems } = await pg.open();
    try {
      await page.goto(pg.base);
      await page.waitForSelector('body[data-state=ready]');
      await page.getByLabel('Load a Tournament Pack checkout: its folder').setInputFiles(join(pg.root, 'broken', 'my-tp'));
      await page.waitForSelector('#data-error:not([hidden])');
      // A browser picks files, not empty folders: the checkout's _site has _units only.
      expect(await page.locator('#data-error').innerText()).toBe('my-tp: not a Tournament Pack checkout: _site lacks _weapons, _special_rules, _forces, _army_lists');
      expect(await page.locator('body').getAttribute('data-state')).toBe('error');
      await page.getByLabel('… or a zip of it').setInputFiles(notZip);
      await page.waitForSelector('#data-error:has-text("not a zip file")');
      expect(await page.locator('#data-error').innerText()).toBe('tp.zip: not a zip file (no end of central directory)');
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
