import { describe, expect, it } from 'vitest';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import { applyCritical } from '../../../src/rulesets/netea/engine/damage.js';
import { damageWarEngine } from '../../../src/rulesets/netea/engine/damage.js';
import { endPhaseWarEngines } from '../../../src/rulesets/netea/engine/criticals/endPhaseWarEngines.js';
import { lineReady, shoot } from '../../../src/rulesets/netea/engine/shoot.js';
import * as C from '../../../src/rulesets/netea/engine/codes.js';
import { parseFormation } from '../../../src/model/formation.js';
import { loadDataset } from '../../../src/model/loadDataset.js';
import { lossSlots } from '../../../src/scenarios/lossValue.js';
import type { CriticalEffect } from '../../../src/model/schema.js';
import type { Engagement } from '../../../src/rulesets/netea/engine/engagement.js';
import { ScriptedDice } from '../../helpers/scriptedDice.js';
import { engagement, formation, placed, shootStep, unit, weapon } from '../../helpers/fixtures.js';
import { describeWithTp } from '../../helpers/tournamentPack.js';

/**
 * The Squat Cyclops's and Land Train's critical-hit effects (TP Squat list) with forced dice:
 * each step lists every die it rolls, in order, and checks all were used.
 */

const effect = (parts: CriticalEffect['parts']): CriticalEffect => ({ text: 'test', parts });

function run(dice: number[], act: (rng: ScriptedDice) => void): void {
  const rng = new ScriptedDice(dice);
  act(rng);
  expect(rng.used).toBe(dice.length);
}

describe('TP Cyclops: "an extra point of damage and ... an extra point of damage whenever the Hellfury Cannon misses"', () => {
  const hellfury = { ...weapon('hellfury-cannon', [{ range: 90, mw: 2, titanKiller: 'D6+1' }]), name: 'Hellfury Cannon' };
  const critical = effect([
    { kind: 'damage', amount: 1 },
    { kind: 'damage-on-miss', weapon: 'Hellfury Cannon', amount: 1 },
    { kind: 'subsequent' },
    { kind: 'destroyed', hitsAround: { toHit: 4, rangeCm: 5 } },
  ]);
  const cyclops = unit('cyclops', { type: 'WE', armour: 4, cc: 5, ff: 4, damageCapacity: 5, critical }, [{ weapon: hellfury }]);
  const trooper = unit('trooper', { type: 'INF', armour: 4 });

  /** The Cyclops (unit 0) with a trooper 5 cm behind it (unit 1), 30 cm from four enemy troopers without a save (units 2-5). */
  function setUp(): Engagement {
    const runner = new NeteaRunner(
      engagement(
        [
          placed('squats', 0, formation('squats', [[1, cyclops], [1, trooper]]), { front: 15, rankWidth: 1, spacing: 5 }),
          placed('enemy', 1, formation('enemy', [[4, unit('target', { type: 'INF' })]]), { front: 15 }),
        ],
        [shootStep(0, 1)],
      ),
    );
    runner.reset(new ScriptedDice([]));
    return runner.e;
  }

  it('a miss before the first critical costs nothing; the first critical costs a point of damage', () => {
    const e = setUp();
    run([1], (rng) => shoot(e, 0, 1, C.ACTION_ADVANCE, false, true, rng));
    expect([e.stDC[0], e.fBm[0]]).toEqual([5, 0]);
    run([], (rng) => applyCritical(e, 0, false, rng));
    expect([e.stDC[0], e.fPendingBm[0]]).toEqual([4, 1]);
  });

  it('after it, each miss of the Hellfury Cannon (a 1 on its MW2+) costs a point of damage and a Blast marker, with no critical roll; a hit costs nothing', () => {
    const e = setUp();
    run([], (rng) => applyCritical(e, 0, false, rng));
    run([1], (rng) => shoot(e, 0, 1, C.ACTION_ADVANCE, false, true, rng));
    expect([e.stDC[0], e.fBm[0]]).toEqual([3, 2]);
    run([2], (rng) => shoot(e, 0, 1, C.ACTION_ADVANCE, false, true, rng));
    expect([e.stDC[0], e.fBm[0], e.fAlive[1]]).toEqual([3, 2, 3]);
  });

  it('a subsequent critical destroys it (Blast markers for the damage capacity left) and the units within 5 cm are hit on 4+', () => {
    const e = setUp();
    run([], (rng) => applyCritical(e, 0, false, rng));
    // The trooper 5 cm away is hit on a 4 and fails its 4+ save on a 2.
    run([4, 2], (rng) => applyCritical(e, 0, false, rng));
    expect([e.stAlive[0], e.stAlive[1]]).toEqual([0, 0]);
    expect(e.fPendingBm[0]).toBe(1 + 4 + 1);
  });

  it('no miss costs anything once the critical has been reset with the trial', () => {
    const runner = new NeteaRunner(engagement([placed('squats', 0, formation('squats', [[1, cyclops]]), { front: 15 }), placed('enemy', 1, formation('enemy', [[4, unit('target', { type: 'INF' })]]), { front: 15 })], [shootStep(0, 1)]));
    runner.reset(new ScriptedDice([]));
    run([], (rng) => applyCritical(runner.e, 0, false, rng));
    runner.reset(new ScriptedDice([]));
    run([1], (rng) => shoot(runner.e, 0, 1, C.ACTION_ADVANCE, false, true, rng));
    expect(runner.e.stDC[0]).toBe(5);
  });
});

describe('TP Land Train: its carriages add their damage capacity and void shields; a critical removes one at random, or destroys it without one', () => {
  const cannon = weapon('battle-cannon', [{ range: 75, ap: 4, at: 4 }]);
  const autocannon = weapon('autocannon', [{ range: 45, ap: 5, at: 6 }]);
  const critical = effect([{ kind: 'loses-character' }, { kind: 'movement', what: 'The unit is immobilized for its next activation or withdrawal.' }]);
  const train = unit('land-train', { type: 'WE', armour: 4, cc: 5, ff: 4, damageCapacity: 2, voidShields: 2, abilities: ['carriages'], critical }, [{ weapon: cannon }]);
  const battlecar = unit('battlecar', { type: 'CH', damageCapacity: 1, voidShields: 1 }, [{ weapon: autocannon }]);

  /** A Land Train (unit 0) with `n` battlecars, 30 cm from four enemy troopers; points 275 + 50 a battlecar past the first. */
  function setUp(n: number): NeteaRunner {
    const squats = formation('squats', [[1, train]], { points: 225 + 50 * n });
    const ru = squats.units[0]!;
    ru.characters = Array.from({ length: n }, () => battlecar.unit);
    ru.characterWeapons = Array.from({ length: n }, () => ({ weapon: autocannon, multiplier: 1, arc: 'all' }));
    const runner = new NeteaRunner(
      engagement([placed('squats', 0, squats, { front: 15 }), placed('enemy', 1, formation('enemy', [[4, unit('target', { type: 'INF' })]]), { front: 15 })], [shootStep(0, 1)]),
    );
    runner.reset(new ScriptedDice([]));
    return runner;
  }
  const starting = (e: Engagement) => [e.stStartDC[0], e.stDC[0], e.stShieldsMax[0], e.stShields[0], e.stBreakWeight[0], e.fBreakWeight[0]];

  it('two battlecars: it starts with damage capacity 4 and 4 void shields, and breaks at 4 Blast markers', () => {
    const e = setUp(2).e;
    expect([e.uStartDC[0], e.uShields[0], e.fStartBreakWeight[0]]).toEqual([4, 4, 4]);
    expect(starting(e)).toEqual([4, 4, 4, 4, 4, 4]);
  });

  it('a critical removes a random battlecar (a 5 picks the second of two): a damage capacity, a void shield and its autocannon go with it', () => {
    const e = setUp(2).e;
    // Lines: the train's battle cannon, then each battlecar's autocannon.
    expect([1, 2].map((l) => lineReady(e, l))).toEqual([true, true]);
    run([5], (rng) => applyCritical(e, 0, false, rng));
    expect(starting(e)).toEqual([3, 3, 3, 3, 3, 3]);
    expect([0, 1, 2].map((l) => lineReady(e, l))).toEqual([true, true, false]);
    expect([e.stAlive[0], e.fPendingBm[0]]).toEqual([1, 0]);
  });

  it('the damage it has taken stays: a point of damage whose critical roll is a 6 takes the one battlecar (no roll to choose), leaving 1 of 2', () => {
    const e = setUp(1).e;
    e.stShields[0] = 0;
    run([6], (rng) => damageWarEngine(e, 0, 1, false, 0, rng));
    expect(starting(e)).toEqual([2, 1, 2, 0, 2, 2]);
    // Its war-engine points are lost pro rata: a third for the point of damage, a third with the battlecar.
    expect(e.fPointsLost[0]).toBeCloseTo((2 * 275) / 3, 9);
  });

  it('with no battlecar left a critical destroys it: Blast markers for the damage capacity it had left, all its points lost', () => {
    const e = setUp(1).e;
    run([], (rng) => applyCritical(e, 0, false, rng));
    run([], (rng) => applyCritical(e, 0, false, rng));
    expect([e.stAlive[0], e.fPendingBm[0], e.fAlive[0], e.fBreakWeight[0]]).toEqual([0, 2, 0, 0]);
    expect(e.fPointsLost[0]).toBeCloseTo(275, 9);
  });

  it('void shields repair only up to the new starting value; the next trial starts with every battlecar back', () => {
    const runner = setUp(2);
    const e = runner.e;
    e.stShields[0] = 2;
    // A 1 picks the first of two.
    run([1], (rng) => applyCritical(e, 0, false, rng));
    expect([e.stShieldsMax[0], e.stShields[0], lineReady(e, 1), lineReady(e, 2)]).toEqual([3, 2, false, true]);
    run([], (rng) => endPhaseWarEngines(e, rng));
    run([], (rng) => endPhaseWarEngines(e, rng));
    expect(e.stShields[0]).toBe(3);
    run([], (rng) => applyCritical(e, 0, false, rng));
    expect([e.stShieldsMax[0], e.stShields[0], lineReady(e, 2)]).toEqual([2, 2, false]);
    runner.reset(new ScriptedDice([]));
    expect(starting(e)).toEqual([4, 4, 4, 4, 4, 4]);
    expect([1, 2].map((l) => lineReady(e, l))).toEqual([true, true]);
  });
});

describe('TP Fire Shield Battlecar: "The unit can repair one additional void shield in the end phase of each turn"', () => {
  const train = unit('land-train', { type: 'WE', armour: 4, cc: 5, ff: 4, damageCapacity: 2, voidShields: 2, abilities: ['carriages'], critical: effect([{ kind: 'loses-character' }]) });
  const berserker = unit('berserker', { type: 'CH', damageCapacity: 1, voidShields: 1 });
  const fireShield = unit('fire-shield', { type: 'CH', damageCapacity: 1, voidShields: 3, extraShieldRepairs: 1 });

  /** A Land Train (unit 0) with a Berserker and a Fire Shield Battlecar: 2 + 1 + 3 = 6 void shields, two repaired in each end phase. */
  function setUp(): Engagement {
    const squats = formation('squats', [[1, train]], { points: 325 });
    squats.units[0]!.characters = [berserker.unit, fireShield.unit];
    const runner = new NeteaRunner(engagement([placed('squats', 0, squats, { front: 15 }), placed('enemy', 1, formation('enemy', [[1, unit('target', { type: 'INF' })]]), { front: 15 })], [shootStep(0, 1)]));
    runner.reset(new ScriptedDice([]));
    return runner.e;
  }

  it('two shields back in each end phase, up to its starting six', () => {
    const e = setUp();
    expect([e.uShields[0], e.uShieldRepair[0]]).toEqual([6, 2]);
    e.stShields[0] = 0;
    run([], (rng) => endPhaseWarEngines(e, rng));
    expect(e.stShields[0]).toBe(2);
    e.stShields[0] = 5;
    run([], (rng) => endPhaseWarEngines(e, rng));
    expect(e.stShields[0]).toBe(6);
  });

  it('once a critical has taken the Fire Shield (a 5 picks the second of two), one a phase, up to the three left', () => {
    const e = setUp();
    run([5], (rng) => applyCritical(e, 0, false, rng));
    expect(e.stShieldsMax[0]).toBe(3);
    e.stShields[0] = 0;
    run([], (rng) => endPhaseWarEngines(e, rng));
    expect(e.stShields[0]).toBe(1);
  });

  it('losing the Berserker instead (a 1) keeps the extra repair', () => {
    const e = setUp();
    run([1], (rng) => applyCritical(e, 0, false, rng));
    e.stShields[0] = 0;
    run([], (rng) => endPhaseWarEngines(e, rng));
    expect([e.stShieldsMax[0], e.stShields[0]]).toEqual([5, 2]);
  });
});

describeWithTp('the Tournament Pack\'s Squat war engines, imported', (tpDir) => {
  const data = loadDataset(tpDir);

  it('the Land Train with its Berserker Battlecar starts with damage capacity 3 and 3 void shields; its critical removes a carriage, its immobilisation named as movement', () => {
    const spec = parseFormation(data, 'squat/land-train');
    const ru = spec.units[0]!;
    expect(ru.unit.abilities).toContain('carriages');
    expect(ru.unit.critical!.parts.map((p) => p.kind)).toEqual(['loses-character', 'movement']);
    const e = new NeteaRunner(engagement([placed('squats', 0, spec), placed('enemy', 1, formation('enemy', [[1, unit('target', { type: 'INF' })]]))], [shootStep(0, 1)])).e;
    expect([e.uStartDC[0], e.uShields[0]]).toEqual([3, 3]);
    // The value of its losses counts its Blast markers against the same 3 (reports/value/lossValue.ts).
    const block = { killedHistogram: 0, units: 1, broken: 0, destroyed: 0, bmSum: 0, bmSumSq: 0, pointsLostSum: 0, pointsLostSumSq: 0, damageSum: 0, damageSumSq: 0, bmPlacedSum: 0, bmPlacedSumSq: 0 };
    expect(lossSlots(block, spec).strength).toBe(3);
    expect(spec.unsupported.filter((n) => n.startsWith('Land Train: critical'))).toEqual([
      'Land Train: critical-movement: a critical effect that moves, slows or immobilises the war engine, or takes its Portal; the rest of its effect is simulated ("The unit is immobilized for its next activation or withdrawal.")',
    ]);
  });

  it('its Fire Shield Battlecar repairs one more void shield in each end phase (5 shields, 2 a phase); the Iron Eagle Battlecar none (3, 1)', () => {
    expect(data.units.get('fire-shield-battlecar')!.extraShieldRepairs).toBe(1);
    const compiled = (text: string) => {
      const e = new NeteaRunner(engagement([placed('squats', 0, parseFormation(data, text)), placed('enemy', 1, formation('enemy', [[1, unit('target', { type: 'INF' })]]))], [shootStep(0, 1)])).e;
      return [e.uShields[0], e.uShieldRepair[0]];
    };
    const replace = 'squat/land-train+land-train-replace-between-one-and-four-berserker-battlecar-2';
    expect(compiled(`${replace}@fire-shield-battlecar`)).toEqual([5, 2]);
    expect(compiled(replace)).toEqual([3, 1]);
  });

  it('the Cyclops\'s misses are its Hellfury Cannon\'s', () => {
    const spec = parseFormation(data, 'squat/cyclops');
    expect(spec.units[0]!.unit.critical!.parts).toEqual([
      { kind: 'damage', amount: 1 },
      { kind: 'damage-on-miss', weapon: 'Hellfury Cannon', amount: 1 },
      { kind: 'subsequent' },
      { kind: 'destroyed', hitsAround: { toHit: 4, rangeCm: 5 } },
    ]);
    const e = new NeteaRunner(engagement([placed('squats', 0, spec), placed('enemy', 1, formation('enemy', [[1, unit('target', { type: 'INF' })]]))], [shootStep(0, 1)])).e;
    const flagged = Array.from({ length: e.uLineEnd[0]! }, (_, l) => l).filter((l) => (e.wFlags[l]! & C.W_MISS_DAMAGE) !== 0);
    expect(flagged).toEqual([0]);
    expect(spec.unsupported.some((n) => n.startsWith('Cyclops: critical'))).toBe(false);
  });
});
