import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Heresy trials allocate nothing (issue 21: hot loops allocate nothing per
 * trial): node --trace-gc reports no garbage collection while a warmed-up
 * runner plays 1,000,000 trials (trialLoop.ts), where the naive reference,
 * which allocates objects per die, causes many in 20,000.
 */

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const LOOP = fileURLToPath(new URL('./trialLoop.ts', import.meta.url));

/** The garbage collections node --trace-gc reports between the loop's two markers. */
function collectionsDuring(...args: string[]): number {
  const r = spawnSync(process.execPath, ['--trace-gc', '--import', TSX, LOOP, ...args], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const lines = r.stdout.split('\n');
  const start = lines.indexOf('trials start');
  const end = lines.indexOf('trials end');
  expect(start).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  return lines.slice(start + 1, end).filter((l) => /Scavenge|Mark-Compact|Minor|Major/.test(l)).length;
}

describe('Heresy trials allocate nothing', () => {
  it.each(['heresy-shooting', 'heresy-assault'])('%s: no garbage collection in 1,000,000 trials', (id) => {
    expect(collectionsDuring(id, '1000000')).toBe(0);
  }, 120_000);

  it('the method sees allocation: the naive reference collects garbage within 20,000 trials', () => {
    expect(collectionsDuring('heresy-shooting', '20000', 'naive')).toBeGreaterThan(0);
  }, 120_000);
});
