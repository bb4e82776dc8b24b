import { describe, expect, it } from 'vitest';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import { assault, ATTACKER_WINS, DEFENDER_WINS, NO_RESULT } from '../../../src/rulesets/netea/engine/assault.js';
import type { AssaultSetup } from '../../../src/rulesets/netea/engine/assault/setup.js';
import { ChargeCache } from '../../../src/rulesets/netea/engine/assault/chargeCache.js';
import { actionTest } from '../../../src/rulesets/netea/engine/morale.js';
import * as C from '../../../src/rulesets/netea/engine/codes.js';
import type { EngagementSpec, PlacedFormation } from '../../../src/rulesets/netea/model/spec.js';
import { ScriptedDice } from '../../helpers/scriptedDice.js';
import { engagement, formation, placed, shootStep, unit, weapon } from '../../helpers/fixtures.js';

/**
 * Assault rules with forced dice. Dice are rolled in this order: each
 * attacking unit then each defending unit (its base die, then its extra
 * attacks), saves in allocation order, supporting fire, then the result rolls
 * (two dice for the attacker, two for the defender).
 */

function run(spec: EngagementSpec, dice: number[], setup: Partial<AssaultSetup> = {}) {
  const r = new NeteaRunner(spec);
  const rng = new ScriptedDice(dice);
  r.reset(rng);
  const s: AssaultSetup = { attackers: 1, defenders: 2, supporters: 0, overwatch: 0, contactLimit: -1, ...setup };
  const outcome = assault(r.e, s, new ChargeCache(spec.formations.length, r.e.nUnits), rng);
  expect(rng.used, 'every scripted die used').toBe(dice.length);
  return { outcome, e: r.e };
}

const trooper = (cc: number, extra: Record<string, unknown> = {}) => unit(`t${cc}`, { type: 'INF', cc, ff: 6, speed: 15, ...extra });
const two = (a: PlacedFormation, d: PlacedFormation, ...more: PlacedFormation[]) => engagement([a, d, ...more], [shootStep(0, 1)]);

describe('assault rules with forced dice', () => {
  it('supporting fire comes after the main attacks and can wipe the defender out: attacker wins without a roll', () => {
    const spec = two(
      placed('a', 0, formation('a', [[1, trooper(4)]]), { front: 0 }),
      placed('d', 1, formation('d', [[1, trooper(4)]]), { front: 10 }),
      placed('s', 0, formation('s', [[2, unit('gunner', { type: 'INF', cc: 6, ff: 3, speed: 15 }, [{ weapon: weapon('bolter', [{ range: 15, kind: 'small-arms' }]) }])]]), { front: 0 }),
    );
    // Both engaged units miss (1, 1); the two supporters hit on 3+ (3, 3): no saves, the defender dies.
    const { outcome, e } = run(spec, [1, 1, 3, 3], { supporters: 4 });
    expect(outcome).toBe(ATTACKER_WINS);
    expect(e.fAlive[1]).toBe(0);
  });

  it('first strike: the attacks are resolved before the enemy strikes back', () => {
    const spec = two(placed('a', 0, formation('a', [[1, trooper(2, { abilities: ['first-strike'] })]]), { front: 0 }), placed('d', 1, formation('d', [[1, trooper(2)]]), { front: 10 }));
    // The first striker hits (2) and kills; the defender never rolls.
    const { outcome, e } = run(spec, [2]);
    expect(outcome).toBe(ATTACKER_WINS);
    expect([e.fAlive[0], e.fAlive[1]]).toEqual([1, 0]);
    // Without first strike both hit and both die: no result ([A-31]).
    const plain = two(placed('a', 0, formation('a', [[1, trooper(2)]]), { front: 0 }), placed('d', 1, formation('d', [[1, trooper(2)]]), { front: 10 }));
    expect(run(plain, [2, 2]).outcome).toBe(NO_RESULT);
  });

  it('a macro-weapon extra attack is allocated after the normal hits and allows no save; the loser takes the margin in no-save hits', () => {
    const powerWeapon = weapon('power-weapon', [{ range: 0, kind: 'assault', extraAttacks: 1, macroWeapon: true }]);
    const captain = unit('captain', { type: 'INF', cc: 4, ff: 6, speed: 15 }, [{ weapon: powerWeapon }]);
    const spec = two(placed('a', 0, formation('a', [[1, captain]]), { front: 0 }), placed('d', 1, formation('d', [[2, trooper(6, { armour: 3 })]]), { front: 10 }));
    // Captain: base 4 hits, extra 4 hits (MW). Defenders (both counter-charged into contact) miss: 1, 1.
    // The normal hit goes to the first defender: 3+ save, 6, saved. The MW hit goes to it too: no save, dead.
    // Result: attacker 6 + 1 kill + 1 no BMs = 8; defender 1 + 0 + 1 = 2; the survivor takes 6 no-save hits.
    const { outcome, e } = run(spec, [4, 4, 1, 1, 6, 6, 6, 1, 1]);
    expect(outcome).toBe(ATTACKER_WINS);
    expect(e.fAlive[1]).toBe(0);
  });

  it('a loser that was already broken when assaulted is destroyed, fearless units excepted', () => {
    const brave = unit('brave', { type: 'INF', cc: 6, ff: 6, speed: 15, abilities: ['fearless'] });
    const spec = two(
      placed('a', 0, formation('a', [[3, trooper(6)]]), { front: 0 }),
      placed('d', 1, formation('d', [[2, trooper(6)], [1, brave]]), { front: 10, broken: true }),
    );
    // Nobody hits (six 1s); attacker 6 + 1 (no BMs) + 1 (the broken defender counts a BM per unit) = 8 v defender 1.
    const { outcome, e } = run(spec, [1, 1, 1, 1, 1, 1, 6, 6, 1, 1]);
    expect(outcome).toBe(ATTACKER_WINS);
    expect(e.fAlive[1]).toBe(1);
    expect(e.stAlive[e.fUnitEnd[1]! - 1]).toBe(1);
  });

  it('fearless units are immune to the extra hits for losing; the hits go to the others', () => {
    const brave = unit('brave', { type: 'INF', cc: 6, ff: 6, speed: 15, abilities: ['fearless'] });
    const spec = two(placed('a', 0, formation('a', [[2, trooper(6)]]), { front: 0 }), placed('d', 1, formation('d', [[1, brave], [1, trooper(6)]]), { front: 10 }));
    // Nobody hits; attacker 6 + 1 (no BMs) = 7, defender 1 + 1 = 2: five hits, only the non-fearless unit can take them.
    const { outcome, e } = run(spec, [1, 1, 1, 1, 6, 6, 1, 1]);
    expect(outcome).toBe(ATTACKER_WINS);
    expect(e.stAlive[e.fUnitStart[1]!]).toBe(1);
    expect(e.stAlive[e.fUnitStart[1]! + 1]).toBe(0);
    expect(e.fBroken[1]).toBe(1);
  });

  it('a war engine rolls its starting DC in dice, counts as DC units, its damage counts as kills; close combat ignores its shields', () => {
    const titan = unit('titan', { type: 'WE', cc: 4, ff: 4, armour: 5, speed: 15, damageCapacity: 3, voidShields: 2 });
    const spec = two(placed('a', 0, formation('a', [[4, trooper(4)]]), { front: 0 }), placed('d', 1, formation('d', [[1, titan]]), { front: 10 }));
    // Attackers: 4, 1, 1, 1 (one hit). The titan: three CC dice 4, 4, 1 (two hits on unarmoured infantry).
    // The hit on the titan skips its shields: 5+ save 1 fails, damage, critical roll 2.
    // Result: attacker 3 + 1 (a point of damage) + 1 (no BMs) = 5; the titan counts as 3 units against 2 left:
    // 3 + 2 (kills) + 1 (outnumbers) + 1 (no BMs) = 7, and wins by 2.
    const { outcome, e } = run(spec, [4, 1, 1, 1, 4, 4, 1, 1, 2, 3, 1, 3, 1]);
    expect(outcome).toBe(DEFENDER_WINS);
    const t = e.fUnitStart[1]!;
    expect([e.stShields[t], e.stDC[t]]).toEqual([2, 2]);
    // The loser took 2 no-save hits: of 4, two died in combat and two to the margin.
    expect(e.fAlive[0]).toBe(0);
  });

  it('a commander\'s combined assault takes one action test, -1 if any formation has Blast markers (RB 2.1.2)', () => {
    const spec = engagement(
      [
        placed('a', 0, formation('a', [[3, trooper(4)]], { initiative: 2 }), { front: 0 }),
        placed('d', 1, formation('d', [[3, trooper(4)]]), { front: 10 }),
        placed('b', 0, formation('b', [[3, trooper(4)]], { initiative: 2 }), { front: 0, blastMarkers: 1 }),
      ],
      [shootStep(0, 1)],
    );
    const r = new NeteaRunner(spec);
    r.reset(new ScriptedDice([]));
    // 2+ initiative, -1 for the Blast marker on the second formation: a 2 fails; the first formation takes the marker.
    expect(actionTest(r.e, (1 << 0) | (1 << 2), C.ACTION_ENGAGE, false, new ScriptedDice([2]))).toBe(false);
    expect([r.e.fBm[0], r.e.fBm[2]]).toEqual([1, 1]);
  });
});

describe('single-shot and slow-firing weapons over several turns', () => {
  const lance = weapon('lance', [{ range: 60, at: 2, slowFiring: true }]);
  const missile = weapon('missile', [{ range: 60, at: 2, singleShot: true }]);
  const tank = unit('tank', { type: 'AV', armour: null });

  function threeTurns(w: ReturnType<typeof weapon>): EngagementSpec {
    return engagement(
      [placed('a', 0, formation('a', [[1, unit('gun', { type: 'AV' }, [{ weapon: w }])], [2, unit('crew', { type: 'INF' })]])), placed('t', 1, formation('t', [[12, tank]]))],
      [shootStep(0, 1), { kind: 'end-turn', label: 't1' }, shootStep(0, 1), { kind: 'end-turn', label: 't2' }, shootStep(0, 1), { kind: 'end-turn', label: 't3' }],
    );
  }

  it('slow firing: fires in turn 1, reloads in turn 2, fires again in turn 3', () => {
    const r = new NeteaRunner(threeTurns(lance));
    const tally = new Float64Array(r.layout.length);
    // Two dice for the whole script: turn 1 and turn 3, both hits.
    r.run(new ScriptedDice([6, 6]), 1, tally);
    const killed = (rec: number) => r.layout.records[rec]!.formations[1]!;
    expect(tally[killed(0).killedHistogram + 1]).toBe(1);
    expect(tally[killed(2).killedHistogram + 1]).toBe(1);
    expect(tally[killed(4).killedHistogram + 2]).toBe(1);
    // No unit could fire in turn 2, so no Blast marker for coming under fire then.
    expect(tally[killed(2).bmPlacedSum]).toBe(2);
  });

  it('single shot: once per battle', () => {
    const r = new NeteaRunner(threeTurns(missile));
    const tally = new Float64Array(r.layout.length);
    r.run(new ScriptedDice([6]), 1, tally);
    expect(tally[r.layout.records[4]!.formations[1]!.killedHistogram + 1]).toBe(1);
  });
});
