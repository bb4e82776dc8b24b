import { describe, expect, it } from 'vitest';
import { describePositions, positionsNotes } from '../../../src/model/boughtPositions.js';
import { parseFormation } from '../../../src/model/formation.js';
import { loadDataset } from '../../../src/model/loadDataset.js';
import { changesAnEngagement, ruleOfNote } from '../../../src/model/ruleReach.js';
import { parseBoughtPositions } from '../../../src/model/tp/positionText.js';
import { describeWithTp } from '../../helpers/tournamentPack.js';
import { GUNS, IW, KW, LEVY, SNIPERS, TRENCH } from '../../helpers/boughtPositionIds.js';

/**
 * Fortified positions a formation buys with an upgrade (schema.ts Upgrade.positions): the Iron
 * Warriors' Emplacements and the Knight World Infantry Platoon's trench and razor wire, as
 * imported and as fielded.
 */


describe('the prose of a positions upgrade', () => {
  it('one gun emplacement for every unit of a class; a trench holding one infantry unit per 4cm, with the razor wire named', () => {
    expect(parseBoughtPositions('Add one gun emplacement for every armoured vehicle unit')).toEqual({ position: 'gun-emplacement', type: 'AV', unplayed: [] });
    expect(parseBoughtPositions('Add up to 52cm of Trench and 52cm of Razor Wire')).toEqual({ position: 'trench', type: 'INF', holds: 13, unplayed: ['razor-wire'] });
    // 30 / 4 = 7.5: seven units fit.
    expect(parseBoughtPositions('Add 30cm of Trench')).toEqual({ position: 'trench', type: 'INF', holds: 7, unplayed: [] });
    expect(parseBoughtPositions('Add 3cm of Trench')).toBeUndefined();
    expect(parseBoughtPositions('Add two Gun Emplacements')).toBeUndefined();
  });
});

describeWithTp('Tournament Pack positions upgrades, imported and fielded', (tpDir) => {
  const data = loadDataset(tpDir);
  const upgrade = (army: string, id: string) => data.armies.get(army)!.upgrades.find((u) => u.id === id)!;
  const takers = (army: string, id: string) => data.armies.get(army)!.formations.filter((f) => f.upgrades.includes(id)).map((f) => f.id).sort();

  it('Emplacements: "Add one gun emplacement for every armoured vehicle unit", +25 points, offered by the three batteries (not the Retinue: "All but ... Emplacements")', () => {
    const e = upgrade(IW, 'emplacements');
    expect(e).toMatchObject({ name: 'Emplacements', points: 25, add: [], remove: [], positions: { position: 'gun-emplacement', type: 'AV', unplayed: [] } });
    expect(e.unsupported).toBeUndefined();
    expect(e.repeatable).toBeUndefined();
    expect(takers(IW, 'emplacements')).toEqual(['artillery-battery', 'daemonic-artillery', 'grand-battery']);
  });

  it('the Knight World trench: "Add up to 52cm of Trench and 52cm of Razor Wire for +50 points", holding 52 / 4 = 13 infantry units, offered by the Infantry Platoon', () => {
    const t = upgrade(KW, TRENCH);
    expect(t).toMatchObject({ points: 50, add: [], positions: { position: 'trench', type: 'INF', holds: 13, unplayed: ['razor-wire'] } });
    expect(t.unsupported).toBeUndefined();
    expect(takers(KW, TRENCH)).toEqual(['infantry-platoon']);
  });

  it('`list` says what each buys', () => {
    expect(describePositions(upgrade(IW, 'emplacements').positions!)).toBe('a gun emplacement for every armoured vehicle unit');
    expect(describePositions(upgrade(KW, TRENCH).positions!)).toBe('a trench holding 13 infantry units, razor-wire (not played)');
  });

  it('an Artillery Battery with Emplacements: its four Basilisks in four gun emplacements, 325 + 25 points, 87.5 a unit; with a Stalker, five', () => {
    const battery = parseFormation(data, `${IW}/artillery-battery+emplacements`);
    expect(battery.points).toBe(350);
    expect(battery.units.map((u) => u.unit.id)).toEqual(['basilisk', 'basilisk', 'basilisk', 'basilisk']);
    expect(battery.units.map((u) => u.points)).toEqual([87.5, 87.5, 87.5, 87.5]);
    expect(battery.positions).toEqual({ upgrade: 'Emplacements', position: 'gun-emplacement', capacity: 4, units: [0, 1, 2, 3], said: '4 gun emplacements' });
    expect(battery.choice).toBe('upgrade Emplacements: 4 gun emplacements; 4 Basilisk stand in them wherever the formation is placed without other cover and does not charge (TP Fortified Positions)');
    // "for every armoured vehicle unit" counts the units fielded, whatever the upgrades' order: the Stalker (AV, +50) too.
    for (const text of [`${IW}/artillery-battery+emplacements+stalker`, `${IW}/artillery-battery+stalker+emplacements`]) {
      const five = parseFormation(data, text);
      expect(five.points).toBe(400);
      expect(five.positions).toMatchObject({ capacity: 5, units: [0, 1, 2, 3, 4], said: '5 gun emplacements' });
      expect(five.units.map((u) => u.points)).toEqual([86.25, 86.25, 86.25, 86.25, 55]);
    }
    expect(parseFormation(data, `${IW}/artillery-battery`).positions).toBeUndefined();
    // A fair cost's notes (its battle's scenes place the formation): who stands in them, and when.
    expect(positionsNotes([battery, parseFormation(data, `${IW}/artillery-battery`)])).toEqual([`Iron Warriors Chaos Space Marine Artillery Battery + Emplacements: ${battery.choice}`]);
  });

  it('an Infantry Platoon at full strength with its trench: 18 infantry units, the first 13 front to back inside (its Levy Command and 12 Infantry Levy)', () => {
    const full = parseFormation(data, `${KW}/infantry-platoon+${LEVY}+${LEVY}+${GUNS}+${GUNS}+${GUNS}+${SNIPERS}+${SNIPERS}+${TRENCH}`);
    // 175 + 2 × 25 (Infantry Levy, two per purchase) + 3 × 25 + 2 × 25 + 50.
    expect(full.points).toBe(400);
    expect(full.units).toHaveLength(18);
    expect(full.units.every((u) => u.unit.type === 'INF')).toBe(true);
    expect(full.positions).toEqual({ upgrade: 'Add up to 52cm of Trench and 52cm of Razor Wire', position: 'trench', capacity: 13, units: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], said: 'a trench holding 13 infantry units' });
    expect(full.units.slice(0, 13).map((u) => u.unit.id)).toEqual(['levy-command', ...Array<string>(12).fill('infantry-levy')]);
    expect(full.units.slice(13).map((u) => u.unit.id)).toEqual(['rapier', 'rapier', 'rapier', 'snipers', 'snipers']);
    // The trench's 50 points go to the 13 inside: 50 / 13 each, on top of their share of the rest.
    expect(full.units[0]!.points).toBeCloseTo(175 / 9 + 50 / 13, 10);
    expect(full.units[12]!.points).toBeCloseTo(25 / 2 + 50 / 13, 10);
    expect(full.units[13]!.points).toBe(25);
    expect(full.units.reduce((s, u) => s + u.points!, 0)).toBeCloseTo(400, 10);
    // As printed, the platoon's nine all fit.
    expect(parseFormation(data, `${KW}/infantry-platoon+${TRENCH}`).positions).toMatchObject({ capacity: 13, units: [0, 1, 2, 3, 4, 5, 6, 7, 8] });
  });

  it('the razor wire is named with every run, as acting through movement (not an engagement-changing gap)', () => {
    const platoon = parseFormation(data, `${KW}/infantry-platoon+${TRENCH}`);
    const wire = platoon.unsupported.filter((n) => ruleOfNote(n) === 'razor-wire');
    expect(wire).toEqual([
      "upgrade Add up to 52cm of Trench and 52cm of Razor Wire: razor-wire: dangerous terrain to infantry crossing it (TP Knight World Fortified Positions): no formation of the model moves through terrain; the trench bought with it is simulated, the formation's infantry standing in it",
    ]);
    expect(changesAnEngagement(wire[0]!)).toBe(false);
    expect(platoon.unsupported.filter(changesAnEngagement)).toEqual([]);
  });
});
