import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cliJson, haveChromium, playground, resultJson } from './harness.js';

/**
 * The playground's short script (shoot, then assault), its compare mode (two
 * variants on common random numbers) and embarked starts: the page's JSON is
 * what `epic-balance run playground.json --json` prints for the experiment
 * file the page offers (but `report`, which names the folder the command line
 * writes), or `assault --attacker-embarked --json`.
 */

const pg = playground();

/** The page's experiment file, downloaded, run by the command line. */
async function cliRunOf(page: Page, name: string): Promise<Record<string, unknown>> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download playground.json' }).click()]);
  const file = join(pg.root, `${name}.json`);
  writeFileSync(file, readFileSync((await download.path())!, 'utf8'));
  const json = (await cliJson(['run', file, '--out', join(pg.root, `out-${name}`)])) as Record<string, unknown>;
  expect(json.report).toBe(join(pg.root, `out-${name}`, 'report.html'));
  return { ...json, report: null };
}

describe.skipIf(!haveChromium)('the playground\'s scripts and comparisons', () => {
  it('shoot, then assault, is `epic-balance run` of the page\'s experiment file', async () => {
    const { page, problems } = await pg.open();
    try {
      await page.goto(`${pg.base}#shoot-assault=codex-astartes/tactical-detachment&at=ork-war-horde/warband&support=4%20Devastator&trials=10000&seed=script`);
      const fromPage = (await resultJson(page)) as { variants: Array<{ assaults: Array<{ attackerWins: { p: number } }> }> };
      expect(fromPage).toEqual(await cliRunOf(page, 'script'));
      expect(fromPage.variants).toHaveLength(1);
      expect(fromPage.variants[0]!.assaults[0]!.attackerWins.p).toBeGreaterThan(0);
      expect(await page.locator('#command-line').innerText()).toBe('npx epic-balance run playground.json');
      expect(await page.locator('#headline caption').first().innerText()).toBe('Assault');
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('compare: with and without an upgrade, side by side on the same dice, with the difference', async () => {
    const { page, problems } = await pg.open(390, 844);
    try {
      await page.goto(pg.base);
      await page.waitForSelector('body[data-state=ready]');
      await page.getByRole('radio', { name: 'Assault', exact: true }).check();
      await page.getByLabel('Attacker', { exact: true }).fill('codex-astartes/tactical-detachment');
      await page.getByLabel('Target', { exact: true }).fill('ork-war-horde/warband');
      await page.getByLabel('Compare two variants (on the same dice)').check();
      await page.getByLabel('Variant B: attacker (empty: the same)').fill('codex-astartes/tactical-detachment+razorbacks');
      await page.getByLabel('Trials', { exact: true }).fill('10000');
      await page.getByLabel('Seed', { exact: true }).fill('compare');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      const fromPage = (await resultJson(page)) as { variants: Array<{ name: string; assaults: Array<{ attackerWins: { p: number } }> }> };
      expect(new URL(page.url()).hash).toBe('#assault=codex-astartes/tactical-detachment&at=ork-war-horde/warband&compare=codex-astartes/tactical-detachment%2Brazorbacks&trials=10000&seed=compare');
      expect(fromPage).toEqual(await cliRunOf(page, 'compare'));
      expect(fromPage.variants.map((v) => v.name)).toEqual(['A', 'B']);
      // Variant A is the single run of A, on the page and on the command line, to the last digit (issue 28).
      const alone = (await cliJson(['assault', 'codex-astartes/tactical-detachment', '--at', 'ork-war-horde/warband', '--trials', '10000', '--seed', 'compare'])) as { assault: { attackerWins: unknown } };
      expect(fromPage.variants[0]!.assaults[0]!.attackerWins).toEqual(alone.assault.attackerWins);
      const [a, b] = fromPage.variants.map((v) => v.assaults[0]!.attackerWins.p) as [number, number];
      expect(a).not.toBe(b);
      // The headline: A, B and B − A, the difference as the page computes it from the two.
      expect(await page.locator('#headline table').first().locator('thead').innerText()).toContain('B − A');
      const diff = await page.locator('#headline table').first().locator('tbody tr').first().locator('td.diff').innerText();
      expect(diff.split('\n')[0]).toBe(`${b >= a ? '+' : '−'}${(100 * Math.abs(b - a)).toFixed(1)} pts`);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('an attacker starting embarked matches `assault --attacker-embarked`; the target embarked matches `shoot --embarked`', async () => {
    const { page, problems } = await pg.open();
    try {
      await page.goto(`${pg.base}#assault=6%20Tactical,%203%20Rhino&at=8%20Ork%20Boyz&attacker-embarked&trials=10000&seed=embark`);
      expect(await resultJson(page)).toEqual(await cliJson(['assault', '6 Tactical, 3 Rhino', '--at', '8 Ork Boyz', '--attacker-embarked', '--trials', '10000', '--seed', 'embark']));
      expect(await page.getByLabel('Attacker starts embarked, disembarks at the charge').isChecked()).toBe(true);
      await page.evaluate(`location.hash = '#shoot=4%20Devastator&at=6%20Tactical,%203%20Rhino&embarked&trials=10000&seed=embark'`);
      await page.waitForSelector('#result-json:not(:empty)', { state: 'attached' });
      await page.waitForSelector('body[data-state=done]');
      expect(await resultJson(page)).toEqual(await cliJson(['shoot', '4 Devastator', '--at', '6 Tactical, 3 Rhino', '--embarked', '--trials', '10000', '--seed', 'embark']));
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('the Gap field shows the default of the chosen attack: 30 cm shooting, 15 cm an aircraft ground attack, 10 cm an assault', async () => {
    const { page, problems } = await pg.open();
    try {
      await page.goto(pg.base);
      await page.waitForSelector('body[data-state=ready]');
      const gap = page.getByLabel('Gap between fronts (cm)');
      expect(await gap.getAttribute('placeholder')).toBe('30');
      await page.getByLabel('Attacker', { exact: true }).fill('2 Thunderbolt');
      await page.getByLabel('Target', { exact: true }).focus();
      expect(await gap.getAttribute('placeholder')).toBe('15');
      await page.getByRole('radio', { name: 'Assault', exact: true }).check();
      expect(await gap.getAttribute('placeholder')).toBe('10');
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
