import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFormation } from '../../../src/model/formation.js';
import { loadDataset } from '../../../src/model/loadDataset.js';
import type { ImportReport } from '../../../src/model/tp/report.js';
import { inProcess } from '../../helpers/cli.js';
import { MINI_FORMATIONS, writeMiniTournamentPack } from '../../helpers/miniTournamentPack.js';
import { testTempDir } from '../../helpers/tempDir.js';

/**
 * `import-tp` and `--data` on the small Tournament Pack the tests write
 * (test/helpers/miniTournamentPack.ts): what a machine without a checkout of the
 * real pack still tests of the importer, through the command line.
 */

const COMMIT = '0123456789abcdef0123456789abcdef01234567';

async function importReport(dir: string): Promise<ImportReport> {
  const r = await inProcess(['import-tp', dir, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as ImportReport;
}

describe('import-tp on the mini Tournament Pack', () => {
  it('maps every unit, weapon, rule, force, list, formation and upgrade, reads every construction text but one, reads no FAQ, and names the version from SOURCE.md', async () => {
    const dir = writeMiniTournamentPack(join(testTempDir('eb-mini-tp-'), 'tp'), { commit: COMMIT });
    const report = await importReport(dir);
    expect(report.source).toBe(dir);
    expect(report.version).toMatch(new RegExp(`^${COMMIT} \\(from SOURCE\\.md\\), content sha256:[0-9a-f]{64}$`));
    expect(report.counts).toEqual({
      units: { total: 7, mapped: 7 },
      weapons: { total: 6, mapped: 6 },
      specialRules: { total: 3, mapped: 3 },
      forces: { total: 2, mapped: 2 },
      armyLists: { total: 2, mapped: 2 },
      formations: { total: 6, mapped: 6 },
      upgrades: { total: 1, mapped: 1 },
      upgradesOffered: { total: 1, mapped: 1 },
      construction: { total: 6, mapped: 5 },
    });
    expect(report.unmapped).toEqual([
      {
        kind: 'construction',
        id: 'star-wardens/Using the army list',
        name: 'Lancer Squads may only be taken by a host whose Warden Lines carry banners.',
        reason: 'no pattern of the construction reader (model/tp/constructionText.ts) reads it',
        file: '_site/_army_lists/star-wardens.html',
      },
    ]);
    expect(report.specialRules.map((r) => [r.id, r.status, r.usedBy])).toEqual([
      ['leader', 'supported', 1],
      ['macro-weapon', 'supported', 1],
      ['transport', 'supported', 2],
    ]);
    expect(report.notRead).toEqual(['_site/_faqs: FAQ rulings are prose, not data the model holds']);
  });

  it('gives the formations, units, costs and ratings its list pages print', () => {
    const data = loadDataset(writeMiniTournamentPack(join(testTempDir('eb-mini-tp-'), 'tp')));
    expect(data.id).toBe('netea-tp');
    const horde = data.armies.get('iron-horde')!;
    expect(horde).toMatchObject({ name: 'The Iron Horde', strategyRating: 2, initiative: { default: 2 } });
    expect(horde.formations.map((f) => [f.id, f.points, f.units])).toEqual([
      ['mob', 175, [{ unit: 'brute-boss', count: 1 }, { unit: 'brute', count: 8 }]],
      ['big-mob', 325, [{ unit: 'brute-boss', count: 2 }, { unit: 'brute', count: 16 }]],
      ['cart-mob', 200, [{ unit: 'battle-cart', count: 4 }]],
    ]);
    expect(data.units.get('brute-boss')).toMatchObject({ type: 'INF', speed: 15, armour: 4, cc: 3, ff: 5, abilities: ['leader'] });
    expect(data.weapons.get('wrecking-blade')!.modes[0]).toMatchObject({ kind: 'assault', macroWeapon: true });
    // The Lancers upgrade adds two Lancers and 50 points to the Warden Line's 250.
    const line = parseFormation(data, 'star-wardens/warden-line+lancers');
    expect(line.points).toBe(300);
    expect(line.units.filter((u) => u.unit.id === 'lancer')).toHaveLength(2);
    expect(data.armies.get('star-wardens')).toMatchObject({ strategyRating: 4, initiative: { default: 1 } });
  });

  it('two versions written with one price changed differ in that price only', () => {
    const root = testTempDir('eb-mini-tp-');
    const before = loadDataset(writeMiniTournamentPack(join(root, 'before')));
    const after = loadDataset(writeMiniTournamentPack(join(root, 'after'), { costs: { 'iron-horde/mob': 150 } }));
    const costs = (data: typeof before) => Object.fromEntries(Object.keys(MINI_FORMATIONS).map((text) => [text, parseFormation(data, text).points]));
    expect(costs(before)).toEqual(MINI_FORMATIONS);
    expect(costs(after)).toEqual({ ...MINI_FORMATIONS, 'iron-horde/mob': 150 });
    expect(after.version).not.toBe(before.version);
    expect(() => writeMiniTournamentPack(join(root, 'typo'), { costs: { 'iron-horde/mobb': 150 } })).toThrow('no formation iron-horde/mobb in the mini pack');
  });

  it('`list --data` shows its lists and formations', async () => {
    const dir = writeMiniTournamentPack(join(testTempDir('eb-mini-tp-'), 'tp'));
    const r = await inProcess(['list', 'iron-horde', '--data', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n').map((l) => l.trim().replace(/\s+/g, ' '))).toEqual(expect.arrayContaining(['mob 175 pts 1 Brute Boss, 8 Brute', 'big-mob 325 pts 2 Brute Boss, 16 Brute', 'cart-mob 200 pts 4 Battle Cart']));
  });
});
