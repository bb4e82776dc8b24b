import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inProcess, spawnCli } from '../helpers/cli.js';
import { testTempDir } from '../helpers/tempDir.js';
import { describeWithTp } from '../helpers/tournamentPack.js';
import { haveChromium, playground, resultJson } from './harness.js';

/**
 * The playground's list panel (issue 31, item 4): lists read in the page as `roster import` reads
 * them, each shown with its price differences and unmapped entries; their matchup run on the
 * page's Web Workers gives `#result-json` equal to `matchup --json` for the list files the page
 * shows, the same seed and trials; the address carries both lists, and a fresh page opened on it
 * gives the same JSON; a link that cannot be read is the command line's one line beside the list.
 * Small lists and few trials: the meetings are the command line's, the
 * numbers exact for a fixed seed.
 */

const pg = playground();
const FIX = join(import.meta.dirname, '..', 'fixtures', 'rosters');

/** A Codex Astartes Bike formation (Snapfire 230 with its upgrades, the TP 180) and a Tactical one. */
const MINE = 'http://traitor-legion2.appspot.com/chooser.html?list=SM_codex_NETEA&force=Bikes~533~13x2~14x2~34x1~543~11x1~15x1~26x2';
/** An Emperor's Children Retinue with three Dreadclaws (the TP allows one: two are left out, named) and a Hellblade squadron. */
const THEIRS = 'http://traitor-legion2.appspot.com/chooser.html?list=CHAOS_ec_NETEA&force=Raiders~501~13x1~20x3~17x1~541';
const TRIALS = 20;
const SEED = 'page-lists';

async function loadTp(page: Page, tp: string): Promise<void> {
  await page.getByLabel('Load a Tournament Pack checkout: its folder').setInputFiles(tp);
  await page.waitForSelector('#data-status:has-text("Loaded")', { state: 'attached', timeout: 120_000 });
}

describeWithTp('the list panel', (tp) => {
  const name = basename(tp);
  describe.skipIf(!haveChromium)('in Chromium', () => {
    it('reads a link and a dropped file with their differences and unmapped entries; the matchup is `matchup --json`; its link gives it again', async () => {
      const dir = testTempDir('page-lists-');
      const theirsFile = join(dir, 'raiders.txt');
      writeFileSync(theirsFile, `${THEIRS}\n`);
      const { page, problems } = await pg.open();
      try {
        await page.goto(pg.base);
        await page.waitForSelector('body[data-state=ready]');
        await loadTp(page, tp);
        await page.locator('#lists-box > summary').click();
        await page.waitForSelector('#lists-box[data-ready]');
        // Bad input: the command line's own line beside the list, and no list.
        const garbled = readFileSync(join(FIX, 'bad', 'unknown-upgrade-id.link.txt'), 'utf8').trim();
        await page.locator('#list-mine-text').fill(garbled);
        await page.locator('#list-mine-read').click();
        await page.waitForSelector('#list-mine-error:not([hidden])');
        const refused = await inProcess(['roster', 'import', garbled, '--data', tp]);
        expect(refused.code).toBe(2);
        expect(`epic-balance: ${await page.locator('#list-mine-error').innerText()}\n`).toBe(refused.stderr);
        expect(await page.locator('#list-mine-view').innerText()).toBe('');
        await page.locator('#list-mine-text').fill(MINE);
        await page.locator('#list-mine-read').click();
        await page.waitForSelector('#list-mine-view[data-state=read]', { timeout: 60_000 });
        expect(await page.locator('#list-mine-view .list-differences').innerText()).toBe('formation 1 "Bike" (space-marine-codex-astartes/bike+bikes@bike+bikes@bike+bikes@multi-melta-attack-bike): 230 in the source, 180 re-priced (-50)');
        expect(await page.locator('#list-mine-view .list-points').innerText()).toBe('555');
        await page.locator('#list-theirs-file-input').setInputFiles(theirsFile);
        await page.waitForSelector('#list-theirs-view[data-state=read]');
        expect(await page.locator('#list-theirs-view .list-unmapped li').allInnerTexts()).toEqual([
          'formation 1 "Retinue": upgrade "+dreadclaws": left out: upgrade "Dreadclaws" may be taken 1 time(s) per formation',
          'formation 1 "Retinue": upgrade "+dreadclaws": left out: upgrade "Dreadclaws" may be taken 1 time(s) per formation',
        ]);
        // A .rosz dropped in place of it reads too (BattleScribe, unzipped in the page), then the link's list again.
        await page.locator('#list-theirs-file-input').setInputFiles(join(FIX, 'netea-codex.rosz'));
        await page.waitForFunction(`document.querySelector('#list-theirs-view')?.textContent.includes('Imported from battlescribe')`);
        await page.locator('#list-theirs-file-input').setInputFiles(theirsFile);
        await page.waitForFunction(`document.querySelector('#list-theirs-view')?.textContent.includes('Imported from snapfire-link')`);

        await page.locator('#mu-trials').fill(String(TRIALS));
        await page.locator('#mu-seed').fill(SEED);
        await page.locator('#mu-workers').fill('2');
        await page.locator('#mu-run').click();
        const fromPage = await resultJson(page, 300_000);
        // The list files the page shows, saved under their names, run by the command line.
        for (const side of ['mine', 'theirs']) {
          const pre = page.locator(`#list-${side}-file`);
          writeFileSync(join(dir, (await pre.getAttribute('data-file'))!), (await pre.textContent())!);
        }
        const files = [await page.locator('#list-mine-file').getAttribute('data-file'), await page.locator('#list-theirs-file').getAttribute('data-file')] as string[];
        expect(files).toEqual(['bikes.json', 'raiders.json']);
        const cli = await spawnCli(['matchup', ...files, '--data', tp, '--trials', String(TRIALS), '--seed', SEED, '--workers', '1', '--json', '--quiet'], dir);
        expect(cli.stderr).toBe('');
        expect(cli.code).toBe(0);
        expect(fromPage).toEqual(JSON.parse(cli.stdout));
        const j = fromPage as { meetings: number; lists: { mine: { destroyedPer100: { mean: number } } } };
        expect(j.meetings).toBeGreaterThan(0);
        expect(await page.locator('#mu-command-line').innerText()).toBe(`npx epic-balance matchup bikes.json raiders.json --data ${name} --trials ${TRIALS} --seed ${SEED} --chunk-size 50000 --json`);
        const hash = (await page.evaluate('location.hash')) as string;
        expect(hash).toMatch(/^#matchup=Bikes%0Aspace-marine-codex-astartes%0A1000%0A.*&theirs=Raiders%0A.*&trials=20&seed=page-lists&data=/);
        expect(problems).toEqual([]);

        // The link alone: a fresh page waits for the checkout, then gives the same JSON.
        const again = await pg.open();
        try {
          await again.page.goto(`${pg.base}${hash}`);
          await again.page.waitForSelector('#mu-form-error:not([hidden])');
          expect(await again.page.locator('#mu-form-error').innerText()).toContain(`this scenario runs on the Tournament Pack checkout "${name}" and no checkout is loaded`);
          await loadTp(again.page, tp);
          expect(await resultJson(again.page, 300_000)).toEqual(fromPage);
          expect(await again.page.locator('#list-mine-view .list-points').innerText()).toBe('555');
          expect(again.problems).toEqual([]);
        } finally {
          await again.page.close();
        }
      } finally {
        await page.close();
      }
    });
  });
});
