import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cliJson, haveChromium, playground, resultJson } from './harness.js';

/**
 * The playground (site/) in Debian's Chromium, beside the other test files (the timed page load is
 * playground.test.ts's, alone): an assault, an aircraft attack, any number of Web Workers, the
 * controls, bad input, Stop and the built folder opened as a file each give what the command line
 * prints for the same words, or a message beside the field.
 */

const pg = playground();

describe('the playground runs as the command line does', () => {
  it.skipIf(!haveChromium)('an assault with a supporting formation matches `assault --json`', async () => {
    const { page, problems } = await pg.open();
    try {
      await page.goto(`${pg.base}#assault=codex-astartes/tactical-detachment&at=ork-war-horde/warband&support=4%20Devastator&trials=20000&seed=play`);
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
    const { page, problems } = await pg.open();
    try {
      await page.goto(`${pg.base}#shoot=2%20Thunderbolt&at=steel-legion/mechanised-infantry-company&flak=3%20Hydra&trials=5000&seed=air`);
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
      const { page, problems } = await pg.open();
      try {
        await page.goto(`${pg.base}#shoot=4%20Devastator&at=8%20Ork%20Boyz&action=sustained&target-bm=1&trials=20000&seed=play&chunk-size=2500&workers=${workers}`);
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
    const { page, problems } = await pg.open(390, 844);
    try {
      await page.goto(pg.base);
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
    const { page, problems } = await pg.open();
    try {
      await page.goto(`${pg.base}#shoot=4%20Devastatorz&at=8%20Ork%20Boyz&trials=1000`);
      await page.waitForSelector('body[data-state=error]');
      expect(await page.locator('#formation-error').innerText()).toContain('unknown unit "Devastatorz"; did you mean "Devastator"?');
      expect(await page.locator('#formation').getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('#result-json').count()).toBe(0);
      await page.goto(`${pg.base}#shoot=4%20Devastator&at=8%20Ork%20Boyz&trials=-5`);
      await page.waitForSelector('#trials-error:not([hidden])');
      expect(await page.locator('#trials-error').innerText()).toContain('expected a whole number of at least 1, got "-5"');
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it.skipIf(!haveChromium)('Stop ends a run with no result', async () => {
    const { page, problems } = await pg.open();
    try {
      await page.goto(`${pg.base}#shoot=4%20Devastator&at=8%20Ork%20Boyz&trials=500000000&seed=stop`);
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
    const { page, problems } = await pg.open();
    try {
      await page.goto(`${pathToFileURL(join(pg.site.dir, 'index.html')).href}#shoot=4%20Devastator&at=8%20Ork%20Boyz&trials=5000&seed=file&chunk-size=2000`);
      const fromPage = await resultJson(page);
      expect(await page.locator('#status').innerText()).toContain('5,000 trials');
      expect(fromPage).toEqual(await cliJson(['shoot', '4 Devastator', '--at', '8 Ork Boyz', '--trials', '5000', '--seed', 'file', '--chunk-size', '2000']));
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
