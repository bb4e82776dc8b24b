import { describe, expect, it } from 'vitest';
import { epic40kShootEngagement, OPEN_GROUND } from '../../../src/rulesets/epic40k/engine/engagements.js';
import { attackDice, COLUMN_A, COLUMN_B, COLUMN_C, COLUMN_FP, FIREPOWER_TABLE, firepowerColumn, hitDice } from '../../../src/rulesets/epic40k/engine/firepowerTable.js';
import { firepowerBlastMarkers, superHeavyBlastMarkers } from '../../../src/rulesets/epic40k/engine/blastMarkers.js';
import { allocateDice } from '../../../src/rulesets/epic40k/engine/allocateDice.js';
import { Epic40kRunner } from '../../../src/rulesets/epic40k/engine/runner.js';
import { binomialPmf, convolve } from '../../helpers/exact.js';
import { ScriptedDice } from '../../helpers/scriptedDice.js';
import { expectDistribution, expectP } from '../../helpers/simulate.js';
import { detachment, simulate40k, unit } from './fixtures.js';

const G = { gap: 20, rankWidth: 40, spacing: 1 };
const shot = (a: ReturnType<typeof detachment>, t: ReturnType<typeof detachment>, target = OPEN_GROUND, attacker = OPEN_GROUND, options = {}) =>
  epic40kShootEngagement(a, t, { geometry: G, attacker, target, options });

describe('the firepower table (L1050-1083)', () => {
  it('is the seed verbatim', () => {
    // L1058-1077, columns A B C.
    const printed = `1 1 1 1|2 2 1 1|3 2 2 1|4 3 2 2|5 4 3 2|6 5 3 3|7 5 4 3|8 6 4 3|9 7 5 4|10 8 5 4|11 8 6 4|12 9 6 5|13 10 7 5|14 11 7 5|15 11 8 6|16 12 8 6|17 13 9 7|18 14 9 7|19 14 10 7|20 15 10 8`;
    printed.split('|').forEach((row) => {
      const [fp, a, b, c] = row.split(' ').map(Number) as [number, number, number, number];
      expect([attackDice(fp, COLUMN_A), attackDice(fp, COLUMN_B), attackDice(fp, COLUMN_C)], `FP ${fp}`).toEqual([a, b, c]);
    });
    expect(FIREPOWER_TABLE.length).toBe(60);
  });

  it('L1079: FP 10 at a vehicle in the open rolls 5; FP 19 at marching infantry 14; FP 24 is 20 + 4; L1083 immobilised war engine in the open: dice = FP', () => {
    expect(hitDice(10, firepowerColumn(false, false, false, false))).toBe(5);
    expect(hitDice(19, firepowerColumn(false, false, false, true))).toBe(14);
    expect(hitDice(24, COLUMN_B)).toBe(attackDice(20, COLUMN_B) + attackDice(4, COLUMN_B));
    expect(hitDice(13, firepowerColumn(true, true, false, false))).toBe(13);
    expect(firepowerColumn(true, false, false, false)).toBe(COLUMN_A);
    expect(firepowerColumn(true, false, true, false)).toBe(COLUMN_B);
    expect(firepowerColumn(true, true, true, false)).toBe(COLUMN_A);
    expect(firepowerColumn(false, false, true, true)).toBe(COLUMN_C);
    expect(COLUMN_FP).toBe(3);
  });

  it('rolls exactly the dice of the worked examples (forced dice)', () => {
    // FP 10 (ten FP-1 units) at 10 vehicles of Armor 6 in the open: 5 dice, all 6s kill 5.
    const r10 = new Epic40kRunner(shot(detachment([10, unit('Gun', { fp: 1 })]), detachment([10, unit('Tank', { kind: 'vehicle', armour: 6 })])));
    r10.state.reset();
    const dice10 = new ScriptedDice([6, 6, 6, 6, 6]);
    r10.playStep(dice10, 0);
    expect(dice10.used).toBe(5);
    expect(r10.state.aliveIn(1)).toBe(5);
    // FP 19 at 20 marching infantry of Armor 6: 14 dice.
    const r19 = new Epic40kRunner(shot(detachment([19, unit('Gun', { fp: 1 })]), detachment([20, unit('Boy', { armour: 6 })]), { ...OPEN_GROUND, order: 'march' }));
    r19.state.reset();
    const dice19 = new ScriptedDice(new Array(14).fill(6));
    r19.playStep(dice19, 0);
    expect(dice19.used).toBe(14);
    expect(r19.state.aliveIn(1)).toBe(6);
  });
});

describe('Blast markers (L1041-1046, L1115-1120)', () => {
  it('follows both tables', () => {
    expect([0, 1, 7, 8, 15, 16, 23, 24, 40].map((fp) => firepowerBlastMarkers(fp, false))).toEqual([0, 0, 0, 1, 1, 2, 2, 3, 3]);
    expect([1, 7].map((fp) => firepowerBlastMarkers(fp, true))).toEqual([1, 1]);
    expect([0, 1, 3, 4, 8, 9, 20].map((n) => superHeavyBlastMarkers(n, false))).toEqual([0, 0, 0, 1, 1, 2, 2]);
    expect(superHeavyBlastMarkers(3, true)).toBe(1);
  });
});

describe('lowest armour and allocation (L1087-1103)', () => {
  it('the seed example: Gretchin 3+, Battlewagons 5+, Orks 4+; rolls 2,2,3,4,4,5,5,6 discard the two 2s', () => {
    // FP 15 in the open rolls 8 dice (column B). Nearest first: Gretchin, Orks, then 12 Battlewagons.
    const target = detachment([1, unit('Gretchin', { armour: 3 })], [1, unit('Orks', { armour: 4 })], [12, unit('Battlewagon', { kind: 'vehicle', armour: 5 })]);
    const r = new Epic40kRunner(shot(detachment([15, unit('Gun', { fp: 1 })]), target));
    r.state.reset();
    const dice = new ScriptedDice([2, 2, 3, 4, 4, 5, 5, 6]);
    r.playStep(dice, 0);
    expect(dice.used).toBe(8);
    // Lowest first: 3 -> Gretchin; 4 -> Orks; 4 -> Gretchin (both have one, Gretchin nearer); 5, 5, 6 -> three Battlewagons.
    expect(r.state.aliveIn(1)).toBe(14 - 5);
    expect(r.state.bm[1]).toBe(1); // FP 15: one Blast marker
  });

  it('allocation order is a switch: dice {3, 5} at a near Armor 3 and a far Armor 5', () => {
    const armour = Int8Array.of(3, 5);
    const eligible = Int32Array.of(0, 1);
    const faces = new Int32Array(7);
    faces[3] = 1;
    faces[5] = 1;
    const low = new Int32Array(2);
    expect(allocateDice(faces, eligible, 2, armour, low, false)).toBe(2);
    expect([...low]).toEqual([1, 1]);
    const high = new Int32Array(2);
    // Highest first: the 5 goes to the near unit, the 3 can only affect the near unit again: one kill.
    expect(allocateDice(faces, eligible, 2, armour, high, true)).toBe(2);
    expect([...high]).toEqual([2, 0]);
  });

  // FP 3 in the open: 2 dice (column B) at [near Armor 3, far Armor 5]. Kills by enumeration of the 36 rolls,
  // the rule applied by hand: a die goes to the nearest unit it can affect with the fewest hits.
  function exactMixed(highestFirst: boolean): number[] {
    const pmf = [0, 0, 0];
    for (let a = 1; a <= 6; a++) {
      for (let b = 1; b <= 6; b++) {
        const [first, second] = highestFirst ? [Math.max(a, b), Math.min(a, b)] : [Math.min(a, b), Math.max(a, b)];
        let near = 0;
        let far = 0;
        for (const d of [first, second]) {
          if (d < 3) continue; // below the lowest armour
          if (d >= 5 && near > far) far++;
          else near++;
        }
        pmf[(near > 0 ? 1 : 0) + (far > 0 ? 1 : 0)]! += 1 / 36;
      }
    }
    return pmf;
  }

  for (const order of ['lowest-first', 'highest-first'] as const) {
    it(`mixed armour, ${order}: the Monte Carlo matches the enumeration`, () => {
      const target = detachment([1, unit('Guard', { armour: 3 })], [1, unit('Marine', { armour: 5 })]);
      const sim = simulate40k(shot(detachment([3, unit('Gun', { fp: 1 })]), target, OPEN_GROUND, OPEN_GROUND, { allocationOrder: order }), `mixed-${order}`);
      expectDistribution(sim.at(0, 1).unitsKilled.distribution, exactMixed(order === 'highest-first'));
    });
  }
  it('the two orders differ (lowest first kills more)', () => {
    const mean = (p: number[]) => p.reduce((s, x, k) => s + k * x, 0);
    expect(mean(exactMixed(false))).toBeGreaterThan(mean(exactMixed(true)) + 0.05);
  });
});

describe('exact kill distributions', () => {
  it('FP 10 at 10 vehicles of Armor 4 in the open: 5 dice, Binomial(5, 1/2)', () => {
    const sim = simulate40k(shot(detachment([10, unit('Gun')]), detachment([10, unit('Tank', { kind: 'vehicle', armour: 4 })])), 'fp10');
    expectDistribution(sim.at(0, 1).unitsKilled.distribution, [...binomialPmf(5, 1 / 2), 0, 0, 0, 0, 0]);
    // FP 8-15: one Blast marker whatever the dice.
    expect(sim.at(0, 1).blastMarkers.mean).toBe(1);
  });

  it('cover counts twice: 10 FP at Imperial Guard (Armor 3) in the open 5 dice at 4+... in woods 4 dice at Armor 4', () => {
    const guard = detachment([10, unit('Imperial Guard', { armour: 3 })]);
    const open = simulate40k(shot(detachment([10, unit('Gun')]), guard), 'open');
    expectDistribution(open.at(0, 1).unitsKilled.distribution, [...binomialPmf(5, 4 / 6), 0, 0, 0, 0, 0]);
    const woods = simulate40k(shot(detachment([10, unit('Gun')]), guard, { ...OPEN_GROUND, cover: 1 }), 'woods');
    expectDistribution(woods.at(0, 1).unitsKilled.distribution, [...binomialPmf(4, 1 / 2), 0, 0, 0, 0, 0, 0]);
    expect(Math.abs(woods.at(0, 1).unitsKilled.mean - 2)).toBeLessThan(0.02);
    expect(Math.abs(open.at(0, 1).unitsKilled.mean - 10 / 3)).toBeLessThan(0.02);
  });

  it('war engines one column better (the table\'s header, L1054-1057): FP 6 at a mobile war engine in the open rolls 5 dice (column A), not 3; each 5+ a damage point, each point a critical on a 6 adding 1 (L759)', () => {
    const engine = unit('Engine', { kind: 'war-engine', armour: 5, damageCapacity: 12, fp: 0, range: null });
    const sim = simulate40k(shot(detachment([6, unit('Gun')]), detachment([1, engine])), 'we-column');
    // Damage per die: 0 (2/3), 1 (1/3 x 5/6), 2 (1/3 x 1/6); five dice.
    let pmf = [1];
    for (let i = 0; i < 5; i++) pmf = convolve(pmf, [2 / 3, 5 / 18, 1 / 18]);
    const mean = pmf.reduce((s, p, k) => s + p * k, 0);
    const variance = pmf.reduce((s, p, k) => s + p * (k - mean) ** 2, 0);
    expect(mean).toBeCloseTo((5 * 7) / 18, 12);
    // The 99.9% normal interval of a mean (z 3.2905).
    expect(Math.abs(sim.at(0, 1).warEngineDamage.mean - mean)).toBeLessThanOrEqual(3.2905 * Math.sqrt(variance / sim.trials));
    expect(sim.at(0, 1).unitsKilled.mean).toBe(0);
  });

  it('FP 19 at marching infantry (Armor 5): 14 dice, Binomial(14, 1/3)', () => {
    const sim = simulate40k(shot(detachment([19, unit('Gun')]), detachment([20, unit('Boy', { armour: 5 })]), { ...OPEN_GROUND, order: 'march' }), 'march');
    expectDistribution(sim.at(0, 1).unitsKilled.distribution, [...binomialPmf(14, 1 / 3), ...new Array(6).fill(0)]);
  });

  it('FP 4 of 4 units with 2 Blast markers (-1 FP each) on Assault orders: ceil(4/2) - 2 = 0 dice; without markers 2 dice', () => {
    const t = detachment([6, unit('Boy', { armour: 4 })]);
    const none = simulate40k(shot(detachment([4, unit('Gun')]), t, OPEN_GROUND, { ...OPEN_GROUND, order: 'assault', blastMarkers: 2 }), 'bm', 20_000);
    expect(none.at(0, 1).unitsKilled.mean).toBe(0);
    const two = simulate40k(shot(detachment([4, unit('Gun')]), t, OPEN_GROUND, { ...OPEN_GROUND, order: 'assault' }), 'halved');
    // ceil(4/2) = 2 FP: 1 die (column B).
    expectDistribution(two.at(0, 1).unitsKilled.distribution, [1 / 2, 1 / 2, 0, 0, 0, 0, 0]);
  });

  it('Overwatch re-rolls misses: 2 FP (1 die) at Armor 5 kills with 1 - (4/6)^2; Rapid Fire doubles to 4 FP (2 dice)', () => {
    const t = detachment([6, unit('Marine', { armour: 5 })]);
    const ow = simulate40k(shot(detachment([2, unit('Gun')]), t, OPEN_GROUND, { ...OPEN_GROUND, order: 'overwatch' }), 'ow');
    const p = 1 - (4 / 6) ** 2;
    expectDistribution(ow.at(0, 1).unitsKilled.distribution, [1 - p, p, 0, 0, 0, 0, 0]);
    const rf = simulate40k(shot(detachment([2, unit('Space Marines', { abilities: ['rapid-fire'] })]), t, OPEN_GROUND, { ...OPEN_GROUND, order: 'overwatch' }), 'rf');
    expectDistribution(rf.at(0, 1).unitsKilled.distribution, [...binomialPmf(2, p), 0, 0, 0, 0]);
  });

  it('Save 4+ (L1432): FP 10 at 10 Terminators (Armor 5, Save): each of 5 dice kills with 2/6 x 1/2', () => {
    const sim = simulate40k(shot(detachment([10, unit('Gun')]), detachment([10, unit('Terminators', { armour: 5, abilities: ['save'] })])), 'save');
    expectDistribution(sim.at(0, 1).unitsKilled.distribution, [...binomialPmf(5, 1 / 6), 0, 0, 0, 0, 0]);
  });
});

describe('super-heavy and special weapons', () => {
  const landRaider = unit('Land Raider', { kind: 'vehicle', armour: 6, firepower: { kind: 'anti-tank', shots: 2 } });
  it('anti-tank (L1324): two shots at 4+ whatever the Armor; 1-3 super-heavy weapons give a Blast marker only with a hit', () => {
    const sim = simulate40k(shot(detachment([1, landRaider]), detachment([4, unit('Knight', { armour: 6, kind: 'vehicle' })])), 'at');
    const o = sim.at(0, 1);
    expectDistribution(o.unitsKilled.distribution, [...binomialPmf(2, 1 / 2), 0, 0]);
    expectP(o.blastMarkers.mean, 3 / 4);
  });
  it('4 super-heavy weapons: one Blast marker whatever happens (L1117)', () => {
    const sim = simulate40k(shot(detachment([2, landRaider]), detachment([6, unit('Knight', { armour: 6, kind: 'vehicle' })])), 'at4', 20_000);
    expect(sim.at(0, 1).blastMarkers.mean).toBe(1);
  });
  it('anti-tank against a Save: 1/2 x 1/2 per shot', () => {
    const sim = simulate40k(shot(detachment([1, landRaider]), detachment([4, unit('Daemon', { armour: 4, abilities: ['save'] })])), 'at-save');
    expectDistribution(sim.at(0, 1).unitsKilled.distribution, [...binomialPmf(2, 1 / 4), 0, 0]);
  });
  it('death ray (L1336) at a war engine with 2 void shields: shields absorb the first two hits, the third is damage and always critical', () => {
    const titan = unit('Titan', { kind: 'war-engine', armour: 6, damageCapacity: 4, shields: { kind: 'void', points: 2 } });
    const dr = unit('Death Ray', { kind: 'war-engine', armour: 6, damageCapacity: 8, firepower: { kind: 'death-ray', shots: 3 } });
    const sim = simulate40k(shot(detachment([1, dr]), detachment([1, titan])), 'dr');
    const p3 = (5 / 6) ** 3;
    // 3 hits: 1 point + 1 critical (criticalExtraDamage 1) = 2 damage; fewer: 0.
    expect(Math.abs(sim.at(0, 1).warEngineDamage.mean - 2 * p3)).toBeLessThan(3.3 * Math.sqrt((4 * p3 * (1 - p3)) / sim.trials));
    expect(sim.at(0, 1).unitsKilled.mean).toBe(0);
  });
  it('disrupt (L1340): a Blast marker on 4+, no damage', () => {
    const sim = simulate40k(shot(detachment([3, unit('Pulsa Rokkit', { firepower: { kind: 'disrupt' }, range: { min: 0, max: 45 } })]), detachment([4, unit('Boy')])), 'disrupt');
    expectDistribution(sim.at(0, 1).unitsKilled.distribution, [1, 0, 0, 0, 0]);
    // Markers: Binomial(3, 1/2); a third of them is a mean of three Bernoulli(1/2), whose 99.9% interval is within a proportion's.
    expectP(sim.at(0, 1).blastMarkers.mean / 3, 1 / 2);
  });
  it('barrage (L1328): firepower = units under the template (3 by default) added to the total', () => {
    // One Griffon (Barrage) + 5 FP-1 guns = 8 FP: 4 dice at Armor 4, and one Blast marker.
    const t = detachment([10, unit('Boy', { armour: 4 })]);
    const sim = simulate40k(shot(detachment([1, unit('Griffon', { kind: 'vehicle', firepower: { kind: 'barrage' } })], [5, unit('Gun')]), t), 'barrage');
    expectDistribution(sim.at(0, 1).unitsKilled.distribution, [...binomialPmf(4, 1 / 2), ...new Array(6).fill(0)]);
    expect(sim.at(0, 1).blastMarkers.mean).toBe(1);
  });
});
