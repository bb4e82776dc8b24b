import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/model/loadDataset.js';
import { inProcess } from '../helpers/cli.js';
import { testTempDir } from '../helpers/tempDir.js';

const version = loadDataset().version;

function listFile(dir: string, name: string, army: string, formations: string[], dataVersion = version): string {
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify({ format: 'epic-balance/roster', name, data: { set: 'rulebook-2004', version: dataVersion }, army, points: 1000, formations }));
  return path;
}

function lists(dir: string) {
  return {
    marines: listFile(dir, 'marines', 'codex-astartes', ['codex-astartes/tactical-detachment', 'codex-astartes/devastator-detachment']),
    orks: listFile(dir, 'orks', 'ork-war-horde', ['ork-war-horde/warband']),
  };
}

describe('matchup', () => {
  it('states seed, trials, rules, data and battle, and writes the report folder', async () => {
    const dir = testTempDir('matchup-');
    const { marines, orks } = lists(dir);
    const out = join(dir, 'report');
    const r = await inProcess(['matchup', marines, orks, '--trials', '60', '--seed', 's1', '--workers', '1', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`rules NetEA Epic Armageddon · data rulebook-2004 ${version} · battle reference v5 (battles/reference.json) · seed "s1" · 60 trials per meeting`);
    expect(r.stdout).toMatch(/marines +destroys \d+\.\d \[/);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { seed: string; trials: number; rules: string; data: { id: string; version: string }; notes: string[] };
    expect(manifest).toMatchObject({ seed: 's1', trials: 60, rules: 'netea', data: { id: 'rulebook-2004', version } });
    expect(manifest.notes).toContain('Battle: reference v5 (battles/reference.json).');
    for (const f of ['matchup.csv', 'matchup-formations.csv', 'matchup-lists.csv', 'matchup-losses.csv', 'matchup.vl.json', 'report.html']) expect(existsSync(join(out, f)), f).toBe(true);
    const csv = readFileSync(join(out, 'matchup-lists.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('list,army,points,measure,value,ci95_low,ci95_high');
    expect(csv).toHaveLength(5);
  });

  it('gives the same numbers with 1 and 2 workers, and --json says how they were made', async () => {
    const dir = testTempDir('matchup-');
    const { marines, orks } = lists(dir);
    // One after the other in this process: an in-process run has this process's output to itself.
    const one = await inProcess(['matchup', marines, orks, '--trials', '40', '--json', '--workers', '1']);
    const two = await inProcess(['matchup', marines, orks, '--trials', '40', '--json', '--workers', '2']);
    expect(one.code, one.stderr).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    const json = JSON.parse(one.stdout) as { rules: string; seed: string; trials: number; data: { id: string }; battle: { name: string; version: number }; lists: { mine: { destroyedPer100: { mean: number } } }; pairs: unknown[]; meetings: number };
    expect(json).toMatchObject({ rules: 'netea', seed: 'epic-balance', trials: 40, data: { id: 'rulebook-2004' }, battle: { name: 'reference', version: 5 } });
    expect(json.pairs).toHaveLength(2);
    expect(json.meetings).toBe(28);
  });

  it('ranks my formations against a folder of lists', async () => {
    const dir = testTempDir('matchup-');
    const { marines, orks } = lists(dir);
    const field = join(dir, 'field');
    mkdirSync(field);
    writeFileSync(join(field, 'orks.json'), readFileSync(orks));
    const r = await inProcess(['matchup', marines, '--field', field, '--trials', '40', '--workers', '1', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const json = JSON.parse(r.stdout) as { ranking: Array<{ index: number }>; field: { lists: unknown[]; formations: unknown[] } };
    expect(json.field.lists).toHaveLength(1);
    expect(json.ranking.map((x) => x.index).sort()).toEqual([0, 1]);
  });

  it('--datasheet re-prices both lists with the overlay, and every output names it', async () => {
    const dir = testTempDir('matchup-');
    const { marines, orks } = lists(dir);
    const cheaper = join(dir, 'cheaper.json');
    writeFileSync(cheaper, JSON.stringify({ armies: [{ id: 'codex-astartes', formations: [{ id: 'devastator-detachment', points: 200 }] }] }));
    const run = (extra: string[]) => inProcess(['matchup', marines, orks, '--trials', '10', '--workers', '1', '--json', ...extra]);
    const [plain, overlaid] = [await run([]), await run(['--datasheet', cheaper])];
    expect(overlaid.code, overlaid.stderr).toBe(0);
    type Out = { data: { version: string }; mine: { points: number; formations: Array<{ points: number }> } };
    const [p, o] = [JSON.parse(plain.stdout) as Out, JSON.parse(overlaid.stdout) as Out];
    // Codex Astartes devastators: 250 points in the built-in list, 200 under the overlay; the tactical detachment unchanged.
    expect(p.mine.formations.map((f) => f.points)).toEqual([300, 250]);
    expect(o.mine.formations.map((f) => f.points)).toEqual([300, 200]);
    expect(o.mine.points).toBe(500);
    expect(o.data.version).toMatch(new RegExp(`^${version.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\+ .*cheaper\\.json sha256:[0-9a-f]{12}$`));
  });

  describe('bad input: one line, exit code 2, nothing written', () => {
    const refused = async (args: (dir: string, l: ReturnType<typeof lists>) => string[], expected: RegExp) => {
      const dir = testTempDir('matchup-');
      const l = lists(dir);
      const out = join(dir, 'report');
      const r = await inProcess(['matchup', ...args(dir, l), '--trials', '10', '--workers', '1', '--out', out]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trim().split('\n');
      expect(lines, r.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(expected);
      expect(existsSync(out)).toBe(false);
    };
    it('a missing file', () => refused((dir, l) => [l.marines, join(dir, 'nowhere.json')], /nowhere\.json: cannot read \(ENOENT\)/));
    it('a file that is not a list file', () => refused((_dir, l) => [l.marines, 'battles/reference.json'], /battles\/reference\.json: format: not a list file: expected "format": "epic-balance\/roster"/));
    it('a list of another data version', () =>
      refused((dir, l) => [l.marines, listFile(dir, 'old', 'ork-war-horde', ['ork-war-horde/warband'], 'sha256:000000000000')], /old\.json: data: written against rulebook-2004 sha256:000000000000, but the data set in use is rulebook-2004 sha256:/));
    it('a formation the data set cannot field', () => refused((dir, l) => [l.marines, listFile(dir, 'odd', 'ork-war-horde', ['ork-war-horde/no-such-mob'])], /odd\.json: formations\[0\]: "ork-war-horde\/no-such-mob" cannot be fielded/));
    it('neither a second list nor --field', () => refused((_dir, l) => [l.marines], /expected the opposing list file, or --field/));
  });
});
