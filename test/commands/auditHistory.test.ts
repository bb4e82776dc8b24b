import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcess } from '../helpers/cli.js';
import { MINI_FORMATIONS, writeMiniBattle, writeMiniTournamentPack } from '../helpers/miniTournamentPack.js';
import { testTempDir } from '../helpers/tempDir.js';

/**
 * `audit --data <older> --history <newer>` on two versions of the mini Tournament Pack the tests
 * write, the newer one with one price cut (Bastion Troop 225 -> 200) and one rise (Cart Mob
 * 200 -> 225), as the real pack's champions change prices between versions.
 */

interface HistoryJson {
  older: { version: string };
  newer: { version: string };
  field: { formations: number; lacking: string[] };
  listsValued: string[];
  shares: Record<'cut' | 'rise', { right: number; rated: number; decisions: number; chance: number }>;
  cases: Array<{ change: { army: string; id: string; kind: string; oldPoints: number; newPoints: number; direction: string }; valued: string; cost: number; relativeToList: number; fairCost: { value: number; ci95: [number, number] }; rated: string }>;
  notJudged: unknown[];
}

const CHANGED = { 'star-wardens/bastion-troop': 200, 'iron-horde/cart-mob': 225 };

function twoVersions() {
  const root = testTempDir('eb-history-');
  return {
    root,
    older: writeMiniTournamentPack(join(root, 'older'), { commit: 'aaaaaaa' }),
    newer: writeMiniTournamentPack(join(root, 'newer'), { commit: 'bbbbbbb', costs: CHANGED }),
    battle: writeMiniBattle(join(root, 'battle.json')),
  };
}

const RUN = ['--trials', '60', '--seed', 'history', '--workers', '1', '--quiet'];

describe('audit --history on two versions of the mini Tournament Pack', () => {
  it('finds the cut and the rise, values them as the audit of the older version does, and rates each by its value per point against its list\'s median', async () => {
    const v = twoVersions();
    const r = await inProcess(['audit', '--data', v.older, '--history', v.newer, '--battle', v.battle, '--json', ...RUN]);
    expect(r.code, r.stderr).toBe(0);
    const h = JSON.parse(r.stdout) as HistoryJson;
    expect(h.older.version).toMatch(/^aaaaaaa \(from SOURCE\.md\)/);
    expect(h.newer.version).toMatch(/^bbbbbbb \(from SOURCE\.md\)/);
    expect(h.field).toEqual({ formations: 4, lacking: [] });
    expect(h.notJudged).toEqual([]);
    expect(h.cases.map((c) => [`${c.change.army}/${c.change.id}`, c.change.kind, c.change.oldPoints, c.change.newPoints, c.change.direction])).toEqual([
      ['iron-horde/cart-mob', 'formation', 200, 225, 'rise'],
      ['star-wardens/bastion-troop', 'formation', 225, 200, 'cut'],
    ]);
    // The numbers are the plain audit's of the older version, same seed and trials.
    const a = await inProcess(['audit', '--data', v.older, '--battle', v.battle, '--json', ...RUN]);
    expect(a.code, a.stderr).toBe(0);
    const rows = (JSON.parse(a.stdout) as { formations: Array<{ text: string; cost: number; relativeToList: number; fairCost: { value: number; ci95: [number, number] } }> }).formations;
    for (const c of h.cases) {
      const row = rows.find((x) => x.text === c.valued)!;
      expect([c.cost, c.relativeToList, c.fairCost]).toEqual([row.cost, row.relativeToList, { value: row.fairCost.value, ci95: row.fairCost.ci95 }]);
      expect(c.rated).toBe((c.change.direction === 'cut' ? c.relativeToList < 1 : c.relativeToList > 1) ? 'right' : 'wrong');
    }
    // Both lists have a change, so every formation of the pack was valued: the chance rate counts them.
    expect(h.listsValued).toEqual(['iron-horde', 'star-wardens']);
    const below = rows.filter((x) => x.relativeToList < 1).length;
    const above = rows.filter((x) => x.relativeToList > 1).length;
    expect(rows).toHaveLength(Object.keys(MINI_FORMATIONS).length);
    expect(h.shares.cut).toEqual({ right: h.cases[1]!.rated === 'right' ? 1 : 0, rated: 1, decisions: 1, chance: below / rows.length });
    expect(h.shares.rise).toEqual({ right: h.cases[0]!.rated === 'right' ? 1 : 0, rated: 1, decisions: 1, chance: above / rows.length });
  });

  it('prints each case and the shares for cuts and rises apart', async () => {
    const v = twoVersions();
    const r = await inProcess(['audit', '--data', v.older, '--history', v.newer, '--battle', v.battle, ...RUN]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^epic-balance audit --history: data netea-tp aaaaaaa .* against the later bbbbbbb/);
    expect(r.stdout).toMatch(/\n {2}cuts {3}[01]\/1 \((0|100)%\), 1 distinct decisions; chance rate 0\.\d\d\n {2}rises {2}[01]\/1/);
    expect(r.stdout).toMatch(/\ncut {3}star-wardens\/bastion-troop +225->200 +225 +\d+ \[\d+-\d+\] +\d\.\d\d {2}\S+ +(right|wrong)\n/);
    expect(r.stdout).toMatch(/\nrise {2}iron-horde\/cart-mob +200->225 +200 /);
  });

  it('two equal versions: no change, nothing valued', async () => {
    const v = twoVersions();
    const r = await inProcess(['audit', '--data', v.older, '--history', v.older, '--battle', v.battle, '--json', ...RUN]);
    expect(r.code, r.stderr).toBe(0);
    const h = JSON.parse(r.stdout) as HistoryJson;
    expect([h.cases, h.listsValued, h.shares.cut.rated, h.shares.rise.rated]).toEqual([[], [], 0, 0]);
  });
});

describe('audit --history: bad input is one line, exit 2, nothing written', () => {
  const refused = async (args: string[], message: RegExp) => {
    const r = await inProcess(['audit', ...args, ...RUN]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(message)]);
  };

  it('a folder that is not a Tournament Pack checkout', async () => {
    const v = twoVersions();
    await refused(['--data', v.older, '--history', v.root, '--battle', v.battle], /^epic-balance: --history \S+: not a Tournament Pack checkout: expected a _site folder holding _units, _weapons, _special_rules, _forces, _army_lists$/);
    await refused(['--data', v.older, '--history', join(v.root, 'missing'), '--battle', v.battle], /^epic-balance: --history \S+missing: no such directory; expected a checkout of the NetEA Tournament Pack/);
  });

  it('a version the importer cannot read (a unit file whose front matter is not YAML)', async () => {
    const v = twoVersions();
    writeFileSync(join(v.newer, '_site', '_units', 'warden.md'), '---\nname: [Warden\n---\n');
    await refused(['--data', v.older, '--history', v.newer, '--battle', v.battle], /^epic-balance: --history \S*_units\/warden\.md/);
  });

  it('a checkout with none of the older version\'s lists, --history without --data, and --out with it', async () => {
    const v = twoVersions();
    const other = join(v.root, 'other');
    writeMiniTournamentPack(other);
    for (const list of ['star-wardens', 'iron-horde']) renameSync(join(other, '_site', '_army_lists', `${list}.html`), join(other, '_site', '_army_lists', `other-${list}.html`));
    await refused(['--data', v.older, '--history', other, '--battle', v.battle], /^epic-balance: option --history: \S+other has none of the army lists of \S+older: expected another version of the same Tournament Pack$/);
    await refused(['--history', v.newer], /^epic-balance: option --history: expected --data <older Tournament Pack checkout> with it/);
    const out = join(v.root, 'report');
    await refused(['--data', v.older, '--history', v.newer, '--battle', v.battle, '--out', out], /^epic-balance: option --history: --out does not apply to a history reading/);
    expect(existsSync(out)).toBe(false);
  });
});

describe('a battle whose field names a formation the data set lacks', () => {
  it('with at most a quarter lacking, the rest of the field stands for it, named on stderr and in --json', async () => {
    const v = twoVersions();
    const battle = JSON.parse(readFileSync(v.battle, 'utf8'));
    battle.field['netea-tp'].push({ formation: 'star-wardens/sky-troop', why: 'A formation a later version adds.' });
    writeFileSync(v.battle, JSON.stringify(battle));
    const r = await inProcess(['audit', '--data', v.older, '--battle', v.battle, '--lists', 'iron-horde', '--json', ...RUN]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.trim().split('\n')).toEqual(["note: the data set netea-tp lacks 1 of the 5 formations the battle's field names (star-wardens/sky-troop); the field is the other 4"]);
    expect(JSON.parse(r.stdout).battle.lacking).toEqual(['star-wardens/sky-troop']);
  });
});
