import { describe, expect, it } from 'vitest';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import { rngFromSeed } from '../../../src/sim/rng.js';
import { resolveHit } from '../../../src/rulesets/netea/engine/damage.js';
import { shoot } from '../../../src/rulesets/netea/engine/shoot.js';
import { regainShadowfields } from '../../../src/rulesets/netea/engine/saves/shadowfields.js';
import { regenerate } from '../../../src/rulesets/netea/engine/regeneration.js';
import { assaultHitFlags } from '../../../src/rulesets/netea/engine/assault/attacks.js';
import { saveCode } from '../../../src/rulesets/netea/engine/saves/saveStack.js';
import { firstSave, rerollSave, secondSave } from '../../../src/rulesets/netea/engine/saves/saveCode.js';
import { saveCodeChance } from '../../../src/rulesets/netea/engine/saves/saveCodeChance.js';
import { saveCodeFailChance } from '../../../src/rulesets/netea/engine/saves/saveCodeFailChance.js';
import * as C from '../../../src/rulesets/netea/engine/codes.js';
import type { EngagementSpec } from '../../../src/rulesets/netea/model/spec.js';
import { binomialPmf, killsFromHits } from '../../helpers/exact.js';
import { EXACT_TRIALS, expectDistribution, simulate } from '../../helpers/simulate.js';
import { ScriptedDice } from '../../helpers/scriptedDice.js';
import { engagement, formation, placed, shootStep, unit, weapon, type TestUnit } from '../../helpers/fixtures.js';

/**
 * The save stack (saves/saveStack.ts): the save codes it decides for each
 * Tournament Pack save rule, the dice the general procedure rolls for them
 * (forced dice), exact probabilities by Monte Carlo, and the fire plan rolling
 * the same codes as the general path, bit for bit.
 */

const gun = weapon('gun', [{ range: 60, ap: 4, at: 4 }]);
const shooter = unit('shooter', { type: 'AV' }, [{ weapon: gun }]);

/** An engagement with one target formation; returns the engagement and the index of its first unit. */
function target(t: TestUnit, n = 1): { e: NeteaRunner['e']; u: number } {
  const runner = new NeteaRunner(engagement([placed('a', 0, formation('a', [[1, shooter]]), { front: 0 }), placed('t', 1, formation('t', [[n, t]]), { front: 30 })], [shootStep(0, 1)]));
  return { e: runner.e, u: 1 };
}

/** [first save, re-roll, second save] of a code; 7 is "no roll". */
const rolls = (code: number) => [firstSave(code), rerollSave(code), secondSave(code)];

const holofieldTitan = unit('phantom', { type: 'WE', armour: 5, cc: 3, ff: 4, damageCapacity: 6, abilities: ['holofield', 'reinforced-armour'] });
const knight = unit('knight', { type: 'WE', armour: 4, cc: 4, ff: 4, damageCapacity: 2, abilities: ['knight-shield', 'reinforced-armour'] });
const warrior = unit('warrior', { type: 'INF', armour: 4, cc: 4, ff: 4, abilities: ['living-metal'] });
const manta = unit('manta', { type: 'WE', armour: 4, cc: 6, ff: 5, damageCapacity: 8, abilities: ['deflector-shield', 'invulnerable-save'] });
const wych = unit('wych', { type: 'INF', armour: null, assaultArmour: 5, cc: 3, ff: 6 });

describe('the save stack decides each rule\'s rolls', () => {
  it('Holofield: 3+ instead of armour against every hit, modified by crossfire and sniper; the re-roll is the armour save, never against MW, lance or TK', () => {
    const { e, u } = target(holofieldTitan);
    expect(rolls(saveCode(e, u, 0, false, false))).toEqual([3, 5, 7]);
    expect(rolls(saveCode(e, u, C.H_MW, false, false))).toEqual([3, 7, 7]);
    expect(rolls(saveCode(e, u, C.H_TK, false, false))).toEqual([3, 7, 7]);
    expect(rolls(saveCode(e, u, C.H_LANCE, false, false))).toEqual([3, 7, 7]);
    expect(rolls(saveCode(e, u, assaultHitFlags(true, false), false, false))).toEqual([3, 5, 7]);
    expect(rolls(saveCode(e, u, 0, true, false))).toEqual([4, 6, 7]);
    expect(rolls(saveCode(e, u, C.H_SNIPER, true, false))).toEqual([5, 7, 7]);
    // The one save of a Titan Killer hit rolled, its damage points get none.
    expect(rolls(saveCode(e, u, C.H_TK | C.H_FIELD_ROLLED, false, false))).toEqual([7, 7, 7]);
  });

  it('Knight Shield: an unmodified 4+ even against MW, lance and TK; the armour re-roll; none in a crossfire or against supporting fire', () => {
    const { e, u } = target(knight);
    expect(rolls(saveCode(e, u, 0, false, false))).toEqual([4, 4, 7]);
    expect(rolls(saveCode(e, u, C.H_SNIPER, false, false))).toEqual([4, 5, 7]);
    expect(rolls(saveCode(e, u, C.H_MW, false, false))).toEqual([4, 7, 7]);
    expect(rolls(saveCode(e, u, C.H_TK, false, false))).toEqual([4, 7, 7]);
    expect(rolls(saveCode(e, u, C.H_LANCE, false, false))).toEqual([4, 7, 7]);
    // Crossfire: the armour save, one worse, and its re-roll.
    expect(rolls(saveCode(e, u, 0, true, false))).toEqual([5, 5, 7]);
    expect(rolls(saveCode(e, u, C.H_TK, true, false))).toEqual([7, 7, 7]);
    expect(rolls(saveCode(e, u, assaultHitFlags(false, true), false, false))).toEqual([4, 4, 7]);
    expect(rolls(saveCode(e, u, assaultHitFlags(false, true) | C.H_MW, false, false))).toEqual([4, 7, 7]);
    expect(rolls(saveCode(e, u, assaultHitFlags(false, true) | C.H_TK, false, false))).toEqual([7, 7, 7]);
  });

  it('second saves: Living Metal 4+ and Deflector 5+ after a failed or denied save, the best of several; none against no-save hits', () => {
    const w = target(warrior);
    expect(rolls(saveCode(w.e, w.u, 0, false, false))).toEqual([4, 7, 4]);
    expect(rolls(saveCode(w.e, w.u, C.H_MW, false, false))).toEqual([7, 7, 4]);
    expect(rolls(saveCode(w.e, w.u, C.H_NO_SAVE, false, false))).toEqual([7, 7, 7]);
    const m = target(manta);
    expect(rolls(saveCode(m.e, m.u, C.H_TK, false, false))).toEqual([7, 7, 5]);
  });

  it('armour in assaults only: none against shooting, 5+ against close combat, firefight and supporting fire', () => {
    const { e, u } = target(wych);
    expect(rolls(saveCode(e, u, 0, false, false))).toEqual([7, 7, 7]);
    expect(rolls(saveCode(e, u, assaultHitFlags(true, false), false, true))).toEqual([5, 7, 7]);
    expect(rolls(saveCode(e, u, assaultHitFlags(false, false), false, true))).toEqual([5, 7, 7]);
    expect(rolls(saveCode(e, u, assaultHitFlags(false, true), false, true))).toEqual([5, 7, 7]);
  });

  it('the chance a code saves, two ways: 3+ re-rolled on 5+ saves 2/3 + 1/3 x 1/3 = 7/9; 4+ then a 4+ second save 3/4', () => {
    const { e, u } = target(holofieldTitan);
    const code = saveCode(e, u, 0, false, false);
    expect(saveCodeChance(code)).toBeCloseTo(7 / 9, 15);
    expect(saveCodeFailChance(code)).toBeCloseTo(2 / 9, 15);
    const w = target(warrior);
    expect(saveCodeChance(saveCode(w.e, w.u, 0, false, false))).toBeCloseTo(3 / 4, 15);
    expect(saveCodeFailChance(saveCode(w.e, w.u, 0, false, false))).toBeCloseTo(1 / 4, 15);
  });
});

describe('Titan Killer hits: one Holofield save for the whole hit, a Knight Shield save per point (forced dice)', () => {
  it('a TK(D3) hit of 3 points on a Holofield titan: one failed 3+ save (a 2), then three points, each rolling for a critical', () => {
    const { e, u } = target(holofieldTitan);
    const rng = new ScriptedDice([2, 1, 1, 1]);
    resolveHit(e, u, C.H_TK | C.H_MW, 3, false, false, rng);
    expect(rng.used).toBe(4);
    expect(e.stDC[u]).toBe(3);
  });

  it('the same hit saved by the one Holofield save (a 3): no damage, one die', () => {
    const { e, u } = target(holofieldTitan);
    const rng = new ScriptedDice([3]);
    resolveHit(e, u, C.H_TK | C.H_MW, 3, false, false, rng);
    expect(rng.used).toBe(1);
    expect(e.stDC[u]).toBe(6);
  });

  it('a TK hit of 2 points on a Knight: the first point saved (a 4), the second not (a 3), a critical roll of 1', () => {
    const { e, u } = target(knight);
    const rng = new ScriptedDice([4, 3, 1]);
    resolveHit(e, u, C.H_TK | C.H_MW, 2, false, false, rng);
    expect(rng.used).toBe(3);
    expect(e.stDC[u]).toBe(1);
  });
});

describe('TP save rules: exact probabilities', () => {
  it('6 AP4+ shots at 10 Necron warriors (4+ armour, Living Metal 4+): each hit kills with 1/4', () => {
    const spec = engagement([placed('a', 0, formation('a', [[6, shooter]]), { front: 0 }), placed('t', 1, formation('t', [[10, warrior]]), { front: 30 })], [shootStep(0, 1)]);
    const out = simulate(spec, 'living-metal')(0, 1);
    expectDistribution(out.unitsKilled.distribution, killsFromHits(binomialPmf(6, 1 / 2), 10, 1 / 4));
  });

  it('4 AT4+ shots at a Holofield titan (armour 5+ re-rolled): each hit does a point of damage with 2/9', () => {
    const spec = engagement([placed('a', 0, formation('a', [[4, shooter]]), { front: 0 }), placed('t', 1, formation('t', [[1, holofieldTitan]]), { front: 30 })], [shootStep(0, 1)]);
    const out = simulate(spec, 'holofield')(0, 1);
    // Damage ~ Binomial(4, 1/9): mean 4/9, variance 4 x 1/9 x 8/9; the 99.9% interval of the mean.
    const p = (1 / 2) * (2 / 9);
    const tolerance = (3.29 * Math.sqrt(4 * p * (1 - p))) / Math.sqrt(EXACT_TRIALS);
    expect(Math.abs(out.warEngineDamage.mean - 4 * p)).toBeLessThan(tolerance);
  });
});

describe('the fire plan rolls the save stack\'s codes as the general path does', () => {
  function tallyOf(spec: EngagementSpec, firePlan: boolean): { path: string; tally: number[] } {
    const runner = new NeteaRunner(spec, { firePlan });
    const tally = new Float64Array(runner.layout.length);
    runner.run(rngFromSeed('saves'), 20_000, tally);
    return { path: runner.path, tally: Array.from(tally) };
  }

  it('Living Metal warriors and Deflector-shielded infantry under AP and AT fire, in a crossfire', () => {
    const drone = unit('drone', { type: 'INF', armour: 5, abilities: ['deflector-shield'] });
    const spec = engagement(
      [placed('a', 0, formation('a', [[6, shooter]]), { front: 0 }), placed('t', 1, formation('t', [[4, warrior], [4, drone]]), { front: 30 })],
      [shootStep(0, 1, { crossfire: true })],
    );
    const fast = tallyOf(spec, true);
    const general = tallyOf(spec, false);
    expect(fast.path).toBe('fire plan');
    expect(general.path).toBe('general (fire plans turned off)');
    expect(fast.tally).toEqual(general.tally);
  });
});

describe('Shadowfields and Regeneration (TP, forced dice)', () => {
  const lance = weapon('dark-lance', [{ range: 60, at: 4 }]);
  const raider = unit('raider', { type: 'AV' }, [{ weapon: lance }]);
  const tormentor = unit('tormentor', { type: 'WE', armour: 5, cc: 4, ff: 4, damageCapacity: 4, shadowfields: 2 });
  const hierodule = unit('hierodule', { type: 'WE', armour: 4, cc: 3, ff: 5, damageCapacity: 4, abilities: ['regeneration'] });

  function shadowed(fields = 2) {
    const runner = new NeteaRunner(
      engagement([placed('a', 0, formation('a', [[1, raider]]), { front: 0 }), placed('t', 1, formation('t', [[1, { ...tormentor, unit: { ...tormentor.unit, shadowfields: fields } }]]), { front: 30 })], [shootStep(0, 1)]),
    );
    return runner;
  }

  it('an active shadowfield counts as cover: an AT4+ shot needs a 5, so a 4 misses', () => {
    const runner = shadowed();
    const rng = new ScriptedDice([4]);
    runner.reset(rng);
    shoot(runner.e, 0, 1, C.ACTION_ADVANCE, false, true, rng);
    expect(rng.used).toBe(1);
    expect(runner.e.saves.stShadowfields[1]).toBe(2);
  });

  it('a 5 hits and the shadowfield takes the whole hit: no save rolled, one field down, no damage', () => {
    const runner = shadowed();
    const rng = new ScriptedDice([5]);
    runner.reset(rng);
    shoot(runner.e, 0, 1, C.ACTION_ADVANCE, false, true, rng);
    expect(rng.used).toBe(1);
    expect(runner.e.saves.stShadowfields[1]).toBe(1);
    expect(runner.e.stDC[1]).toBe(4);
  });

  it('a Titan Killer hit of 3 points goes into one field; a close-combat hit goes past the fields to the 5+ save (a 4 fails, critical roll 1)', () => {
    const { e, u } = target(tormentor);
    resolveHit(e, u, C.H_TK | C.H_MW, 3, false, false, new ScriptedDice([]));
    expect(e.saves.stShadowfields[u]).toBe(1);
    expect(e.stDC[u]).toBe(4);
    const rng = new ScriptedDice([4, 1]);
    resolveHit(e, u, assaultHitFlags(true, false), 1, false, false, rng);
    expect(rng.used).toBe(2);
    expect(e.saves.stShadowfields[u]).toBe(1);
    expect(e.stDC[u]).toBe(3);
  });

  it('with one field left a field comes back at the end of the rally phase, never above the start; with none left none does', () => {
    const { e, u } = target(tormentor);
    e.saves.stShadowfields[u] = 1;
    regainShadowfields(e);
    expect(e.saves.stShadowfields[u]).toBe(2);
    regainShadowfields(e);
    expect(e.saves.stShadowfields[u]).toBe(2);
    e.saves.stShadowfields[u] = 0;
    regainShadowfields(e);
    expect(e.saves.stShadowfields[u]).toBe(0);
  });

  it('Regeneration: a damaged war engine regains one point per end phase, up to its starting damage capacity, and its damage tally with it', () => {
    const { e, u } = target(hierodule);
    resolveHit(e, u, C.H_NO_SAVE, 1, false, false, new ScriptedDice([1]));
    resolveHit(e, u, C.H_NO_SAVE, 1, false, false, new ScriptedDice([1]));
    expect(e.stDC[u]).toBe(2);
    regenerate(e);
    expect(e.stDC[u]).toBe(3);
    expect(e.fDamage[1]).toBe(1);
    regenerate(e);
    regenerate(e);
    expect(e.stDC[u]).toBe(4);
    expect(e.fDamage[1]).toBe(0);
  });
});
