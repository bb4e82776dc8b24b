import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { haveChromium, playground, resultJson } from './harness.js';

/**
 * Screenshots of a finished comparison at a phone's width and a desktop's, for
 * a person to look at: kept in the folder $EPIC_BALANCE_SCREENSHOTS names, or
 * else taken in the run's temporary folder (the suite writes nothing into the
 * repository). The test checks what a look would: nothing wider than the
 * screen, every control labelled, and the charts drawn.
 */

const pg = playground();
const shotsDir = () => process.env.EPIC_BALANCE_SCREENSHOTS || join(pg.root, 'screenshots');
const HASH = '#assault=codex-astartes/tactical-detachment&at=ork-war-horde/warband&compare=codex-astartes/tactical-detachment%2Brazorbacks&trials=10000&seed=shot';

describe.skipIf(!haveChromium)('the playground on screens', () => {
  for (const [name, width, height] of [['phone', 390, 844], ['desktop', 1280, 900]] as const) {
    it(`at ${name} width (${width} px)`, async () => {
      const { page, problems } = await pg.open(width, height);
      try {
        await page.goto(`${pg.base}${HASH}`);
        await resultJson(page);
        await page.waitForSelector('#charts[data-rendered]', { timeout: 30_000 });
        const dir = shotsDir();
        mkdirSync(dir, { recursive: true });
        // The first screen (the form), the results' first screen, and the whole page.
        await page.screenshot({ path: join(dir, `${name}-form.png`) });
        await page.locator('#results').scrollIntoViewIfNeeded();
        await page.evaluate(`document.getElementById('results').scrollIntoView()`);
        await page.screenshot({ path: join(dir, `${name}-results.png`) });
        await page.screenshot({ path: join(dir, `${name}-full.png`), fullPage: true });
        expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
        // Every form control has a label a screen reader reads.
        const unlabelled = await page.evaluate<string[]>(`[...document.querySelectorAll('input, select, textarea, button')].filter((el) => !el.closest('[hidden]') && !(el.labels?.length || el.getAttribute('aria-label') || (el.tagName === 'BUTTON' && el.textContent.trim()))).map((el) => el.id || el.outerHTML.slice(0, 60))`);
        expect(unlabelled).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }
});
