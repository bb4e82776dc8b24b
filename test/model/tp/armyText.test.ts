import { describe, expect, it } from 'vitest';
import type { Unit } from '../../../src/model/schema.js';
import { parseComposition, parseCost, splitLimit } from '../../../src/model/tp/armyText.js';
import { parseUpgradeEffect, splitInline } from '../../../src/model/tp/upgradeText.js';
import { UnitResolver } from '../../../src/model/tp/names.js';
import { slug } from '../../../src/model/tp/text.js';

// A synthetic force: the names are made up, the grammar is the Tournament Pack's.
const unit = (name: string, type: Unit['type'] = 'INF'): Unit => ({
  id: slug(name),
  name,
  aliases: [],
  type,
  speed: 15,
  armour: 4,
  cc: 4,
  ff: 4,
  abilities: [],
  weapons: [],
  otherRules: [],
  ...(type === 'WE' ? { damageCapacity: 3 } : {}),
});
const units = [
  unit('Trooper'),
  unit('Heavy Trooper'),
  unit('Sergeant'),
  unit('Hover Tank', 'AV'),
  unit('Hover Tank Lancer', 'AV'),
  unit('Walker Titan', 'WE'),
  unit('Stormcrow Bomber', 'AC'),
  unit('Carrier', 'AV'),
  unit('Captain', 'CH'),
  unit('Priest', 'CH'),
  unit('Lord of Hammers', 'WE'),
  unit('Multi-laser Bike', 'LV'),
  unit('Storm Class Titan', 'WE'),
  unit('Fire Class Titan', 'WE'),
];
const resolver = new UnitResolver(units);
const groups = { unitsOfGroup: () => undefined };
const comp = (s: string) => parseComposition(s, resolver, groups);

describe('parseComposition', () => {
  it('reads counted units written in prose', () => {
    const c = comp('Six Trooper units plus transport');
    expect(c.units).toEqual([{ unit: 'trooper', count: 6 }]);
    expect(c.notes).toContain('plus transport');
    expect(c.problems).toEqual([]);
    expect(comp('One Sergeant unit, twelve Troopers and seven Carriers').units).toEqual([
      { unit: 'sergeant', count: 1 },
      { unit: 'trooper', count: 12 },
      { unit: 'carrier', count: 7 },
    ]);
  });
  it('reads "any N of the following units" as a choice with the first as default', () => {
    const c = comp('Any five of the following units: Hover Tank, Hover Tank Lancer');
    expect(c.units).toEqual([{ unit: 'hover-tank', count: 5 }]);
    expect(c.choices).toEqual([{ count: 5, from: ['hover-tank', 'hover-tank-lancer'] }]);
  });
  it('reads alternatives and shared name tails', () => {
    expect(comp('Three Hover Tanks or Hover Tank Lancers').choices).toEqual([{ count: 3, from: ['hover-tank', 'hover-tank-lancer'] }]);
    expect(comp('One Storm or Fire Class Titan').choices).toEqual([{ count: 1, from: ['storm-class-titan', 'fire-class-titan'] }]);
    expect(comp('One Trooper or Dragon').problems).toEqual(['no unit named "Dragon" in the list\'s forces']);
  });
  it('puts characters with the formation, not among its units', () => {
    const c = comp('Eight Troopers, one with a Captain or Priest character');
    expect(c.units).toEqual([{ unit: 'trooper', count: 8 }]);
    expect(c.characters).toEqual([{ count: 1, from: ['captain', 'priest'] }]);
  });
  it('reads "up to", "between" and irregular plurals', () => {
    expect(comp('Up to two Lords of Hammers').units).toEqual([{ unit: 'lord-of-hammers', count: 1 }]);
    expect(comp('Between four and six Heavy Troopers').units).toEqual([{ unit: 'heavy-trooper', count: 4 }]);
  });
  it('reads a list name with an extra kind of unit or a typo, and says so', () => {
    const c = comp('Two Stormcrow Bombers');
    expect(c.units).toEqual([{ unit: 'stormcrow-bomber', count: 2 }]);
    const t = comp('Five Mutli-laser Bikes');
    expect(t.units).toEqual([{ unit: 'multi-laser-bike', count: 5 }]);
    expect(t.corrections[0]).toContain('spelling');
  });
  it('reports names it cannot resolve; fields a rolled count as its expected value and says so', () => {
    expect(comp('Four Dragons').problems[0]).toContain('no unit named "Dragons"');
    const rolled = comp('3+2D6 Troopers');
    expect(rolled.problems).toEqual([]);
    expect(rolled.units).toEqual([{ unit: 'trooper', count: 10 }]);
    expect(rolled.notes).toContain('"3+2D6 Troopers" fielded as 10, the expected number (3 + 2 × 3.5); the list rolls it when the formation arrives');
  });
});

describe('parseUpgradeEffect', () => {
  const up = (s: string, each = false) => parseUpgradeEffect(s, each, resolver, groups);
  it('reads "Add up to N ..." priced each as a repeatable upgrade', () => {
    const u = up('Add up to two Heavy Troopers', true);
    expect(u.add).toEqual([{ unit: 'heavy-trooper', count: 1 }]);
    expect(u.repeatable).toEqual({ max: 2 });
  });
  it('reads replacements with an equal number of alternatives', () => {
    const u = up('Replace up to five Hover Tanks with an equal number of Hover Tank Lancers or Carriers', true);
    expect(u.remove).toEqual([{ unit: 'hover-tank', count: 1 }]);
    expect(u.add).toEqual([{ unit: 'hover-tank-lancer', count: 1 }]);
    expect(u.choices).toEqual([{ count: 1, from: ['hover-tank-lancer', 'carrier'] }]);
    expect(u.repeatable).toEqual({ max: 5 });
  });
  it('reads a character joining a unit of the formation', () => {
    const u = up('Add any one of the following characters to any unit in the formation: Captain, Priest');
    expect(u.character).toBe('captain');
    expect(u.choices).toEqual([{ count: 1, from: ['captain', 'priest'] }]);
    expect(u.add).toEqual([]);
  });
  it('reads transports added as needed', () => {
    const u = up('Add any number of Carriers, up to the number required to transport the formation', true);
    expect(u.add).toEqual([{ unit: 'carrier', count: 1 }]);
    expect(u.repeatable).toEqual({});
  });
  it('reads "Give ..." as a rule given to units: which rule, whom, how often', () => {
    const snipers = up('Give up to four Trooper units Sniper', true);
    expect(snipers.grant).toEqual({ rule: 'sniper', unit: 'trooper', count: 1 });
    expect(snipers.repeatable).toEqual({ max: 4 });
    expect(snipers.unsupported).toBeUndefined();
    expect(up('Give all infantry units in the formation Self Planetfall').grant).toEqual({ rule: 'self-planetfall', type: 'INF' });
    expect(up('Give a Heavy Trooper Supreme Commander').grant).toEqual({ rule: 'supreme-commander', unit: 'heavy-trooper', count: 1 });
    expect(up('Give all units in the formation Self-Reliant').grant).toEqual({ rule: 'self-reliant' });
    expect(up('Give up to four Grenadier units Sniper', true).problems).toEqual(['no unit named "Grenadier" in the list\'s forces']);
  });
  it('marks what it cannot express as unsupported', () => {
    expect(up('give the formation a pep talk').unsupported).toBe('gives units a rule whose name cannot be read in "the formation a pep talk"');
    expect(up('The formation may call down lightning').unsupported).toContain('rule');
  });
});

describe('costs, limits and inline upgrades', () => {
  it('splits two alternatives priced "+a or +b points, respectively" into two upgrades', () => {
    // TP Alaitoc Aspect Warrior extras; Squat Warrior Brotherhood extras.
    expect(splitInline('Add up to one Autarch character per army or one Exarch character to an infantry unit for +75 or +25 points, respectively')).toEqual([
      { effect: 'Add up to one Autarch character per army to an infantry unit', cost: '+75 points', label: 'up to one Autarch character per army' },
      { effect: 'Add one Exarch character to an infantry unit', cost: '+25 points', label: 'one Exarch character' },
    ]);
    expect(splitInline('Add the number of Termites or Moles required to transport the formation for +10 or +25 points each, respectively')).toEqual([
      { effect: 'Add the number of Termites required to transport the formation', cost: '+10 points each', label: 'Termites' },
      { effect: 'Add the number of Moles required to transport the formation', cost: '+25 points each', label: 'Moles' },
    ]);
  });

  it('parses costs', () => {
    expect(parseCost('275 points')).toMatchObject({ points: 275, each: false });
    expect(parseCost('+50 points each')).toMatchObject({ points: 50, each: true });
    expect(parseCost('Free')).toMatchObject({ points: 0 });
    expect(parseCost('(+100 or +150 points)')).toMatchObject({ points: 100, notes: ['or +150 points'] });
    expect(parseCost('+25 points for two')).toMatchObject({ points: 25, forCount: 2 });
    // "+5 points per unit" (Dreadclaws): a price for each unit of the formation; "per 4 DC" (the Kart) per DC of the unit it joins.
    expect(parseCost('+5 points per unit')).toEqual({ points: 5, each: false, perFormationUnit: true, notes: ['per unit'] });
    expect(parseCost('+25 points per 4 DC')).toMatchObject({ points: 25, perDamageCapacity: 4, notes: ['per 4 DC'] });
    expect(parseCost('+25 points per 4 DC').unsupported).toBeUndefined();
    expect(parseCost('50 points each per Hover Tank 75 points each per Carrier').perUnit).toEqual([
      { name: 'Hover Tank', points: 50 },
      { name: 'Carrier', points: 75 },
    ]);
  });
  it('splits limits off formation names', () => {
    expect(splitLimit('0–1 Strike Barge')).toEqual({ name: 'Strike Barge', limit: '0–1' });
    expect(splitLimit('0–1 Scouts per Main Host')).toEqual({ name: 'Scouts', limit: '0–1 per Main Host' });
    expect(splitLimit('1+ Great Host')).toEqual({ name: 'Great Host', limit: '1+' });
    expect(splitLimit('Tactical')).toEqual({ name: 'Tactical' });
  });
  it('splits inline upgrades into effect and cost', () => {
    expect(splitInline('Add any number of the following units for +25 points each: Trooper, Carrier')).toEqual([
      { effect: 'Add any number of the following units: Trooper, Carrier', cost: '+25 points each' },
    ]);
    expect(splitInline('Add one Captain character for +25 points or one Priest per army for +200 points')).toEqual([
      { effect: 'Add one Captain character', cost: '+25 points' },
      { effect: 'Add one Priest per army', cost: '+200 points' },
    ]);
  });
});
