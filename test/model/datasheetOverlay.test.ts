import { describe, expect, it } from 'vitest';
import { applyOverlay } from '../../src/model/datasheetOverlay.js';
import { parseFormation } from '../../src/model/formation.js';
import { InputError } from '../../src/model/inputError.js';
import { loadBuiltinDataset } from '../../src/model/loadDatasheets.js';

const SOURCE = { file: 'proposal.json', sha256: 'ab'.repeat(32) };

/** The problems applyOverlay finds, as "path: message". */
function problems(json: unknown): string[] {
  try {
    applyOverlay(loadBuiltinDataset(), json, SOURCE);
  } catch (e) {
    if (e instanceof InputError) return e.problems.map((p) => `${p.file}: ${p.path}: ${p.message}`);
    throw e;
  }
  throw new Error('expected problems');
}

const PLASMA = {
  weapons: [{ id: 'plasma-cannon', name: 'Plasma Cannon', modes: [{ range: 30, ap: 4, at: 4 }] }],
  units: [{ id: 'plasma-devastator', name: 'Plasma Devastator', type: 'INF', speed: 15, armour: 4, cc: 5, ff: 3, weapons: [{ weapon: 'plasma-cannon', multiplier: 2 }] }],
  forces: [{ id: 'space-marine', units: ['plasma-devastator'] }],
  armies: [{ id: 'codex-astartes', formations: [{ id: 'plasma-devastator-detachment', name: 'Plasma Devastator', units: [{ unit: 'plasma-devastator', count: 4 }], points: 275 }] }],
};

describe('applyOverlay: a datasheet overlay laid over a data set', () => {
  it('adds a new weapon, unit and formation, and the unit takes its force\'s army rules; the data set it was laid over is untouched', () => {
    const base = loadBuiltinDataset();
    const data = applyOverlay(base, PLASMA, SOURCE);
    const f = parseFormation(data, 'codex-astartes/plasma-devastator-detachment');
    expect(f.points).toBe(275);
    expect(f.units.map((u) => u.unit.id)).toEqual(Array(4).fill('plasma-devastator'));
    expect(data.unitForce.get('plasma-devastator')?.rules).toContain('they-shall-know-no-fear');
    // The force keeps its own units: an overlay adds to a force's units.
    expect(data.forces.get('space-marine')!.units).toEqual([...base.forces.get('space-marine')!.units, 'plasma-devastator']);
    expect(data.version).toBe(`${base.version} + proposal.json sha256:${'ab'.repeat(6)}`);
    expect(data.overlays).toEqual([SOURCE]);
    expect(base.units.has('plasma-devastator')).toBe(false);
    expect(() => parseFormation(base, 'codex-astartes/plasma-devastator-detachment')).toThrow(InputError);
  });

  it('changes only the fields an entry gives: a formation\'s cost, a weapon\'s profile', () => {
    const base = loadBuiltinDataset();
    const data = applyOverlay(base, { weapons: [{ id: 'missile-launcher', modes: [{ range: 45, ap: 3, at: 6 }] }], armies: [{ id: 'codex-astartes', formations: [{ id: 'devastator-detachment', points: 200 }] }] }, SOURCE);
    const before = base.armies.get('codex-astartes')!.formations.find((f) => f.id === 'devastator-detachment')!;
    const after = data.armies.get('codex-astartes')!.formations.find((f) => f.id === 'devastator-detachment')!;
    expect(after).toEqual({ ...before, points: 200 });
    const weapon = data.weapons.get('missile-launcher')!;
    expect(weapon.name).toBe(base.weapons.get('missile-launcher')!.name);
    expect(weapon.modes).toHaveLength(1);
    expect(weapon.modes[0]).toMatchObject({ range: 45, ap: 3, at: 6, kind: 'ranged', shots: 1 });
    // The formations keep their order (list, audit chunks), the army its other fields.
    expect(data.armies.get('codex-astartes')!.formations.map((f) => f.id)).toEqual(base.armies.get('codex-astartes')!.formations.map((f) => f.id));
    expect(data.armies.get('codex-astartes')!.name).toBe(base.armies.get('codex-astartes')!.name);
  });

  it('bad overlays: each problem names the file, the path inside it (the overlay\'s own indices) and what was expected', () => {
    expect(problems({ units: [{ id: 'devastator', speed: 'fast' }] })).toEqual(['proposal.json: units[0].speed: Invalid input: expected number, received string']);
    expect(problems({ unitz: [] })).toEqual(['proposal.json: : Unrecognized key: "unitz"; expected only $schema, source, weapons, units, forces, armies']);
    expect(problems({ units: [{ id: 'devastator', speeed: 3 }] })[0]).toMatch(/^proposal\.json: units\[0\]: Unrecognized key: "speeed"; expected only id, name, aliases, type, speed, /);
    expect(problems({ units: [{ id: 'new-guy', name: 'X', type: 'INF', speed: 15, armour: 4, ff: 3 }] })).toEqual(['proposal.json: units[0].cc: Invalid input: expected number, received undefined']);
    expect(problems({ weapons: [{ id: 'Bad Id' }] })[0]).toMatch(/^proposal\.json: weapons\[0\]\.id: /);
    expect(problems({ armies: [{ id: 'codex-astartes', formations: [{ id: 'tactical-detachment', points: 300 }, { id: 'devastator-detachment', units: [{ unit: 'nope', count: 2 }] }] }] })).toEqual(['proposal.json: armies[0].formations[1].units[0].unit: unknown unit id "nope"']);
    expect(problems({ units: [{ id: 'tactical', speed: 20 }], forces: [], weapons: [{ id: 'bolters', name: 'Bolters', modes: [{ range: 30 }] }, { id: 'bolters', name: 'Bolters', modes: [{ range: 30 }] }] })).toEqual(['proposal.json: weapons[1].id: "bolters" is given twice in this file; expected each id once']);
    expect(problems({ ...PLASMA, forces: [] })).toEqual([
      'proposal.json: units[0].id: the new unit "plasma-devastator" is in no force, so no army-wide rule would apply to it; expected it in a force\'s "units" (e.g. "forces": [{ "id": "imperial-guard", "units": ["plasma-devastator"] }])',
    ]);
    expect(problems({ armies: [{ id: 'new-army', name: 'New' }] })[0]).toMatch(/^proposal\.json: armies\[0\]\.strategyRating: Invalid input: expected number/);
  });
});
