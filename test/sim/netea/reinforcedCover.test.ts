import { describe, expect, it } from 'vitest';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import { saveCode } from '../../../src/rulesets/netea/engine/saves/saveStack.js';
import { firstSave, rerollSave, secondSave } from '../../../src/rulesets/netea/engine/saves/saveCode.js';
import * as C from '../../../src/rulesets/netea/engine/codes.js';
import { binomialPmf, killsFromHits } from '../../helpers/exact.js';
import { expectDistribution, simulate } from '../../helpers/simulate.js';
import { engagement, formation, placed, shootStep, unit, weapon } from '../../helpers/fixtures.js';

/**
 * TP FAQ Reinforced Armour: "Can a unit with reinforced armour re-roll a cover save against a
 * non-macro-weapon hit? Yes, but only using its armour value." The FAQ settles the spec's
 * ambiguity, whose recommendation (re-roll the cover save) the engine followed before.
 */

const gun = weapon('gun', [{ range: 60, ap: 2 }]);
const shooters = formation('a', [[6, unit('shooter', { type: 'INF' }, [{ weapon: gun }])]]);
const veteran = unit('veteran', { type: 'INF', armour: 5, cc: 4, ff: 4, abilities: ['reinforced-armour'] });
const inCover = () => engagement([placed('a', 0, shooters, { front: 0 }), placed('t', 1, formation('t', [[6, veteran]]), { front: 30, cover: { kind: 'save', save: 4 } })], [shootStep(0, 1)]);

const rolls = (code: number) => [firstSave(code), rerollSave(code), secondSave(code)];

describe('reinforced armour re-rolls a failed cover save with its armour value (TP FAQ)', () => {
  it('the save code: 4+ cover, re-rolled on the unit\'s 5+; one worse each in a crossfire; the armour alone against ignore-cover', () => {
    const e = new NeteaRunner(inCover()).e;
    const u = 6;
    expect(rolls(saveCode(e, u, 0, false, false))).toEqual([4, 5, 7]);
    expect(rolls(saveCode(e, u, 0, true, false))).toEqual([5, 6, 7]);
    expect(rolls(saveCode(e, u, C.H_IGNORE_COVER, false, false))).toEqual([5, 5, 7]);
    expect(rolls(saveCode(e, u, C.H_MW, false, false))).toEqual([5, 7, 7]);
  });

  it('six AP2+ shots at six veterans in 4+ cover: a hit kills with 1/2 x 2/3 = 1/3 (the cover save re-rolled would make it 1/4)', () => {
    // Each shot hits on 2+ (AP2, -1 for cover: 3+, so 2/3); a hit kills when the 4+ fails (1/2) and the 5+ re-roll fails (2/3).
    const out = simulate(inCover(), 'reinforced-cover')(0, 1);
    expectDistribution(out.unitsKilled.distribution, killsFromHits(binomialPmf(6, 2 / 3), 6, 1 / 3));
  });
});
