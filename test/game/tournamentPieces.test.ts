import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseShard, inShard } from '../../src/rulesets/netea/cli/tournamentPieces.js';
import { inProcess } from '../helpers/cli.js';
import { writeMiniTournamentPack } from '../helpers/miniTournamentPack.js';
import { testTempDir } from '../helpers/tempDir.js';

/**
 * `tournament --out` (the report folder), `--shard i/N --partial-out` and `--merge` (a round robin
 * in pieces, resumable, merged exactly) and `--datasheet`, on the mini Tournament Pack: two lists,
 * one policy, a few games, so each run takes a second or two.
 */

interface TournamentJson {
  seed: string;
  games: number;
  data: { id: string; version: string };
  lists: Array<{ list: string; armies: Array<{ points: number; formations: string[] }>; byPolicy: Array<{ field: { score: number; games: number } }> }>;
}

const SMALL = ['--armies', '2', '--games', '6', '--policy', 'aggressive', '--seed', 'pieces', '--workers', '1', '--quiet'];

async function ok(args: string[]): Promise<string> {
  const r = await inProcess(['tournament', ...args]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

async function refused(args: string[], line: RegExp): Promise<void> {
  const r = await inProcess(['tournament', ...args]);
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr.trim()).toMatch(line);
}

describe('tournament --shard and --merge', () => {
  it('shards: i/N with 1 <= i <= N, or a Slurm array task\'s place; the k-th pair of armies goes to shard k mod N', () => {
    expect(parseShard('2/5')).toEqual({ index: 2, count: 5 });
    expect(parseShard('slurm', { SLURM_ARRAY_TASK_ID: '7', SLURM_ARRAY_TASK_MIN: '4', SLURM_ARRAY_TASK_COUNT: '4' })).toEqual({ index: 4, count: 4 });
    expect(parseShard('slurm', { SLURM_ARRAY_TASK_ID: '0', SLURM_ARRAY_TASK_COUNT: '3' })).toEqual({ index: 1, count: 3 });
    expect(() => parseShard('3/2')).toThrow(/option --shard: got "3\/2"; expected i\/N with 1 <= i <= N/);
    expect(() => parseShard('0/2')).toThrow(/got "0\/2"/);
    expect(() => parseShard('slurm', {})).toThrow(/SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT are not set/);
    expect([0, 1, 2, 3, 4, 5, 6].filter((k) => inShard(k, { index: 2, count: 3 }))).toEqual([1, 4]);
  });

  it('two pieces merged give the unsplit run\'s numbers; a piece run again plays only what its file lacks', async () => {
    const dir = writeMiniTournamentPack(testTempDir('tournament-pieces-'));
    const whole = JSON.parse(await ok(['--data', dir, ...SMALL, '--json'])) as TournamentJson;
    const a = join(dir, 'piece-1.json');
    const b = join(dir, 'piece-2.json');
    expect(await ok(['--data', dir, ...SMALL, '--shard', '1/2', '--partial-out', a])).toBe('');
    expect(await ok(['--data', dir, ...SMALL, '--shard', '2/2', '--partial-out', b])).toBe('');
    // Four pairs of armies: two in each piece, 6 games each.
    const piece = JSON.parse(readFileSync(b, 'utf8')) as { runs: number; done: Array<{ pairing: number; games: number }> };
    expect(piece.runs).toBe(2);
    expect(piece.done.map((d) => [d.pairing, d.games])).toEqual([[1, 6], [3, 6]]);
    // Interrupted after its first run: the piece goes on from there and ends as it would have.
    const full = readFileSync(b, 'utf8');
    writeFileSync(b, JSON.stringify({ ...piece, done: piece.done.slice(0, 1) }));
    await ok(['--data', dir, ...SMALL, '--shard', '2/2', '--partial-out', b]);
    expect(JSON.parse(readFileSync(b, 'utf8'))).toEqual(JSON.parse(full));
    const merged = JSON.parse(await ok(['--merge', b, a, '--json', '--quiet'])) as TournamentJson;
    expect(merged.lists).toEqual(whole.lists);
    expect(merged.games).toBe(whole.games);
    expect(merged.games).toBe(4 * 6);
    expect(merged.lists[0]!.byPolicy[0]!.field.score + merged.lists[1]!.byPolicy[0]!.field.score).toBeCloseTo(1, 12);
  }, 120_000);

  it('refuses a missing shard, a piece of another run, a foreign file and a shard without its file: one line, exit 2', async () => {
    const dir = writeMiniTournamentPack(testTempDir('tournament-pieces-'));
    const a = join(dir, 'piece-1.json');
    await ok(['--data', dir, ...SMALL, '--shard', '1/2', '--partial-out', a]);
    await refused(['--merge', a], /^epic-balance: option --merge: shards 2\/2 missing; expected all 2 pieces of the run$/);
    await refused(['--data', dir, ...SMALL, '--seed', 'other', '--shard', '1/2', '--partial-out', a], /option --partial-out: ".*piece-1\.json" is shard 1\/2 of another round robin or shard \(seed "pieces"\); expected a new file, or this piece's file to go on with$/);
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'mine\n');
    await refused(['--data', dir, ...SMALL, '--shard', '2/2', '--partial-out', notes], /"notes\.txt"|notes\.txt" is an existing file that is not a piece of an epic-balance tournament/);
    expect(readFileSync(notes, 'utf8')).toBe('mine\n');
    await refused(['--data', dir, ...SMALL, '--shard', '1/2'], /^epic-balance: option --shard: expected with --partial-out <file>, where the piece is kept, got "1\/2"$/);
    await refused(['--merge', a, '--lists', 'iron-horde,star-wardens'], /^epic-balance: option --lists: expected no --lists with --merge/);
  }, 120_000);
});

describe('tournament --out and --datasheet', () => {
  it('writes the report folder: the scores as CSV with their intervals, the armies, the chart, the --json result, and a manifest naming seed, games, rules and data', async () => {
    const dir = writeMiniTournamentPack(testTempDir('tournament-out-'));
    const out = join(dir, 'report');
    const printed = JSON.parse(await ok(['--data', dir, ...SMALL, '--json', '--out', out])) as TournamentJson;
    expect(readdirSync(out).sort()).toEqual(['manifest.json', 'report.html', 'tournament-armies.csv', 'tournament.csv', 'tournament.json', 'tournament.png', 'tournament.svg', 'tournament.vl.json']);
    expect(JSON.parse(readFileSync(join(out, 'tournament.json'), 'utf8')).lists).toEqual(printed.lists);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { seed: string; trials: number; rules: string; data: { id: string; version: string }; sections: Array<{ summary: string[] }> };
    expect(manifest.seed).toBe('pieces');
    expect(manifest.trials).toBe(6);
    expect(manifest.rules).toBe('netea');
    expect(manifest.data).toEqual(printed.data);
    expect(manifest.sections[0]!.summary.join(' ')).toMatch(/Table: random .*Policies, each played by both players: aggressive\./);
    // No field of tournament.csv holds a comma or a quote here: list ids, policy names and numbers.
    const rows = readFileSync(join(out, 'tournament.csv'), 'utf8').trimEnd().split('\n').map((l) => l.split(','));
    const col = (name: string) => rows[0]!.indexOf(name);
    const field = rows.slice(1).filter((r) => r[col('measure')] === 'score_against_field');
    expect(field.map((r) => r[col('army')])).toEqual(printed.lists.map((l) => l.list));
    field.forEach((r, i) => {
      expect(Number(r[col('value')])).toBe(printed.lists[i]!.byPolicy[0]!.field.score);
      expect(Number(r[col('ci95_low')])).toBeLessThan(Number(r[col('value')]));
      expect(Number(r[col('games')])).toBe(24);
    });
    expect(Number(field[0]![col('value')]) + Number(field[1]![col('value')])).toBeCloseTo(1, 12);
    // An existing report of this tool is replaced; the folder it was in is refused now it holds a foreign file.
    await ok(['--data', dir, ...SMALL, '--out', out]);
    writeFileSync(join(out, 'mine.txt'), 'x');
    await refused(['--data', dir, ...SMALL, '--out', out], /option --out: ".*report" holds mine\.txt, which is not part of its epic-balance report; expected a new folder, an empty one, or an earlier report folder of epic-balance$/);
  }, 120_000);

  it('--datasheet: an overlay pricing the Bastion Troop out of a 3,000-point army leaves it out of every army, and the data version names the overlay', async () => {
    const dir = writeMiniTournamentPack(testTempDir('tournament-datasheet-'));
    const overlay = join(dir, 'dear-bastions.json');
    writeFileSync(overlay, JSON.stringify({ armies: [{ id: 'star-wardens', formations: [{ id: 'bastion-troop', points: 3001 }] }] }));
    const args = ['--data', dir, '--armies', '4', '--games', '2', '--policy', 'aggressive', '--seed', 'pieces', '--workers', '1', '--quiet', '--json'];
    const plain = JSON.parse(await ok(args)) as TournamentJson;
    const dear = JSON.parse(await ok([...args, '--datasheet', overlay])) as TournamentJson;
    const bastions = (t: TournamentJson) => t.lists.find((l) => l.list === 'star-wardens')!.armies.filter((a) => a.formations.some((f) => f.includes('bastion-troop'))).length;
    expect(bastions(plain)).toBeGreaterThan(0);
    expect(bastions(dear)).toBe(0);
    expect(dear.data.version).toContain(`${overlay} sha256:`);
    expect(existsSync(join(dir, 'report'))).toBe(false);
  }, 120_000);

  it('game --datasheet: the overlay\'s price is the army\'s, and the data version names the overlay', async () => {
    const dir = testTempDir('game-datasheet-');
    const overlay = join(dir, 'cheap-devastators.json');
    writeFileSync(overlay, JSON.stringify({ armies: [{ id: 'codex-astartes', formations: [{ id: 'devastator-detachment', points: 200 }] }] }));
    const r = await inProcess(['game', 'codex-astartes/devastator-detachment', 'ork-war-horde/warband', '--games', '4', '--policy', 'aggressive', '--workers', '1', '--quiet', '--json', '--datasheet', overlay]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { armies: Array<{ points: number }>; data: { version: string } };
    expect(out.armies.map((a) => a.points)).toEqual([200, 200]);
    expect(out.data.version).toMatch(/^sha256:[0-9a-f]{12} \+ .*cheap-devastators\.json sha256:[0-9a-f]{12}$/);
  }, 60_000);
});
