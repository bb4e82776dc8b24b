import { describe, expect, it } from 'vitest';
import { extractCritical, parseCritical } from '../../../src/model/tp/criticals.js';

// Synthetic effects written in the Tournament Pack's wording (not copied from its files).
describe('parseCritical', () => {
  it('reads "destroyed" with the hits around the wreck', () => {
    expect(parseCritical('Destroyed. All units within 10cm of the model suffer a hit on a roll of 5+.').parts).toEqual([
      { kind: 'destroyed', hitsAround: { toHit: 5, rangeCm: 10 } },
    ]);
    expect(parseCritical('The unit is destroyed.').parts).toEqual([{ kind: 'destroyed' }]);
    expect(parseCritical('The unit and all units on board are destroyed. All units within 5cm suffer a hit.').parts).toEqual([
      { kind: 'destroyed', hitsAround: { toHit: 1, rangeCm: 5 } },
    ]);
  });
  it('reads what the first critical does and what subsequent ones do', () => {
    expect(parseCritical('The unit takes an extra point of damage and is immobilised. Subsequent critical hits destroy the unit and all units within 10cm of the model suffer a hit on a roll of 5+.').parts).toEqual([
      { kind: 'damage', amount: 1 },
      { kind: 'movement', what: 'The unit takes an extra point of damage and is immobilised.' },
      { kind: 'subsequent' },
      { kind: 'destroyed', hitsAround: { toHit: 5, rangeCm: 10 } },
    ]);
    expect(parseCritical("The unit's speed value is reduced to 20cm and it loses the Skimmer ability. Subsequent critical hits cause an extra point of damage.").parts).toEqual([
      { kind: 'movement', what: "The unit's speed value is reduced to 20cm and it loses the Skimmer ability." },
      { kind: 'subsequent' },
      { kind: 'damage', amount: 1 },
    ]);
    expect(parseCritical('The unit loses Portal. Subsequent critical hits destroy the unit.').parts).toEqual([{ kind: 'movement', what: 'The unit loses Portal.' }, { kind: 'subsequent' }, { kind: 'destroyed' }]);
  });
  it('reads passengers killed, a rolled range, Blast markers for friends and random moves', () => {
    expect(parseCritical("The unit takes a point of damage and 2 units of the player's choice that are being transported are destroyed.").parts).toEqual([
      { kind: 'damage', amount: 1 },
      { kind: 'passengers-killed', count: 2 },
    ]);
    expect(parseCritical('The unit is destroyed. All units within 3D6cm suffer a hit.').parts).toEqual([{ kind: 'destroyed', hitsAround: { toHit: 1, rangeCm: 18, rangeRoll: '3D6' } }]);
    expect(parseCritical('All units within 10cm of the model suffer a hit on a roll of 6+ and all Imperial Guard formations with a unit with a line of fire to the Baneblade receive a Blast marker.').parts).toEqual([
      { kind: 'hits-around', hitsAround: { toHit: 6, rangeCm: 10 } },
      { kind: 'friendly-blast-markers' },
    ]);
    expect(parseCritical('Move the unit 2D6cm in a random direction. If it moves into impassable terrain it will stop. All units it moves into or over suffer a hit. The unit is destroyed.').parts).toEqual([
      { kind: 'movement', what: 'Move the unit 2D6cm in a random direction. If it moves into impassable terrain it will stop. All units it moves into or over suffer a hit.' },
      { kind: 'destroyed' },
    ]);
  });
  it('reads damage whenever a named weapon misses, and a random character removed or the unit destroyed without one', () => {
    expect(parseCritical('The unit takes an extra point of damage and will take an extra point of damage whenever the Doom Cannon misses. Subsequent critical hits destroy the unit.').parts).toEqual([
      { kind: 'damage', amount: 1 },
      { kind: 'damage-on-miss', weapon: 'Doom Cannon', amount: 1 },
      { kind: 'subsequent' },
      { kind: 'destroyed' },
    ]);
    const carriage = "Choose a random character added to this unit and remove it, remembering to reduce the unit's starting damage capacity and void shields values.";
    expect(parseCritical(`${carriage} The unit is immobilised. If the unit doesn't have any characters added to it, then it is destroyed.`).parts).toEqual([
      { kind: 'loses-character' },
      { kind: 'movement', what: 'The unit is immobilised.' },
    ]);
    expect(parseCritical(`${carriage} If the unit doesn't have any characters added to it then it is destroyed.`).parts).toEqual([{ kind: 'loses-character' }]);
    // Without the sentence saying what happens with no character left, the removal stays unsupported.
    expect(parseCritical(carriage).parts).toEqual([{ kind: 'unsupported', what: carriage }]);
  });
  it('reads passengers that survive on a roll', () => {
    expect(parseCritical('The unit is destroyed and all units being carried are destroyed unless they roll a 5+.').parts).toEqual([
      { kind: 'destroyed', passengersSurviveOn: [5, 6] },
    ]);
  });
  it('reads a plasma reactor breach', () => {
    const text =
      "The unit's plasma reactor has been breached. Roll a D6 for each breach on the unit in the end phase of each turn. " +
      'On a roll of 1 the unit is destroyed and all units within 10cm suffer a hit on a roll of 3+, and on a roll of 5–6 the breach has been repaired. ' +
      'Any breach not repaired causes one point of damage.';
    expect(parseCritical(text).parts).toEqual([
      { kind: 'reactor', destroyedOn: [1], damageOn: [2, 3, 4], repairedOn: [5, 6], hitsAround: { toHit: 3, rangeCm: 10 } },
    ]);
  });
  it('reads fires', () => {
    const text =
      'The unit catches fire. Roll a D6 for each fire burning on the unit in the end phase of each turn. ' +
      'On a roll of 1 a second fire starts, and on a roll of 4–6 the fire is put out. Any fires not put out cause one point of damage.';
    expect(parseCritical(text).parts).toEqual([{ kind: 'fire', spreadOn: [1], outOn: [4, 5, 6] }]);
  });
  it('reads a stagger with damage, destruction when blocked and hits on contact', () => {
    const text =
      'The unit takes a point of damage and is moved 2D6cm in a random direction. If this move takes the titan into impassable terrain ' +
      "or another unit it can't move over then it stops immediately and is destroyed. All units it moves into or over suffer a hit on a roll of 5+.";
    expect(parseCritical(text).parts).toEqual([
      { kind: 'damage', amount: 1 },
      { kind: 'stagger', distance: '2D6', onBlocked: 'destroyed', hitsOnContact: 5 },
    ]);
  });
  it('reads a stagger that only damages when blocked', () => {
    const text =
      'Move the unit D6cm in a random direction. If it moves into impassable terrain or another unit it can’t move over it will stop and suffer one point of damage.';
    expect(parseCritical(text).parts).toEqual([{ kind: 'stagger', distance: 'D6', onBlocked: 'damage' }]);
  });
  it('reads a to-hit penalty with extra damage on later criticals', () => {
    expect(parseCritical('The unit suffers a -2 to hit modifier for the rest of the game. Subsequent critical hits cause an extra point of damage.').parts).toEqual([
      { kind: 'to-hit-penalty', amount: 2, laterCriticalDamage: 1 },
    ]);
  });
  it('keeps what it does not recognise as unsupported text', () => {
    expect(parseCritical('The unit takes an extra point of damage and its main gun jams.').parts).toEqual([
      { kind: 'damage', amount: 1 },
      { kind: 'unsupported', what: 'The unit takes an extra point of damage and its main gun jams.' },
    ]);
    // What follows an unrecognised sentence is still read.
    expect(parseCritical('The unit loses its shield. Subsequent critical hits destroy the unit.').parts).toEqual([
      { kind: 'unsupported', what: 'The unit loses its shield.' },
      { kind: 'subsequent' },
      { kind: 'destroyed' },
    ]);
  });
});

describe('parseCritical: the TP\'s lost saves, hits around and D6 tables', () => {
  it('reads a lost Holofield or deflector and what later criticals do', () => {
    expect(parseCritical('The unit loses the Holofield ability save for the rest of the game. Subsequent critical hits cause an extra point of damage.').parts).toEqual([
      { kind: 'loses', what: 'holofield', later: 'damage' },
    ]);
    expect(parseCritical('The unit looses Tau deflector shield. Subsequent critical hits destroy the unit.').parts).toEqual([
      { kind: 'loses', what: 'deflector-shield', later: 'destroyed' },
    ]);
  });
  it('reads a war engine losing its weapons, with or without a firefight value left', () => {
    expect(parseCritical('The unit loses all of its weapons and has no close combat and firefight values. Subsequent critical hits destroy the unit.').parts).toEqual([
      { kind: 'disarmed', firefight: null, later: 'destroyed' },
    ]);
    expect(parseCritical('The unit loses all of its weapons, has no close combat value and a firefight value of 5+.').parts).toEqual([{ kind: 'disarmed', firefight: 5 }]);
  });
  it('reads hits around of every kind, the war engine left standing', () => {
    expect(parseCritical('All units within 10cm suffer a macro-weapon hit on a roll of 5+.').parts).toEqual([
      { kind: 'hits-around', hitsAround: { toHit: 5, rangeCm: 10, hit: 'macro-weapon' } },
    ]);
    expect(parseCritical('All units within 3cm take a MW5+ hit.').parts).toEqual([{ kind: 'hits-around', hitsAround: { toHit: 5, rangeCm: 3, hit: 'macro-weapon' } }]);
    expect(parseCritical('The unit and all units within 10cm of the unit suffer a titan killer hit on a roll of 5+.').parts).toEqual([
      { kind: 'hits-around', hitsAround: { toHit: 5, rangeCm: 10, hit: 'titan-killer', includesSelf: true } },
    ]);
    expect(parseCritical('All units within 10cm are subject to an AP4+ attack.').parts).toEqual([{ kind: 'hits-around', hitsAround: { toHit: 4, rangeCm: 10, hit: 'ap' } }]);
  });
  it('keeps the clause of hits around it cannot read as unsupported, beside the hits', () => {
    const text = 'All units within 10cm of the model suffer a hit on a roll of 4+ and all friendly formations receive a Blast marker.';
    expect(parseCritical(text).parts).toEqual([
      { kind: 'hits-around', hitsAround: { toHit: 4, rangeCm: 10 } },
      { kind: 'unsupported', what: text },
    ]);
  });
  it('reads a D6 table of hits around and extra damage; an outcome in other words stays unsupported', () => {
    expect(parseCritical('Roll a D6, on a roll of 1-2 all units within 10cm take a hit on a roll of 5+, and on a roll of 6 the unit loses another point of damage.').parts).toEqual([
      { kind: 'd6-table', outcomes: [{ faces: [1, 2], hitsAround: { toHit: 5, rangeCm: 10 } }, { faces: [6], damage: 1 }] },
    ]);
    const other = 'Roll a D6, on a roll of 1 all units within 10cm take a hit on a roll of 5+, and on a roll of 6 the unit forgets its orders.';
    expect(parseCritical(other).parts).toEqual([
      { kind: 'd6-table', outcomes: [{ faces: [1], hitsAround: { toHit: 5, rangeCm: 10 } }] },
      { kind: 'unsupported', what: other },
    ]);
  });
});

describe('extractCritical', () => {
  it('takes the effect out of the notes and stops at sentences about something else', () => {
    const c = extractCritical('Walks over small things. Critical Hit Effect: Destroyed. Armed with either a Big Gun or a Small Gun.');
    expect(c.text).toBe('Destroyed.');
    expect(c.critical?.parts).toEqual([{ kind: 'destroyed' }]);
  });
  it('returns nothing for notes without an effect', () => {
    expect(extractCritical('May transport two infantry units.')).toEqual({});
    expect(extractCritical(undefined)).toEqual({});
  });
});
