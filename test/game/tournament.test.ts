import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inProcess } from '../helpers/cli.js';
import { writeMiniTournamentPack } from '../helpers/miniTournamentPack.js';
import { testTempDir } from '../helpers/tempDir.js';

/**
 * `epic-balance tournament` on the mini Tournament Pack: the lists' scores against each other add
 * to one, a list against itself scores one half within its 99.9% interval, the same seed gives the
 * same numbers on one worker or two, and bad input is one line with exit code 2.
 */

interface Standing {
  score: number;
  ci95: [number, number];
  ci999: [number, number];
  games: number;
}
interface TournamentJson {
  games: number;
  lists: Array<{ list: string; byPolicy: Array<{ policy: string; field: Standing; against: Array<Standing | null>; byArmy: number[] }> }>;
}

const run = async (dir: string, extra: string[]) => {
  const r = await inProcess(['tournament', '--data', dir, '--quiet', '--json', '--seed', 'mini-tournament', ...extra]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as TournamentJson;
};

describe('epic-balance tournament', () => {
  it('plays every list against the other and against itself: the scores add to one, the mirror scores one half', async () => {
    const dir = writeMiniTournamentPack(testTempDir('tournament-'));
    const t = await run(dir, ['--armies', '2', '--games', '100', '--policy', 'objective-first', '--mirrors', '--workers', '1']);
    const [wardens, horde] = t.lists.map((l) => l.byPolicy[0]!);
    // Two lists, 2 armies each: 4 pairs of armies between them and 4 in each mirror, 100 games each.
    expect(t.games).toBe(12 * 100);
    expect(wardens!.against[1]!.score + horde!.against[0]!.score).toBeCloseTo(1, 12);
    expect(wardens!.field.score).toBe(wardens!.against[1]!.score);
    for (const side of [wardens!, horde!]) {
      const mirror = side.against[t.lists.indexOf(t.lists.find((l) => l.byPolicy[0] === side)!)]!;
      expect(mirror.games).toBe(400);
      expect(mirror.ci999[0]).toBeLessThanOrEqual(0.5);
      expect(mirror.ci999[1]).toBeGreaterThanOrEqual(0.5);
    }
  }, 300_000);

  it('gives the same numbers on one worker or two', async () => {
    const dir = writeMiniTournamentPack(testTempDir('tournament-'));
    const one = await run(dir, ['--armies', '2', '--games', '40', '--policy', 'aggressive', '--workers', '1']);
    const two = await run(dir, ['--armies', '2', '--games', '40', '--policy', 'aggressive', '--workers', '2']);
    expect(two.lists).toEqual(one.lists);
  }, 300_000);

  it('refuses an unknown list in one line, exit code 2, nothing written', async () => {
    const dir = writeMiniTournamentPack(testTempDir('tournament-'));
    const before = readdirSync('.');
    const r = await inProcess(['tournament', '--data', dir, '--lists', 'star-wardens,no-such-list']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/"no-such-list": no such list; expected one of iron-horde, star-wardens/);
    expect(readdirSync('.')).toEqual(before);
  });
});
