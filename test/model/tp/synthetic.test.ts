import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { registerImportTp } from '../../../src/cli/importTp.js';
import { InputError } from '../../../src/model/inputError.js';
import { importTournamentPack } from '../../../src/model/tp/importer.js';

/**
 * A small synthetic checkout, written for these tests in the Tournament Pack's layout (no
 * file of the real pack is copied): two units, three weapons, a force and an army list.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

type Files = Record<string, string>;

const BASE: Files = {
  '_site/_special_rules/fearless.md': '---\nname: Fearless\n---\nText.\n',
  '_site/_special_rules/damage-capacity-2.md': '---\nname: Damage Capacity 2\n---\n',
  '_site/_special_rules/macro-weapon.md': '---\nname: Macro-weapon\nabbr: MW\n---\n',
  '_site/_special_rules/star-shield.md': '---\nname: Star Shield\n---\nA made-up save.\n',
  '_site/_special_rules/brave.md': '---\nname: Brave Hearts\n---\n',
  '_site/_weapons/lance-gun.md': '---\nname: Lance Gun\nmodes:\n  -\n    range: 60cm\n    firepower: 3× AP5+/AT4+\n---\n',
  '_site/_weapons/star-cannon.md':
    '---\nname: Star Cannon\nmodes:\n  -\n    range: 45cm\n    firepower: 2BP\n    special_rules:\n      - macro-weapon\n  -\n    boolean: or\n    range: 30cm\n    firepower: MW3+\n---\n',
  '_site/_weapons/blades.md': '---\nname: Blades\nmodes:\n  -\n    range: (bc)\n    firepower: Assault Weapons\n---\n',
  '_site/_units/guard.md':
    '---\nname: Guard\ntype: INF\nspeed: 15cm\narmour: 5+\ncc: 5+\nff: 4+\nspecial_rules:\n  - brave\nweapons:\n  -\n    id: lance-gun\n  -\n    id: blades\n---\n',
  '_site/_units/strider.md': [
    '---',
    'name: Strider',
    'type: WE',
    'speed: 20cm',
    'armour: 4+',
    'cc: 5+',
    'ff: 4+',
    'special_rules:',
    '  - damage-capacity-2',
    '  - fearless',
    '  - star-shield',
    'notes:',
    '  |',
    '    Critical Hit Effect: Destroyed. All units within 5cm of the model suffer a hit on a roll of 5+.',
    'weapons:',
    '  -',
    '    id: star-cannon',
    '    multiplier: 2',
    '    arc: FxF',
    '---',
    '',
  ].join('\n'),
  '_site/_forces/wardens.md': '---\nname: Wardens\nunits:\n  - guard\n  - strider\nspecial_rules:\n  - brave\n---\n',
  '_site/_army_lists/wardens.html': [
    '---',
    'title: Wardens',
    'name: Warden Host',
    'forces:',
    '  - wardens',
    '---',
    '<p>Warden Host armies have a strategy rating of 3. Strider formations have an initiative rating of 1+. All other formations have an initiative rating of 2+.</p>',
    '<table class="_army_list"><caption>Warden Formations</caption>',
    '<thead><tr><th>Formation</th><th>Units</th><th>Upgrades</th><th>Cost</th></tr></thead><tbody>',
    '<tr><td>Guard Line</td><td>Eight Guard units</td><td>Striders</td><td>200 points</td></tr>',
    '<tr><td>0–1 Strider</td><td>One Strider</td><td>None</td><td>250 points</td></tr>',
    '<tr><td>Sky Riders</td><td>Four Sky Riders</td><td>None</td><td>100 points</td></tr>',
    '</tbody></table>',
    '<table class="_army_list"><caption>Warden Upgrades</caption>',
    '<thead><tr><th>Upgrade</th><th>Units</th><th>Cost</th></tr></thead><tbody>',
    '<tr><td>Striders</td><td>Add up to two Striders</td><td>+225 points each</td></tr>',
    '</tbody></table>',
  ].join('\n'),
};

function checkout(files: Files): string {
  const dir = mkdtempSync(join(tmpdir(), 'epic-balance-tp-'));
  dirs.push(dir);
  for (const folder of ['_units', '_weapons', '_special_rules', '_forces', '_army_lists']) mkdirSync(join(dir, '_site', folder), { recursive: true });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  return dir;
}

function inputError(fn: () => unknown): InputError {
  try {
    fn();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('expected an InputError');
}

describe('importTournamentPack on a synthetic checkout', () => {
  it('imports units, weapons, forces and the army list', () => {
    const dir = checkout(BASE);
    writeFileSync(join(dir, 'SOURCE.md'), 'A snapshot of commit 0123456789abcdef0123456789abcdef01234567.\n');
    const { dataset, report } = importTournamentPack(dir);
    expect(report.version).toMatch(/^0123456789abcdef0123456789abcdef01234567 \(from SOURCE\.md\), content sha256:[0-9a-f]{64}$/);
    expect(report.counts.units).toEqual({ total: 2, mapped: 2 });
    expect(report.counts.weapons).toEqual({ total: 3, mapped: 3 });
    const strider = dataset.units.get('strider')!;
    expect(strider).toMatchObject({ type: 'WE', speed: 20, damageCapacity: 2, abilities: ['fearless'], otherRules: ['star-shield'] });
    expect(strider.weapons).toEqual([{ weapon: 'star-cannon', multiplier: 2, arc: 'fixed-forward' }]);
    expect(strider.critical?.parts).toEqual([{ kind: 'destroyed', hitsAround: { toHit: 5, rangeCm: 5 } }]);
    expect(dataset.weapons.get('star-cannon')!.modes.map((m) => [m.bp, m.mw, m.macroWeapon])).toEqual([
      [2, undefined, true],
      [undefined, 3, false],
    ]);
    expect(dataset.forces.get('wardens')).toMatchObject({ units: ['guard', 'strider'], otherRules: ['brave'] });
    const army = dataset.armies.get('wardens')!;
    expect(army).toMatchObject({ name: 'Warden Host', strategyRating: 3, initiative: { default: 2, strider: 1 } });
    expect(army.formations.map((f) => [f.id, f.points, f.limit ?? '', f.units])).toEqual([
      ['guard-line', 200, '', [{ unit: 'guard', count: 8 }]],
      ['strider', 250, '0–1', [{ unit: 'strider', count: 1 }]],
    ]);
    expect(army.formations[0]!.upgrades).toEqual(['striders']);
    expect(army.upgrades).toEqual([
      expect.objectContaining({ id: 'striders', points: 225, add: [{ unit: 'strider', count: 1 }], repeatable: { max: 2 } }),
    ]);
    // The formation of unknown units is reported by name, with the reason.
    expect(report.unmapped).toContainEqual(
      expect.objectContaining({ kind: 'formation', name: 'Sky Riders', reason: expect.stringContaining('no unit named "Sky Riders"') }),
    );
    expect(report.counts.formations).toEqual({ total: 3, mapped: 2 });
    const rule = (id: string) => report.specialRules.find((r) => r.id === id)!;
    expect(rule('fearless').status).toBe('supported');
    expect(rule('star-shield').status).toBe('unsupported');
    expect(rule('brave').status).toBe('unsupported');
    expect(rule('damage-capacity-2').mappedTo).toBe('unit damageCapacity = 2');
  });

  it('an alternative or a size it cannot field, or prices it cannot match to alternatives, are named; the formation is fielded as its first', () => {
    const list = BASE['_site/_army_lists/wardens.html']!.replace(
      '<tr><td>Sky Riders</td>',
      '<tr><td>Guard Host</td><td>Eight Guard units or four Sky Riders</td><td>None</td><td>200 points</td></tr>' +
        '<tr><td>Guard Wall</td><td>Eight Guard units</td><td>None</td><td>200 or 300 points</td></tr>' +
        '<tr><td>Guard Pair</td><td>Eight Guard units or two Striders</td><td>None</td><td>200 or 450 points</td></tr>' +
        '<tr><td>Guard Band</td><td>Between eight and ten Guard units</td><td>None</td><td>200 points</td></tr>' +
        '<tr><td>Sky Riders</td>',
    );
    const { dataset, report } = importTournamentPack(checkout({ ...BASE, '_site/_army_lists/wardens.html': list }));
    const army = dataset.armies.get('wardens')!;
    const formation = (id: string) => army.formations.find((f) => f.id === id)!;
    expect(formation('guard-host')).toMatchObject({ points: 200, units: [{ unit: 'guard', count: 8 }] });
    expect(formation('guard-host').alternatives).toBeUndefined();
    expect(formation('guard-wall')).toMatchObject({ points: 200, units: [{ unit: 'guard', count: 8 }] });
    const unmapped = report.unmapped.filter((u) => u.kind === 'formation-option').map((u) => [u.id, u.reason]);
    expect(unmapped).toEqual([
      ['wardens/guard-host', expect.stringContaining('alternative "four Sky Riders": no unit named "Sky Riders"')],
      ['wardens/guard-wall', '2 prices (200 or 300 points) for 1 way to field it: fielded as its first, at 200'],
      ['wardens/guard-band', '"between eight and ten Guard units" is fielded with 8; no price per extra unit is printed, so no larger size is offered'],
    ]);
    // "Eight Guard units or two Striders", "200 or 450 points": the Striders at 450.
    expect(formation('guard-pair').alternatives).toEqual([{ id: 'strider', name: 'two Striders', replaces: [{ unit: 'guard', count: 8 }], units: [{ unit: 'strider', count: 2 }], points: 450 }]);
  });

  it('also accepts the _site folder itself', () => {
    const dir = checkout(BASE);
    expect(importTournamentPack(join(dir, '_site')).dataset.units.size).toBe(2);
  });

  it('reads a critical that costs damage whenever one of the unit\'s weapons misses (another weapon\'s name leaves it unsupported), and characters adding their damage capacity and shields', () => {
    const critical = (weaponName: string) =>
      BASE['_site/_units/strider.md']!.replace(
        'Critical Hit Effect: Destroyed. All units within 5cm of the model suffer a hit on a roll of 5+.',
        `Characters added to this unit add their damage capacity and void shields to the unit's respective starting values of each. Critical Hit Effect: The unit takes an extra point of damage and will take an extra point of damage whenever the ${weaponName} misses.`,
      );
    const own = importTournamentPack(checkout({ ...BASE, '_site/_units/strider.md': critical('Star Cannon') })).dataset.units.get('strider')!;
    expect(own.abilities).toEqual(['fearless', 'carriages']);
    expect(own.critical?.parts).toEqual([
      { kind: 'damage', amount: 1 },
      { kind: 'damage-on-miss', weapon: 'Star Cannon', amount: 1 },
    ]);
    const other = importTournamentPack(checkout({ ...BASE, '_site/_units/strider.md': critical('Lance Gun') })).dataset.units.get('strider')!;
    expect(other.critical?.parts).toEqual([
      { kind: 'damage', amount: 1 },
      { kind: 'unsupported', what: other.critical!.text },
    ]);
  });

  it('names the file and the path for a malformed unit', () => {
    const dir = checkout({ ...BASE, '_site/_units/broken.md': '---\nname: Broken\ntype: INF\nweapons:\n  -\n    multiplier: 2\n---\n' });
    const e = inputError(() => importTournamentPack(dir));
    expect(e.problems).toEqual([
      { file: '_site/_units/broken.md', path: 'weapons[0].id', message: 'expected a weapon id (a file name in _weapons without ".md"), got nothing' },
    ]);
  });

  it('names the file and the line for front matter that is not YAML', () => {
    const dir = checkout({ ...BASE, '_site/_units/broken.md': '---\nname: Broken\ntype: [INF\nspeed: 15cm\n---\n' });
    const e = inputError(() => importTournamentPack(dir));
    expect(e.problems).toHaveLength(1);
    expect(e.problems[0]!.file).toBe('_site/_units/broken.md');
    expect(e.problems[0]!.path).toMatch(/^front matter, line [34]$/);
    expect(e.problems[0]!.message).toMatch(/^expected valid YAML/);
  });

  it('names the file when the front matter is missing or a field has the wrong shape', () => {
    const dir = checkout({ ...BASE, '_site/_weapons/plain.md': 'name: Plain\n', '_site/_forces/odd.md': '---\nname: Odd\nunits: guard\n---\n' });
    const e = inputError(() => importTournamentPack(dir));
    expect(e.problems).toEqual([
      { file: '_site/_weapons/plain.md', path: 'line 1', message: 'expected the file to start with a "---" line opening its YAML front matter' },
      { file: '_site/_forces/odd.md', path: 'units', message: 'expected a list, got "guard"' },
    ]);
  });

  it('lists a unit it cannot represent instead of failing', () => {
    const dir = checkout({ ...BASE, '_site/_units/odd.md': '---\nname: Odd\ntype: Monster\nspeed: fast\narmour: 4+\ncc: 4+\nff: 4+\n---\n' });
    const { report, dataset } = importTournamentPack(dir);
    expect(dataset.units.has('odd')).toBe(false);
    expect(report.unmapped).toContainEqual(
      expect.objectContaining({ kind: 'unit', id: 'odd', name: 'Odd', reason: expect.stringMatching(/type "Monster".*speed "fast"/) }),
    );
    expect(report.counts.units).toEqual({ total: 3, mapped: 2 });
  });

  it('refuses a folder that is not a checkout', () => {
    const dir = mkdtempSync(join(tmpdir(), 'epic-balance-tp-empty-'));
    dirs.push(dir);
    const e = inputError(() => importTournamentPack(dir));
    expect(e.problems[0]).toMatchObject({ file: dir, path: '' });
    expect(e.problems[0]!.message).toContain('not a Tournament Pack checkout');
    expect(inputError(() => importTournamentPack(join(dir, 'missing'))).problems[0]!.message).toContain('no such directory');
  });

  it('prints a summary and the unmapped items from the import-tp command, or the report as JSON', async () => {
    const dir = checkout(BASE);
    const out: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      out.push(String(chunk));
      return true;
    });
    try {
      const program = new Command().exitOverride();
      registerImportTp(program);
      await program.parseAsync(['node', 'epic-balance', 'import-tp', dir]);
      const text = out.join('');
      expect(text).toMatch(/units\s+2 \/ 2/);
      expect(text).toMatch(/formations\s+2 \/ 3/);
      expect(text).toContain('Sky Riders [wardens/sky-riders]: no unit named "Sky Riders"');
      out.length = 0;
      await program.parseAsync(['node', 'epic-balance', 'import-tp', dir, '--json']);
      const json = JSON.parse(out.join(''));
      expect(json.counts.armyLists).toEqual({ total: 1, mapped: 1 });
      expect(json.unmapped[0].name).toBe('Sky Riders');
    } finally {
      spy.mockRestore();
    }
  });
});
