import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../../src/sim/rng.js';
import * as C from '../../../src/rulesets/netea/engine/codes.js';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import { firstSave, rerollSave, secondSave } from '../../../src/rulesets/netea/engine/saves/saveCode.js';
import { saveCode } from '../../../src/rulesets/netea/engine/saves/saveStack.js';
import type { FortifiedPosition } from '../../../src/model/fortifiedPositions.js';
import type { CoverSpec, EngagementSpec } from '../../../src/rulesets/netea/model/spec.js';
import { binomialPmf, killsFromHits } from '../../helpers/exact.js';
import { expectDistribution, simulate } from '../../helpers/simulate.js';
import { engagement, formation, placed, shootStep, unit, weapon, type TestUnit } from '../../helpers/fixtures.js';
import { expectFirePlanSameAsGeneral } from '../../helpers/firePlanAgreement.js';

/**
 * TP Fortified Positions (engagement/cover.ts): what a bunker, a gun
 * emplacement and a trench give each kind of unit placed in one, the shots
 * that follow from it against exact probabilities, and the fire plan playing
 * the positions as the general path does, bit for bit.
 */

const at = (position: FortifiedPosition): CoverSpec => ({ kind: 'position', position });

const lascannon = weapon('lascannon', [{ range: 45, at: 4 }]);
const bolter = weapon('bolter', [{ range: 45, ap: 4 }]);
const gunLine = unit('gun-line', { type: 'AV' }, [{ weapon: lascannon, multiplier: 6 }, { weapon: bolter, multiplier: 6 }]);

const tactical = unit('tactical', { type: 'INF', armour: 4, cc: 4, ff: 4 });
const biker = unit('biker', { type: 'INF', armour: 4, abilities: ['mounted'] });
const buggy = unit('buggy', { type: 'LV', armour: 5 });
const basilisk = unit('basilisk', { type: 'AV', armour: 6 });
const rhino = unit('rhino', { type: 'AV', armour: 5 });
const warhound = unit('warhound', { type: 'WE', armour: 5, damageCapacity: 3 });

/** Each unit of a formation of one of each kind, placed in `cover`: [in cover (-1 to hit), its cover save (7: none), in a fortification]. */
function coverOf(cover: CoverSpec): Array<[boolean, number, boolean]> {
  const kinds: TestUnit[] = [tactical, biker, buggy, basilisk, warhound];
  const spec = engagement(
    [placed('a', 0, formation('a', [[1, gunLine]]), { front: 0 }), placed('t', 1, formation('t', kinds.map((k) => [1, k])), { front: 30, cover })],
    [shootStep(0, 1)],
  );
  const e = new NeteaRunner(spec).e;
  return kinds.map((_, i) => [(e.uFlags[1 + i]! & C.U_IN_COVER) !== 0, e.uCoverSave[1 + i]!, (e.uFlags[1 + i]! & C.U_IN_FORTIFICATION) !== 0]);
}

describe('the Fortified Position Effects Table, unit by unit', () => {
  it('bunker: counts as Fortifications; infantry 3+ cover save; vehicles (and mounted infantry) and war engines "Dangerous": neither save nor -1', () => {
    expect(coverOf(at('bunker'))).toEqual([[true, 3, true], [false, 7, false], [false, 7, false], [false, 7, false], [false, 7, false]]);
  });

  it('gun emplacement: infantry 4+, vehicles 5+ (mounted infantry count as vehicles), war engines "No Effect"', () => {
    expect(coverOf(at('gun-emplacement'))).toEqual([[true, 4, false], [true, 5, false], [true, 5, false], [true, 5, false], [false, 7, false]]);
  });

  it('trench: infantry 4+; vehicles "Dangerous", war engines "No Effect"', () => {
    expect(coverOf(at('trench'))).toEqual([[true, 4, false], [false, 7, false], [false, 7, false], [false, 7, false], [false, 7, false]]);
  });

  it('only the units named in coverUnits are in the position; --cover N is unchanged: every unit obscured, infantry with the save', () => {
    const spec = engagement([placed('a', 0, formation('a', [[1, gunLine]]), { front: 0 }), placed('t', 1, formation('t', [[2, basilisk]]), { front: 30, cover: at('gun-emplacement'), coverUnits: [1] })], [shootStep(0, 1)]);
    const e = new NeteaRunner(spec).e;
    expect([e.uCoverSave[1], e.uCoverSave[2]]).toEqual([7, 5]);
    expect(coverOf({ kind: 'save', save: 3 })).toEqual([[true, 3, false], [true, 7, false], [true, 7, false], [true, 7, false], [true, 7, false]]);
  });
});

/** [first save, re-roll, second save] of a code; 7 is "no roll". */
const rolls = (code: number) => [firstSave(code), rerollSave(code), secondSave(code)];

describe('the saves a position allows (the save stack)', () => {
  function first(t: TestUnit, cover: CoverSpec): { e: NeteaRunner['e']; u: number } {
    const spec = engagement([placed('a', 0, formation('a', [[1, gunLine]]), { front: 0 }), placed('t', 1, formation('t', [[1, t]]), { front: 30, cover })], [shootStep(0, 1)]);
    return { e: new NeteaRunner(spec).e, u: 1 };
  }

  it('a vehicle in a gun emplacement: its 5+ works as an infantry cover save: the better of it and the armour, none against ignore cover or MW, none for a formation charging out', () => {
    const { e, u } = first(basilisk, at('gun-emplacement'));
    expect(rolls(saveCode(e, u, 0, false, false))).toEqual([5, 7, 7]);
    expect(rolls(saveCode(e, u, C.H_IGNORE_COVER, false, false))).toEqual([6, 7, 7]);
    expect(rolls(saveCode(e, u, C.H_MW, false, false))).toEqual([7, 7, 7]);
    expect(rolls(saveCode(e, u, 0, false, true))).toEqual([6, 7, 7]);
    // A Rhino's own 5+ is as good: nothing changes.
    const r = first(rhino, at('gun-emplacement'));
    expect(rolls(saveCode(r.e, r.u, 0, false, false))).toEqual([5, 7, 7]);
  });

  it('crossfire: units in a bunker (Fortifications) ignore its -1 to the save (RB 1.11); in a trench or gun emplacement they do not', () => {
    const b = first(tactical, at('bunker'));
    expect(rolls(saveCode(b.e, b.u, 0, true, false))).toEqual([3, 7, 7]);
    expect(rolls(saveCode(b.e, b.u, C.H_SNIPER, true, false))).toEqual([4, 7, 7]);
    const t = first(tactical, at('trench'));
    expect(rolls(saveCode(t.e, t.u, 0, true, false))).toEqual([5, 7, 7]);
    const g = first(basilisk, at('gun-emplacement'));
    expect(rolls(saveCode(g.e, g.u, 0, true, false))).toEqual([6, 7, 7]);
  });
});

describe('shooting at units in fortified positions: exact probabilities', () => {
  const shooters = placed('a', 0, formation('a', [[1, unit('las', { type: 'AV' }, [{ weapon: lascannon, multiplier: 6 }])]]), { front: 0 });

  it('6 AT4+ shots at 2 Basilisks (6+ armour) in gun emplacements: hit on 5+ (-1 for cover), each hit saved on 5+ (fail 2/3)', () => {
    const spec = engagement([shooters, placed('t', 1, formation('t', [[2, basilisk]]), { front: 30, cover: at('gun-emplacement') })], [shootStep(0, 1)]);
    const out = simulate(spec, 'gun-emplacement')(0, 1);
    const exact = killsFromHits(binomialPmf(6, 1 / 3), 2, 2 / 3);
    expectDistribution(out.unitsKilled.distribution, exact);
    // P(both destroyed) = 0.3568, against 0.7437 in the open (hit on 4+, fail 5/6).
    expect(exact[2]).toBeCloseTo(0.3568, 4);
    expect(killsFromHits(binomialPmf(6, 1 / 2), 2, 5 / 6)[2]).toBeCloseTo(0.7437, 4);
  });

  it('"No Effect": a Warhound in a gun emplacement fares exactly as in the open, trial for trial', () => {
    const tallyIn = (cover: CoverSpec) => {
      const runner = new NeteaRunner(engagement([shooters, placed('t', 1, formation('t', [[1, warhound]]), { front: 30, cover })], [shootStep(0, 1)]));
      const tally = new Float64Array(runner.layout.length);
      runner.run(rngFromSeed('no-effect'), 20_000, tally);
      return Array.from(tally);
    };
    expect(tallyIn(at('gun-emplacement'))).toEqual(tallyIn({ kind: 'none' }));
  });
});

describe('fire plan: identical to the general path for units in fortified positions', () => {
  const expectSameAsGeneral = (spec: EngagementSpec): void => expectFirePlanSameAsGeneral(spec, 'fortified', 20_000);

  const flamer = weapon('flamer', [{ range: 30, ap: 4, ignoreCover: true }]);
  const lance = weapon('lance', [{ range: 30, at: 4, lance: true }]);
  const gunners = unit('gunners', { type: 'INF', armour: 5 }, [{ weapon: flamer }, { weapon: bolter }, { weapon: lascannon }, { weapon: lance }]);
  const mixed = formation('mixed', [[3, tactical], [2, rhino], [2, basilisk], [1, buggy]], { points: 400 });

  it('each position, some units in it, with and without crossfire', () => {
    for (const position of ['bunker', 'gun-emplacement', 'trench'] as const) {
      for (const crossfire of [false, true]) {
        expectSameAsGeneral(engagement([placed('g', 0, formation('g', [[4, gunners]]), { front: 0 }), placed('t', 1, mixed, { front: 20, cover: at(position), coverUnits: [0, 1, 3, 5, 7] })], [shootStep(0, 1, { crossfire })]));
      }
    }
  });
});
