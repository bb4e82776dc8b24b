import { describe, expect, it } from 'vitest';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import { applyCritical } from '../../../src/rulesets/netea/engine/damage.js';
import { saveCode } from '../../../src/rulesets/netea/engine/saves/saveStack.js';
import { firstSave, rerollSave, secondSave } from '../../../src/rulesets/netea/engine/saves/saveCode.js';
import type { CriticalEffect, Unit } from '../../../src/model/schema.js';
import { ScriptedDice } from '../../helpers/scriptedDice.js';
import { engagement, formation, placed, shootStep, unit, weapon, type TestUnit } from '../../helpers/fixtures.js';
import { markShooters } from '../../../src/rulesets/netea/engine/shoot.js';

/**
 * The Tournament Pack's critical-hit effects with forced dice: each test
 * lists every die the effect rolls, in order, and checks all were used.
 */

const effect = (parts: CriticalEffect['parts']): CriticalEffect => ({ text: 'test', parts });
const rolls = (code: number) => [firstSave(code), rerollSave(code), secondSave(code)];

function engine(fields: Partial<Unit>, critical: CriticalEffect): TestUnit {
  return unit('engine', { type: 'WE', armour: 5, cc: 4, ff: 4, damageCapacity: 4, critical, ...fields });
}

/** The war engine first in its formation, `neighbours` beside it 5 cm apart in one rank; an enemy 30 cm away. */
function setUp(we: TestUnit, neighbours: Array<[number, TestUnit]> = []) {
  const runner = new NeteaRunner(
    engagement(
      [placed('enemy', 0, formation('enemy', [[2, unit('trooper', { type: 'INF', armour: 4 })]]), { front: 15 }), placed('own', 1, formation('own', [[1, we], ...neighbours]), { front: 15, spacing: 5 })],
      [shootStep(0, 1)],
    ),
  );
  runner.reset(new ScriptedDice([]));
  return { e: runner.e, u: 2 };
}

function critical(e: ReturnType<typeof setUp>['e'], u: number, dice: number[]): void {
  const rng = new ScriptedDice(dice);
  applyCritical(e, u, false, rng);
  expect(rng.used).toBe(dice.length);
}

describe('TP critical-hit effects (forced dice)', () => {
  it('a Phantom loses its Holofield on its first critical (3+ becomes its 5+ armour, re-rolled); later criticals do a point of damage each', () => {
    const { e, u } = setUp(engine({ abilities: ['holofield', 'reinforced-armour'] }, effect([{ kind: 'loses', what: 'holofield', later: 'damage' }])));
    expect(rolls(saveCode(e, u, 0, false, false))).toEqual([3, 5, 7]);
    critical(e, u, []);
    expect(rolls(saveCode(e, u, 0, false, false))).toEqual([5, 5, 7]);
    expect(e.stDC[u]).toBe(4);
    critical(e, u, []);
    expect(e.stDC[u]).toBe(3);
  });

  it('a Manta loses its deflector (5+) on its first critical, keeping an invulnerable save it also has; a later critical destroys it', () => {
    const { e, u } = setUp(engine({ abilities: ['deflector-shield', 'invulnerable-save'] }, effect([{ kind: 'loses', what: 'deflector-shield', later: 'destroyed' }])));
    expect(secondSave(saveCode(e, u, 0, false, false))).toBe(5);
    critical(e, u, []);
    expect(secondSave(saveCode(e, u, 0, false, false))).toBe(6);
    critical(e, u, []);
    expect(e.stAlive[u]).toBe(0);
  });

  it('macro-weapon hits around on 4+: the neighbour 5 cm away is hit on a 4 and has no save; the one 10 cm away is out of range', () => {
    const trooper = unit('own-trooper', { type: 'INF', armour: 4 });
    const { e, u } = setUp(engine({}, effect([{ kind: 'hits-around', hitsAround: { toHit: 4, rangeCm: 5, hit: 'macro-weapon' } }])), [[2, trooper]]);
    critical(e, u, [4]);
    expect([e.stAlive[u + 1], e.stAlive[u + 2]]).toEqual([0, 1]);
    expect(e.stDC[u]).toBe(4);
  });

  it('a Titan Killer hit on itself and the units around (Abattoir): itself hit on a 4, its Living Metal 4+ fails on a 3, one point of damage with a critical roll of 1; the neighbour missed on a 3', () => {
    const trooper = unit('own-trooper', { type: 'INF', armour: 4 });
    const { e, u } = setUp(engine({ abilities: ['living-metal'] }, effect([{ kind: 'hits-around', hitsAround: { toHit: 4, rangeCm: 5, hit: 'titan-killer', includesSelf: true } }])), [[1, trooper]]);
    critical(e, u, [4, 3, 1, 3]);
    expect(e.stDC[u]).toBe(3);
    expect(e.stAlive[u + 1]).toBe(1);
  });

  it('an AP5+ attack around hits infantry only: the tank beside it rolls nothing, the infantry is hit on a 5 and fails its 4+ save on a 2', () => {
    const tank = unit('own-tank', { type: 'AV', armour: 4 });
    const trooper = unit('own-trooper', { type: 'INF', armour: 4 });
    const { e, u } = setUp(engine({}, effect([{ kind: 'hits-around', hitsAround: { toHit: 5, rangeCm: 10, hit: 'ap' } }])), [[1, tank], [1, trooper]]);
    critical(e, u, [5, 2]);
    expect([e.stAlive[u + 1], e.stAlive[u + 2]]).toEqual([1, 0]);
  });

  it('a Dark Eldar barge loses its weapons: it can no longer shoot, and fights with the firefight value left (6+) or none; a later critical destroys it', () => {
    const lance = weapon('lance', [{ range: 60, at: 4 }]);
    const barge = unit('barge', { type: 'WE', armour: 5, cc: 4, ff: 4, damageCapacity: 4, critical: effect([{ kind: 'disarmed', firefight: 6, later: 'destroyed' }]) }, [{ weapon: lance }]);
    const { e, u } = setUp(barge);
    expect(markShooters(e, 1, 30, false, false)).toBe(1);
    critical(e, u, []);
    expect(e.stDisarmed[u]).toBe(6);
    expect(markShooters(e, 1, 30, false, false)).toBe(0);
    critical(e, u, []);
    expect(e.stAlive[u]).toBe(0);
  });

  it('hits around meet void shields first (RB 5.4.1): the neighbouring titan\'s shield stops the hit, no save rolled, no damage', () => {
    const titan = unit('own-titan', { type: 'WE', armour: 5, cc: 4, ff: 4, damageCapacity: 3, voidShields: 1 });
    const { e, u } = setUp(engine({}, effect([{ kind: 'hits-around', hitsAround: { toHit: 4, rangeCm: 5 } }])), [[1, titan]]);
    critical(e, u, [4]);
    expect([e.stShields[u + 1], e.stDC[u + 1]]).toEqual([0, 3]);
  });

  it('Colossus: the first critical costs a point of damage (its immobilisation is named, not played); a subsequent one destroys it and hits the units within 5 cm on 4+', () => {
    const colossus = effect([{ kind: 'damage', amount: 1 }, { kind: 'movement', what: 'is immobilized' }, { kind: 'subsequent' }, { kind: 'destroyed', hitsAround: { toHit: 4, rangeCm: 5 } }]);
    const trooper = unit('own-trooper', { type: 'INF', armour: 4 });
    const { e, u } = setUp(engine({}, colossus), [[1, trooper]]);
    critical(e, u, []);
    expect([e.stAlive[u], e.stDC[u]]).toEqual([1, 3]);
    critical(e, u, [4, 2]);
    expect([e.stAlive[u], e.stAlive[u + 1]]).toEqual([0, 0]);
  });

  it('Tormentor: its first critical only slows it; each subsequent one costs a point of damage', () => {
    const { e, u } = setUp(engine({}, effect([{ kind: 'movement', what: 'speed reduced' }, { kind: 'subsequent' }, { kind: 'damage', amount: 1 }])));
    critical(e, u, []);
    expect(e.stDC[u]).toBe(4);
    critical(e, u, []);
    critical(e, u, []);
    expect(e.stDC[u]).toBe(2);
  });

  it('Leviathan and Plague Tower: a point of damage and D3 of the units it carries destroyed with no save (a D3 of 2 from a die of 3), Blast markers for each', () => {
    const carrier = engine({ transport: 4, abilities: ['transport'] }, effect([{ kind: 'damage', amount: 1 }, { kind: 'passengers-killed', count: 'D3' }]));
    const trooper = unit('own-trooper', { type: 'INF', armour: 3 });
    const runner = new NeteaRunner(
      engagement(
        [placed('enemy', 0, formation('enemy', [[2, unit('trooper', { type: 'INF', armour: 4 })]]), { front: 15 }), { ...placed('own', 1, formation('own', [[1, carrier], [4, trooper]]), { front: 15 }), embarked: true }],
        [shootStep(0, 1)],
      ),
    );
    runner.reset(new ScriptedDice([]));
    const e = runner.e;
    critical(e, 2, [3]);
    expect(e.stDC[2]).toBe(3);
    expect([3, 4, 5, 6].map((p) => e.stAlive[p])).toEqual([1, 1, 0, 0]);
    expect(e.fPendingBm[1]).toBe(3);
  });

  it('Steam Gargant: the units within a rolled 2D6 cm are hit: the neighbour 5 cm away is out of reach on a 1+3, in reach on a 2+3', () => {
    const gargant = effect([{ kind: 'hits-around', hitsAround: { toHit: 1, rangeCm: 12, rangeRoll: '2D6' } }]);
    const trooper = unit('own-trooper', { type: 'INF', armour: 4 });
    const a = setUp(engine({}, gargant), [[1, trooper]]);
    critical(a.e, a.u, [1, 3]);
    expect(a.e.stAlive[a.u + 1]).toBe(1);
    const b = setUp(engine({}, gargant), [[1, trooper]]);
    critical(b.e, b.u, [2, 3, 1, 2]);
    expect(b.e.stAlive[b.u + 1]).toBe(0);
  });

  it('Ordinatus Majoris: every formation of its side takes a Blast marker; the enemy takes none', () => {
    const { e, u } = setUp(engine({}, effect([{ kind: 'friendly-blast-markers' }])));
    critical(e, u, []);
    expect([e.fPendingBm[0], e.fPendingBm[1]]).toEqual([0, 1]);
  });

  it('a D6 table (bio-titans): a 6 costs another point of damage; a 1 hits the units around on 6+', () => {
    const table = effect([{ kind: 'd6-table', outcomes: [{ faces: [1], hitsAround: { toHit: 6, rangeCm: 5 } }, { faces: [6], damage: 1 }] }]);
    const trooper = unit('own-trooper', { type: 'INF', armour: 4 });
    const a = setUp(engine({}, table), [[1, trooper]]);
    critical(a.e, a.u, [6]);
    expect(a.e.stDC[a.u]).toBe(3);
    const b = setUp(engine({}, table), [[1, trooper]]);
    critical(b.e, b.u, [1, 6, 3]);
    expect(b.e.stDC[b.u]).toBe(4);
    expect(b.e.stAlive[b.u + 1]).toBe(0);
  });
});
