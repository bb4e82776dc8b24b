import { describe, expect, it } from 'vitest';
import { parseFormation, type FormationSpec } from '../../../src/model/formation.js';
import { loadDataset } from '../../../src/model/loadDataset.js';
import { namesRule, ruleNote } from '../../../src/model/ruleReach.js';
import { rngFromSeed } from '../../../src/sim/rng.js';
import { assault, DEFENDER_WINS, NO_RESULT } from '../../../src/rulesets/netea/engine/assault.js';
import type { AssaultSetup } from '../../../src/rulesets/netea/engine/assault/setup.js';
import { assaultHitFlags } from '../../../src/rulesets/netea/engine/assault/attacks.js';
import { ChargeCache } from '../../../src/rulesets/netea/engine/assault/chargeCache.js';
import * as C from '../../../src/rulesets/netea/engine/codes.js';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import { firstSave, rerollSave, secondSave } from '../../../src/rulesets/netea/engine/saves/saveCode.js';
import { saveCode } from '../../../src/rulesets/netea/engine/saves/saveStack.js';
import type { FortifiedPosition } from '../../../src/model/fortifiedPositions.js';
import type { AssaultStep, CoverSpec, EngagementSpec, PlacedFormation } from '../../../src/rulesets/netea/model/spec.js';
import { binomialPmf, killsFromHits } from '../../helpers/exact.js';
import { ScriptedDice } from '../../helpers/scriptedDice.js';
import { expectDistribution, simulate } from '../../helpers/simulate.js';
import { engagement, formation, placed, shootStep, unit, weapon, type TestUnit } from '../../helpers/fixtures.js';
import { describeWithTp } from '../../helpers/tournamentPack.js';

/**
 * TP Masters of Siege (Imperial Fists): infantry in a bunker save on 4+ with
 * reinforced armour instead of their save and the 3+ bunker cover save, lost
 * against an ignore-cover hit (saves/saveStack.ts); infantry in a trench strike
 * first (assault/firstStrike.ts). Save codes, exact probabilities, forced dice,
 * and the fire and assault plans playing them as the general path does.
 */

const at = (position: FortifiedPosition): CoverSpec => ({ kind: 'position', position });
/** A formation of an army with Masters of Siege: the rule stays named for its garrison and minefields. */
const siege = (f: FormationSpec): FormationSpec => ({ ...f, unsupported: [ruleNote('Imperial Fist', 'masters-of-siege', true)] });

const bolter = weapon('bolter', [{ range: 45, ap: 4 }]);
const flamer = weapon('flamer', [{ range: 45, ap: 4, ignoreCover: true }]);
const mwGun = weapon('mw-gun', [{ range: 45, ap: 4, macroWeapon: true }]);
const gun = (w: ReturnType<typeof weapon>) => unit(`${w.id}-team`, { type: 'AV' }, [{ weapon: w, multiplier: 8 }]);

const tactical = unit('tactical', { type: 'INF', armour: 4, cc: 4, ff: 4 });
const scout = unit('scout', { type: 'INF', armour: 5, cc: 5, ff: 5 });
const terminator = unit('terminator', { type: 'INF', armour: 4, abilities: ['reinforced-armour', 'invulnerable-save'] });
const rhino = unit('rhino', { type: 'AV', armour: 5 });

/** [first save, re-roll, second save] of a code; 7 is "no roll". */
const rolls = (code: number) => [firstSave(code), rerollSave(code), secondSave(code)];

function firstUnit(t: TestUnit, cover: CoverSpec, ofSiege = true): { e: NeteaRunner['e']; u: number } {
  const target = formation('t', [[1, t]]);
  const spec = engagement([placed('a', 0, formation('a', [[1, gun(bolter)]]), { front: 0 }), placed('t', 1, ofSiege ? siege(target) : target, { front: 30, cover })], [shootStep(0, 1)]);
  return { e: new NeteaRunner(spec).e, u: 1 };
}

describe('Masters of Siege in a bunker: the save codes', () => {
  it('a Tactical unit: 4+ re-rolled for reinforced armour; against MW 4+ without the re-roll; against TK none; no crossfire -1 (Fortifications); sniper -1', () => {
    const { e, u } = firstUnit(tactical, at('bunker'));
    expect(rolls(saveCode(e, u, 0, false, false))).toEqual([4, 4, 7]);
    expect(rolls(saveCode(e, u, C.H_MW, false, false))).toEqual([4, 7, 7]);
    expect(rolls(saveCode(e, u, C.H_LANCE, false, false))).toEqual([4, 7, 7]);
    expect(rolls(saveCode(e, u, C.H_TK | C.H_MW, false, false))).toEqual([7, 7, 7]);
    expect(rolls(saveCode(e, u, 0, true, false))).toEqual([4, 4, 7]);
    expect(rolls(saveCode(e, u, C.H_SNIPER, false, false))).toEqual([5, 5, 7]);
  });

  it('an ignore-cover hit takes the save away: the unit\'s own armour alone (a Scout\'s 5+), none against an ignore-cover MW hit', () => {
    const t = firstUnit(tactical, at('bunker'));
    expect(rolls(saveCode(t.e, t.u, C.H_IGNORE_COVER, false, false))).toEqual([4, 7, 7]);
    expect(rolls(saveCode(t.e, t.u, C.H_IGNORE_COVER | C.H_MW, false, false))).toEqual([7, 7, 7]);
    const s = firstUnit(scout, at('bunker'));
    expect(rolls(saveCode(s.e, s.u, 0, false, false))).toEqual([4, 4, 7]);
    expect(rolls(saveCode(s.e, s.u, C.H_IGNORE_COVER, false, false))).toEqual([5, 7, 7]);
    // Terminators keep their own reinforced armour and invulnerable save.
    const k = firstUnit(terminator, at('bunker'));
    expect(rolls(saveCode(k.e, k.u, C.H_IGNORE_COVER, false, false))).toEqual([4, 4, 6]);
  });

  it('in an assault: the defenders keep it against close combat; the engaging formation, out of its bunker, has its own armour', () => {
    const { e, u } = firstUnit(tactical, at('bunker'));
    expect(rolls(saveCode(e, u, assaultHitFlags(true, false), false, false))).toEqual([4, 4, 7]);
    expect(rolls(saveCode(e, u, assaultHitFlags(true, false), false, true))).toEqual([4, 7, 7]);
  });

  it('without the rule, the 3+ bunker cover save; in a trench or gun emplacement, or a vehicle in a bunker, nothing of the rule', () => {
    const plain = firstUnit(tactical, at('bunker'), false);
    expect(rolls(saveCode(plain.e, plain.u, 0, false, false))).toEqual([3, 7, 7]);
    expect(rolls(saveCode(plain.e, plain.u, C.H_MW, false, false))).toEqual([7, 7, 7]);
    expect(rolls(saveCode(firstUnit(tactical, at('trench')).e, 1, 0, false, false))).toEqual([4, 7, 7]);
    expect(rolls(saveCode(firstUnit(tactical, at('gun-emplacement')).e, 1, 0, false, false))).toEqual([4, 7, 7]);
    expect(rolls(saveCode(firstUnit(rhino, at('bunker')).e, 1, 0, false, false))).toEqual([5, 7, 7]);
  });
});

describe('Masters of Siege in a bunker: exact probabilities', () => {
  /** 8 shots of `w` at 3 Tactical units of `target` in a bunker, P(k killed) after the attack. */
  function killed(w: ReturnType<typeof weapon>, target: FormationSpec, seed: string): number[] {
    const spec = engagement([placed('a', 0, formation('a', [[1, gun(w)]]), { front: 0 }), placed('t', 1, target, { front: 30, cover: at('bunker') })], [shootStep(0, 1)]);
    return simulate(spec, seed, TRIALS)(0, 1).unitsKilled.distribution;
  }
  const TRIALS = 100_000;
  const expectKills = (got: number[], exact: number[]) => expectDistribution(got, exact, TRIALS);
  const tacticals = formation('t', [[3, tactical]]);

  it('8 AP4+ shots: hit on 5+ (-1 for cover); each hit fails the 4+ re-rolled save with 1/4 (the 3+ cover save alone: 1/3)', () => {
    const exact = killsFromHits(binomialPmf(8, 1 / 3), 3, 1 / 4);
    expectKills(killed(bolter, siege(tacticals), 'siege-bunker'), exact);
    expect(exact[0]).toBeCloseTo(0.4985, 4);
    expectKills(killed(bolter, tacticals, 'plain-bunker'), killsFromHits(binomialPmf(8, 1 / 3), 3, 1 / 3));
  });

  it('8 macro-weapon shots: hit on 5+; the 4+ save without its re-roll (fail 1/2), where the cover save alone gives none', () => {
    expectKills(killed(mwGun, siege(tacticals), 'siege-mw'), killsFromHits(binomialPmf(8, 1 / 3), 3, 1 / 2));
    expectKills(killed(mwGun, tacticals, 'plain-mw'), killsFromHits(binomialPmf(8, 1 / 3), 3, 1));
  });

  it('8 ignore-cover shots: hit on 4+ (no -1), the save lost: the Tactical\'s own 4+ (fail 1/2)', () => {
    const exact = killsFromHits(binomialPmf(8, 1 / 2), 3, 1 / 2);
    expectKills(killed(flamer, siege(tacticals), 'siege-ignore-cover'), exact);
    expect(exact[3]).toBeCloseTo(0.2039, 4);
  });
});

describe('Masters of Siege in a trench: first strike (forced dice)', () => {
  function run(spec: EngagementSpec, dice: number[]) {
    const r = new NeteaRunner(spec);
    const rng = new ScriptedDice(dice);
    r.reset(rng);
    const s: AssaultSetup = { attackers: 1, defenders: 2, supporters: 0, overwatch: 0, contactLimit: -1 };
    const outcome = assault(r.e, s, new ChargeCache(spec.formations.length, r.e.nUnits), rng);
    expect(rng.used, 'every scripted die used').toBe(dice.length);
    return { outcome, e: r.e };
  }
  const trooper = unit('trooper', { type: 'INF', cc: 2, ff: 6, speed: 15 });
  const two = (a: PlacedFormation, d: PlacedFormation) => engagement([a, d], [shootStep(0, 1)]);
  const one = formation('one', [[1, trooper]]);

  it('the defenders in their trench strike first: a 2 hits, the charger (no save) dies before it strikes; defender wins', () => {
    const { outcome, e } = run(two(placed('a', 0, one, { front: 0 }), placed('d', 1, siege(one), { front: 10, cover: at('trench') })), [2]);
    expect(outcome).toBe(DEFENDER_WINS);
    expect([e.fAlive[0], e.fAlive[1]]).toEqual([0, 1]);
  });

  it('without the rule the trench gives its 4+ cover save, not first strike: both hit (2, 2), the defender fails its save (1): both die, no result', () => {
    const { outcome, e } = run(two(placed('a', 0, one, { front: 0 }), placed('d', 1, one, { front: 10, cover: at('trench') })), [2, 2, 1]);
    expect(outcome).toBe(NO_RESULT);
    expect([e.fAlive[0], e.fAlive[1]]).toEqual([0, 0]);
  });

  it('charging out of its trench the formation loses first strike and the cover save: both hit (2, 2), both die, no save rolled', () => {
    const { outcome, e } = run(two(placed('a', 0, siege(one), { front: 0, cover: at('trench') }), placed('d', 1, one, { front: 10 })), [2, 2]);
    expect(outcome).toBe(NO_RESULT);
    expect([e.fAlive[0], e.fAlive[1]]).toEqual([0, 0]);
  });
});

describe('the plans play Masters of Siege as the general path does', () => {
  function tallyOf(spec: EngagementSpec, fast: boolean): { path: string; tally: number[] } {
    const runner = new NeteaRunner(spec, { firePlan: fast, assaultPlan: fast, assaultPlanDice: 'each' });
    const tally = new Float64Array(runner.layout.length);
    const rng = rngFromSeed('masters-of-siege');
    runner.run(rng, 6_000, tally);
    runner.run(rng, 6_000, tally);
    return { path: runner.path, tally: Array.from(tally) };
  }
  function expectSameAsGeneral(spec: EngagementSpec, path: string): void {
    const fast = tallyOf(spec, true);
    const general = tallyOf(spec, false);
    expect(fast.path).toBe(path);
    expect(fast.tally).toEqual(general.tally);
  }
  const marines = siege(formation('fists', [[4, tactical], [2, scout]], { points: 300 }));
  const orks = formation('orks', [[8, unit('boy', { type: 'INF', armour: 6, cc: 4, ff: 6 }, [{ weapon: weapon('shoota', [{ range: 30, ap: 5, kind: 'small-arms' }]) }])]], { points: 200 });
  const shooters = formation('guns', [[2, unit('mixed', { type: 'INF', armour: 5 }, [{ weapon: bolter }, { weapon: flamer }, { weapon: weapon('autocannon', [{ range: 45, ap: 5 }]) }])]]);

  it('fire plan: bolters and flamers at Imperial Fists in a bunker, some units inside, in a crossfire', () => {
    for (const crossfire of [false, true]) {
      expectSameAsGeneral(engagement([placed('g', 0, shooters, { front: 0 }), placed('m', 1, marines, { front: 20, cover: at('bunker'), coverUnits: [0, 1, 4] })], [shootStep(0, 1, { crossfire })]), 'fire plan');
    }
  });

  it('assault plan: Orks charging Imperial Fists in a trench and in a bunker; the Fists charging out of a trench', () => {
    const assaultStep = (by: number, on: number): AssaultStep => ({ kind: 'assault', label: 'assault', by: [by], at: [on], support: [], overwatch: [], test: false, retain: false });
    for (const position of ['trench', 'bunker'] as const) {
      const spec = engagement([placed('o', 0, orks, { front: 0 }), placed('m', 1, marines, { front: 10, cover: at(position) })], [assaultStep(0, 1)]);
      // The plan has a first-strike phase for the trench only.
      expect(new NeteaRunner(spec).assaultPlan?.firstStrike).toBe(position === 'trench');
      expectSameAsGeneral(spec, 'assault plan');
    }
    const out = engagement([placed('m', 0, marines, { front: 0, cover: at('trench') }), placed('o', 1, orks, { front: 10 })], [assaultStep(0, 1)]);
    expect(new NeteaRunner(out).assaultPlan?.firstStrike).toBe(false);
    expectSameAsGeneral(out, 'assault plan');
  });
});

describeWithTp('the Tournament Pack\'s Imperial Fists', (tpDir) => {
  it('a Tactical detachment carries Masters of Siege, named for what is not played; in a bunker its Tactical units save on 4+ re-rolled', () => {
    const spec = parseFormation(loadDataset(tpDir), 'space-marine-imperial-fists/tactical@on-foot');
    expect(namesRule(spec.unsupported, 'masters-of-siege')).toBe(true);
    const e = new NeteaRunner(engagement([placed('a', 0, formation('a', [[1, gun(bolter)]]), { front: 0 }), placed('f', 1, spec, { front: 30, cover: at('bunker') })], [shootStep(0, 1)])).e;
    expect(rolls(saveCode(e, 1, 0, false, false))).toEqual([4, 4, 7]);
  });
});
