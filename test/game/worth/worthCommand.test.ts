import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcess } from '../../helpers/cli.js';
import { writeMiniTournamentPack } from '../../helpers/miniTournamentPack.js';
import { testTempDir } from '../../helpers/tempDir.js';

/**
 * `epic-balance worth` on the mini Tournament Pack (two lists, 1,000-point armies, 50 games a cell):
 * one worker and two give the same numbers, a policy gives the same worths beside another as alone,
 * two pieces merged give the unsplit sweep's, and bad input is one line, exit code 2, nothing
 * written.
 */

const ARGS = ['--lists', 'iron-horde,star-wardens', '--points', '1000', '--games', '50', '--seed', 'worth-test', '--quiet', '--policy', 'objective-first'];

const run = async (dir: string, extra: string[]) => {
  const r = await inProcess(['worth', '--data', dir, ...ARGS, ...extra]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
};

describe('epic-balance worth', () => {
  it('gives the same numbers on one worker or two, and the same merged from two pieces', async () => {
    const dir = writeMiniTournamentPack(testTempDir('worth-'));
    const one = JSON.parse(await run(dir, ['--json', '--workers', '1']));
    // Two workers, and a second policy beside the first: the first policy's numbers are the same.
    const two = JSON.parse(await run(dir, ['--json', '--workers', '2', '--policy', 'objective-first,aggressive']));
    expect(two.run.policies).toEqual(['objective-first', 'aggressive']);
    expect(two.worth.byPolicy[0]).toEqual(one.worth.byPolicy[0]);
    expect(two.judged[0]).toEqual(one.judged[0]);
    expect(two.exchanges.filter((e: { policy: number }) => e.policy === 0)).toEqual(one.exchanges);
    // Each formation's range spans its worths under the two policies, which differ: not one number.
    const [a, g] = two.worth.byPolicy.map((p: { items: Array<{ worth: number }> }) => p.items.map((i) => i.worth));
    expect(two.worth.range.map((r: { low: number; high: number }) => [r.low, r.high])).toEqual(a.map((x: number, i: number) => [Math.min(x, g[i]), Math.max(x, g[i])]));
    expect(a).not.toEqual(g);
    expect(one.worth.byPolicy.map((p: { policy: string }) => p.policy)).toEqual(['objective-first']);
    const worths = one.worth.byPolicy[0];
    expect(worths.items.length).toBeGreaterThan(2);
    // One policy: its range is its worth.
    expect(one.worth.range.map((r: { low: number; high: number }) => [r.low, r.high])).toEqual(worths.items.map((i: { worth: number }) => [i.worth, i.worth]));
    expect(one.run).toMatchObject({ seed: 'worth-test', rules: 'netea', gamesPerCell: 50, policies: ['objective-first'] });
    expect(one.run.data.version).toMatch(/./);
    // The fixed point converged, and each list's base army's worths sum to the points limit.
    expect(worths.fixedPoint.converged).toBe(true);
    ['iron-horde', 'star-wardens'].forEach((list, l) => {
      const worth = new Map<string, number>(worths.items.filter((i: { list: string }) => i.list === list).map((i: { text: string; worth: number }) => [i.text, i.worth]));
      const order: string[] = one.exchanges.find((e: { list: number }) => e.list === l).order;
      expect(order.reduce((s, t) => s + worth.get(t)!, 0)).toBeCloseTo(1000, 6);
    });
    const p1 = join(dir, 'piece-1.json');
    const p2 = join(dir, 'piece-2.json');
    await run(dir, ['--workers', '1', '--shard', '1/2', '--partial-out', p1]);
    await run(dir, ['--workers', '1', '--shard', '2/2', '--partial-out', p2]);
    const merged = await inProcess(['worth', '--merge', p1, p2, '--json', '--quiet']);
    expect(merged.code, merged.stderr).toBe(0);
    const m = JSON.parse(merged.stdout);
    expect(m.worth).toEqual(one.worth);
    expect(m.exchanges).toEqual(one.exchanges);
    expect(m.judged).toEqual(one.judged);
    expect(m.run.mergedPieces).toBe(2);
    // A piece run again plays nothing more and keeps its file.
    await run(dir, ['--workers', '1', '--shard', '1/2', '--partial-out', p1]);
    const again = await inProcess(['worth', '--merge', p2, p1, '--json', '--quiet']);
    expect(JSON.parse(again.stdout).worth).toEqual(one.worth);
  }, 600_000);

  it.each([
    [['--games', '60'], /--games.*a multiple of 25 of at least 50/],
    [['--formations', 'no-such'], /"no-such": no formation of the lists/],
    [['--prices', 'package.json'], /package.json: .*expected the output of worth --json/],
    [['--shard', '1/2'], /--shard.*with --partial-out/],
    [['--policy', 'aggressive,aggressive'], /"aggressive" named twice; expected each policy once/],
    [['--prices', 'PRICES'], /prices.json: no worths under policy "objective-first" \(it holds aggressive\)/],
  ])('refuses %j in one line, exit code 2, nothing written', async (extra, message) => {
    const dir = writeMiniTournamentPack(testTempDir('worth-'));
    const prices = join(dir, 'prices.json');
    writeFileSync(prices, JSON.stringify({ worth: { byPolicy: [{ policy: 'aggressive', items: [{ text: 'iron-horde/x', worth: 100 }] }] } }));
    const before = readdirSync('.');
    const r = await inProcess(['worth', '--data', dir, ...ARGS, ...extra.map((x) => (x === 'PRICES' ? prices : x))]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message);
    expect(readdirSync('.')).toEqual(before);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});
