import { describe, expect, it } from 'vitest';
import { assault, AssaultPlan } from '../../../src/rulesets/heresy/engine/assault.js';
import { toHitNeed } from '../../../src/rulesets/heresy/engine/accuracy.js';
import { FRESH_IN_THE_OPEN, heresyAssaultEngagement, heresyShootEngagement } from '../../../src/rulesets/heresy/engine/engagements.js';
import { breakPoint, commandRadius, leadershipBonus, rally } from '../../../src/rulesets/heresy/engine/quality.js';
import { HeresyRunner } from '../../../src/rulesets/heresy/engine/runner.js';
import { FirePlan, shoot } from '../../../src/rulesets/heresy/engine/shoot.js';
import { chitPenalty } from '../../../src/rulesets/heresy/engine/suppression.js';
import type { HeresySpec } from '../../../src/rulesets/heresy/model/spec.js';
import { NO_RESULT, DEFENDER_WINS, ATTACKER_WINS } from '../../../src/rulesets/netea/engine/assault.js';
import { convolve } from '../../helpers/exact.js';
import { ScriptedDice } from '../../helpers/scriptedDice.js';
import { expectDistribution, expectP } from '../../helpers/simulate.js';
import { simulateHeresy, stand, unitOf } from './fixtures.js';

/** Independent oracle: P(at least one of n D10s >= t), written out from the faces. */
function pAtLeast(t: number): number {
  let c = 0;
  for (let f = 1; f <= 10; f++) if (f >= t) c++;
  return c / 10;
}

/** Kills when each of `dice` firepower dice independently yields k kills with probability perDie[k], capped at `stands`. */
function killsPmf(dice: number, perDie: number[], stands: number): number[] {
  let dist = [1];
  for (let i = 0; i < dice; i++) dist = convolve(dist, perDie);
  const out = new Array(stands + 1).fill(0);
  dist.forEach((p, k) => (out[Math.min(k, stands)] += p));
  return out;
}

const marine = stand('Space Marine', { accuracy: 6, armour: 5, assault: 4, quality: [5, 7, 9] });
const ork = stand('Ork', { accuracy: 7, armour: 3, assault: 2, quality: [7, 9, 10] });
const guard = stand('Imperial Guard', { accuracy: 8, armour: 3, assault: 1, quality: [6, 8, 10] });

function shot(by: HeresySpec['formations'][number]['formation'], at: HeresySpec['formations'][number]['formation'], o: { distance?: number; cover?: 0 | 1 | 2 | 3; options?: Partial<HeresySpec['options']> } = {}) {
  return heresyShootEngagement(by, at, { distance: o.distance ?? 20, attacker: FRESH_IN_THE_OPEN, target: { ...FRESH_IN_THE_OPEN, cover: o.cover ?? 0 }, options: o.options });
}

describe('fire resolution (seed 003, L20-140): exact distributions matched by the Monte Carlo', () => {
  const cases: Array<[string, () => HeresySpec, number, number[], number]> = [
    // name, spec, firepower dice, per-die kill pmf, target stands
    ['short range, open: 4 Marines (acc 6, bolter FP 1 Pen 1) at 8 Orks (armour 3): 0.5 x 0.8 per die', () => shot(unitOf([4, marine]), unitOf([8, ork])), 4, [0.6, 0.4], 8],
    ['long range (+2) into soft cover (+1 need, +1 armour): need 9, armour 4: 0.2 x 0.7', () => shot(unitOf([4, marine]), unitOf([8, ork]), { distance: 40, cover: 1 }), 4, [1 - 0.14, 0.14], 8],
    ['overflow: Guard (acc 8) into fortified cover: a natural 10, armour 3 + 3 + 1 = 7: 0.1 x 0.4 (L131-140)', () => shot(unitOf([10, guard]), unitOf([8, ork]), { cover: 3 }), 10, [0.96, 0.04], 8],
    ['Pen 2, any die (the default): acc 5 FP 2 at armour 7: 0.6 x (1 - 0.6^2)', () => shot(unitOf([3, stand('Heavy', { accuracy: 5, fp: 2, pen: 2 })]), unitOf([4, stand('Armoured', { armour: 7 })])), 6, [1 - 0.6 * 0.64, 0.6 * 0.64], 4],
    [
      'Pen 2, each die kills (switch penetration: each): per die 0.6 x Binomial(2, 0.4)',
      () => shot(unitOf([3, stand('Heavy', { accuracy: 5, fp: 2, pen: 2 })]), unitOf([4, stand('Armoured', { armour: 7 })]), { options: { penetration: 'each' } }),
      6,
      [0.4 + 0.6 * 0.36, 0.6 * 0.48, 0.6 * 0.16],
      4,
    ],
    ['Light Vehicle: -2 to the firer (L463-466): acc 5 needs 7, armour 4: 0.4 x 0.7', () => shot(unitOf([5, stand('Shooter', { accuracy: 5 })]), unitOf([3, stand('Bike', { type: 'light-vehicle', armour: 4 })])), 5, [0.72, 0.28], 3],
    ['Anti-tank: +1 penetration die against an Armored Vehicle (L499-500): acc 5, Pen 1 + 1 at armour 8: 0.6 x 0.51', () => shot(unitOf([4, stand('Lascannon', { accuracy: 5, skills: ['anti-tank'] })]), unitOf([2, stand('Tank', { type: 'armored-vehicle', armour: 8 })])), 4, [1 - 0.6 * 0.51, 0.6 * 0.51], 2],
  ];
  for (const [name, spec, dice, perDie, stands] of cases) {
    it(name, () => {
      const exact = killsPmf(dice, perDie, stands);
      const sim = simulateHeresy(spec(), name);
      expectDistribution(sim.at(0, 1).unitsKilled.distribution, exact);
      expect(sim.at(0, 0).unitsKilled.mean).toBe(0);
    });
  }

  // Who loses which stand (L59-70 never says): the Markov chain of kills over the dice, each die killing the next victim with P(hit) x P(penetrate its armour).
  function killsInOrder(dice: number, pHit: number, armours: number[]): number[] {
    let dist = [1];
    for (let i = 0; i < dice; i++) {
      const next = new Array(dist.length + 1).fill(0);
      dist.forEach((p, k) => {
        const pKill = k < armours.length ? pHit * pAtLeast(armours[k]!) : 0;
        next[k] += p * (1 - pKill);
        next[k + 1] += p * pKill;
      });
      dist = next;
    }
    return [...dist, ...new Array(Math.max(0, armours.length + 1 - dist.length)).fill(0)];
  }
  const nob = stand('Ork Nob', { accuracy: 7, armour: 5, assault: 3, quality: [6, 8, 10] });
  for (const [casualties, armours] of [
    ['owner', [3, 3, 3, 3, 3, 3, 5, 5]],
    ['front', [5, 5, 3, 3, 3, 3, 3, 3]],
  ] as const) {
    it(`casualties (switch shootingCasualties: ${casualties}): 6 Marines at 2 Nobs (armour 5, assault 3) in front of 6 Orks (armour 3, assault 2): ${casualties === 'owner' ? 'the Orks, weakest, first' : 'the Nobs, in front, first'}`, () => {
      const sim = simulateHeresy(shot(unitOf([6, marine]), unitOf([2, nob], [6, ork]), { options: { shootingCasualties: casualties } }), `casualties-${casualties}`);
      expectDistribution(sim.at(0, 1).unitsKilled.distribution, killsInOrder(6, pAtLeast(6), [...armours]));
    });
  }

  it('the oracle\'s per-die probabilities are the faces counted: 0.5, 0.8, 0.7, 0.4, 0.64, 0.51', () => {
    expect([pAtLeast(6), pAtLeast(3), pAtLeast(4), pAtLeast(7)]).toEqual([0.5, 0.8, 0.7, 0.4]);
    expect(1 - (1 - pAtLeast(7)) ** 2).toBeCloseTo(0.64, 12);
    expect(1 - (1 - pAtLeast(8)) ** 2).toBeCloseTo(0.51, 12);
  });

  it('Anti-infantry fire cannot affect Armored Vehicles (L467-470, L496-498): no kills in 20,000 trials', () => {
    const sim = simulateHeresy(shot(unitOf([6, stand('Rifles', { skills: ['anti-infantry'], fp: 3 })]), unitOf([2, stand('Tank', { type: 'armored-vehicle', armour: 2 })])), 'ai', 20_000);
    expect(sim.at(0, 1).unitsKilled.distribution[0]).toBe(1);
  });

  it('suppression (L149, L471-472, L189-190): dice > models, Rapid Fire x2, anti-infantry halved into cover; a chit each', () => {
    const rf = stand('Marine', { skills: ['rapid-fire'] });
    const ai = stand('Guard', { skills: ['anti-infantry'], accuracy: 8 });
    const chits = (spec: HeresySpec) => simulateHeresy(spec, 'supp', 2000).at(0, 1).blastMarkers.mean;
    expect(chits(shot(unitOf([4, rf]), unitOf([7, ork])))).toBe(1); // 8 dice > 7
    expect(chits(shot(unitOf([4, rf]), unitOf([8, ork])))).toBe(0); // 8 dice, 8 models
    expect(chits(shot(unitOf([4, marine]), unitOf([3, ork])))).toBe(1); // 4 > 3
    expect(chits(shot(unitOf([8, ai]), unitOf([4, ork]), { cover: 1 }))).toBe(0); // 8 / 2 = 4, not > 4
    expect(chits(shot(unitOf([9, ai]), unitOf([4, ork]), { cover: 1 }))).toBe(1); // 4.5 > 4
    expect([0, 1, 3, 4, 6, 7, 9, 10, 15].map(chitPenalty)).toEqual([0, 0, 0, 1, 1, 2, 2, 3, 3]);
  });

  it('to-hit need: penalties raise it; above 10 a natural 10 with the overflow on the armour', () => {
    expect(toHitNeed(6, 0)).toBe(6 * 16);
    expect(toHitNeed(8, 3)).toBe(10 * 16 + 1);
    expect(toHitNeed(6, 2 + 3 + 2)).toBe(10 * 16 + 3);
    expect(toHitNeed(3, -2)).toBe(1 * 16);
  });
});

/**
 * Independent oracle for an assault of two uniform units (L218-244): rounds
 * until a side is wiped out or fails its quality check (leaving the combat),
 * each side's D10 + bonus buying floor(points / cost) of the other's stands.
 */
function exactAssault(o: { nA: number; vA: number; qA: number; nD: number; vD: number; qD: number; supportA: number; coverAdd: number; maxRounds: number }) {
  const res = { aWins: 0, dWins: 0, none: 0, killedD: new Array(o.nD + 1).fill(0) as number[] };
  // Forward over rounds: the probability of each (a, d) still fighting.
  let states = new Map<number, number>([[o.nA * 1000 + o.nD, 1]]);
  for (let r = 1; r <= o.maxRounds && states.size > 0; r++) {
    const next = new Map<number, number>();
    for (const [key, p] of states) {
      const a = Math.floor(key / 1000);
      const d = key % 1000;
      const sa = a * o.vA + o.supportA;
      const sd = d * (o.vD + o.coverAdd);
      for (let ra = 1; ra <= 10; ra++) {
        for (let rd = 1; rd <= 10; rd++) {
          const q = p / 100;
          const lostD = Math.min(d, Math.floor((ra + Math.max(0, sa - sd)) / o.vD));
          const lostA = Math.min(a, Math.floor((rd + Math.max(0, sd - sa)) / o.vA));
          const a2 = a - lostA;
          const d2 = d - lostD;
          const end = (kind: 'aWins' | 'dWins' | 'none', pp: number) => {
            res[kind] += pp;
            res.killedD[o.nD - d2]! += pp;
          };
          if (a2 === 0 && d2 === 0) end('none', q);
          else if (d2 === 0) end('aWins', q);
          else if (a2 === 0) end('dWins', q);
          else {
            let pass = 1;
            if (lostA > lostD) {
              pass = (11 - o.qA) / 10;
              end('dWins', q * (1 - pass));
            } else if (lostD > lostA) {
              pass = (11 - o.qD) / 10;
              end('aWins', q * (1 - pass));
            }
            if (r === o.maxRounds) end('none', q * pass);
            else next.set(a2 * 1000 + d2, (next.get(a2 * 1000 + d2) ?? 0) + q * pass);
          }
        }
      }
    }
    states = next;
  }
  return res;
}

describe('assault combat (L193-308): exact outcomes matched by the Monte Carlo', () => {
  it('8 Orks (assault 2) with 4 Orks supporting (1 each) charge 4 Marines (assault 4): 20 v 16, to the end', () => {
    const spec = heresyAssaultEngagement(unitOf([8, ork]), unitOf([4, marine]), { attacker: FRESH_IN_THE_OPEN, target: FRESH_IN_THE_OPEN, supports: [{ formation: unitOf([4, ork]), side: 0 }] });
    const exact = exactAssault({ nA: 8, vA: 2, qA: 7, nD: 4, vD: 4, qD: 5, supportA: 4, coverAdd: 0, maxRounds: 20 });
    expect(exact.aWins + exact.dWins + exact.none).toBeCloseTo(1, 12);
    const sim = simulateHeresy(spec, 'assault-1');
    const a = sim.layout.records[0]!.assault!;
    expectP(sim.tally[a.attackerWins]! / sim.trials, exact.aWins);
    expectP(sim.tally[a.defenderWins]! / sim.trials, exact.dWins);
    expectP(sim.tally[a.noResult]! / sim.trials, exact.none);
    expectDistribution(sim.at(0, 1).unitsKilled.distribution, exact.killedD);
    expect(sim.at(0, 2).unitsKilled.mean).toBe(0);
  });

  it('defender in soft cover (+1 assault value per stand, L285): 6 Orks charge 4 Marines, one round', () => {
    const spec = heresyAssaultEngagement(unitOf([6, ork]), unitOf([4, marine]), { attacker: FRESH_IN_THE_OPEN, target: { ...FRESH_IN_THE_OPEN, cover: 1 }, options: { maxRounds: 1 } });
    const exact = exactAssault({ nA: 6, vA: 2, qA: 7, nD: 4, vD: 4, qD: 5, supportA: 0, coverAdd: 1, maxRounds: 1 });
    const sim = simulateHeresy(spec, 'assault-cover');
    const a = sim.layout.records[0]!.assault!;
    expectP(sim.tally[a.attackerWins]! / sim.trials, exact.aWins);
    expectP(sim.tally[a.defenderWins]! / sim.trials, exact.dWins);
    expectDistribution(sim.at(0, 1).unitsKilled.distribution, exact.killedD);
  });
});

describe('the charge into prepared fire (L418, L295-298): every face enumerated, matched by the Monte Carlo', () => {
  it('2 Orks (Fresh 7) charge 1 Guard stand on prepared fire: the charge check, the Guard\'s shot at +2, one round', () => {
    // Faces in the kernel's order: the charge check, the Guard's to-hit die (acc 8 - 2 point blank: 6+) and its penetration die (armour 3),
    // then the round: the Orks' D10 + (2 x their stands - 1) buying the Guard (cost 1), the Guard's D10 buying Orks at 2 each (L227-240).
    let noAssault = 0;
    let attackerWins = 0;
    let noResult = 0;
    const orksKilled = [0, 0, 0];
    for (let c = 1; c <= 10; c++) {
      if (c < 7) {
        noAssault += 0.1;
        orksKilled[0]! += 0.1;
        continue;
      }
      for (let h = 1; h <= 10; h++) {
        for (let pen = 1; pen <= 10; pen++) {
          const orks = h >= 6 && pen >= 3 ? 1 : 2;
          for (let rd = 1; rd <= 10; rd++) {
            const p = 0.1 ** 4;
            // The Orks' die always buys the one Guard stand; the Guard's buys floor(rd / 2) Orks.
            const lost = Math.min(orks, Math.floor(rd / 2));
            if (lost === orks) noResult += p;
            else attackerWins += p;
            orksKilled[2 - orks + lost]! += p;
          }
        }
      }
    }
    const spec = heresyAssaultEngagement(unitOf([2, ork]), unitOf([1, guard]), { attacker: FRESH_IN_THE_OPEN, target: { ...FRESH_IN_THE_OPEN, order: 'prepared' }, options: { maxRounds: 1 } });
    const sim = simulateHeresy(spec, 'prepared-fire');
    const a = sim.layout.records[0]!.assault!;
    expect(noAssault + attackerWins + noResult).toBeCloseTo(1, 12);
    expectP(sim.tally[a.fought]! / sim.trials, 1 - noAssault);
    expectP(sim.tally[a.attackerWins]! / sim.trials, attackerWins);
    expectP(sim.tally[a.noResult]! / sim.trials, noResult);
    expect(sim.tally[a.defenderWins]).toBe(0);
    expectDistribution(sim.at(0, 0).unitsKilled.distribution, orksKilled);
  });
});

describe('the seed\'s worked examples with forced dice', () => {
  it('L50-70: 4 Marines roll 1, 5, 6, 7 at 6: two hits; penetration 5 against armour 3 kills, 2 does not', () => {
    const runner = new HeresyRunner(shot(unitOf([4, marine]), unitOf([8, ork])));
    const dice = new ScriptedDice([1, 5, 6, 5, 7, 2], 10);
    runner.playStep(dice, 0);
    expect(dice.used).toBe(6);
    expect(runner.state.aliveIn(1)).toBe(7);
  });

  it('L131-140: Guard (acc 8) into a fortified bunker: a 9 misses, a 10 hits; armour 7: a 7 penetrates, a 6 does not', () => {
    const runner = new HeresyRunner(shot(unitOf([3, guard]), unitOf([8, ork]), { cover: 3 }));
    const dice = new ScriptedDice([9, 10, 6, 10, 7], 10);
    runner.playStep(dice, 0);
    expect(dice.used).toBe(5);
    expect(runner.state.aliveIn(1)).toBe(7);
  });

  it('L245-277: 16 Orks + 8 supporting (40) against 8 Marines (32); Orks roll 1 + 8 = 9: 2 Marines; Marines 8: 4 Orks; the Orks check', () => {
    const mk = (maxRounds: number) =>
      new HeresyRunner(heresyAssaultEngagement(unitOf([16, ork]), unitOf([8, marine]), { attacker: FRESH_IN_THE_OPEN, target: FRESH_IN_THE_OPEN, supports: [{ formation: unitOf([8, ork]), side: 0 }], options: { maxRounds } }));
    const pass = mk(1);
    const d1 = new ScriptedDice([1, 8, 7], 10);
    pass.playStep(d1, 0);
    expect([pass.state.aliveIn(0), pass.state.aliveIn(1), pass.state.aliveIn(2), d1.used]).toEqual([12, 6, 8, 3]);
    expect(pass.state.level[0]).toBe(0);
    const fail = mk(5);
    const d2 = new ScriptedDice([1, 8, 6], 10);
    fail.playStep(d2, 0);
    expect([fail.state.aliveIn(0), fail.state.aliveIn(1), fail.state.level[0], d2.used]).toEqual([12, 6, 1, 3]);
  });

  it('outcomes of the example: passed and one round is no result; failed is the defender\'s win; a routed defender is destroyed (L396-397)', () => {
    const spec = heresyAssaultEngagement(unitOf([16, ork]), unitOf([8, marine]), { attacker: FRESH_IN_THE_OPEN, target: FRESH_IN_THE_OPEN, supports: [{ formation: unitOf([8, ork]), side: 0 }], options: { maxRounds: 1 } });
    const r = new HeresyRunner(spec);
    const plan = new AssaultPlan(r.state, 0, 1, [2]);
    assault(r.state, new ScriptedDice([1, 8, 7], 10), plan);
    expect([plan.outcome, plan.rounds]).toEqual([NO_RESULT, 1]);
    r.state.reset();
    assault(r.state, new ScriptedDice([1, 8, 6], 10), plan);
    expect(plan.outcome).toBe(DEFENDER_WINS);
    const routed = new HeresyRunner(heresyAssaultEngagement(unitOf([2, ork]), unitOf([3, guard]), { attacker: FRESH_IN_THE_OPEN, target: { ...FRESH_IN_THE_OPEN, quality: 2 } }));
    const p2 = new AssaultPlan(routed.state, 0, 1, []);
    assault(routed.state, new ScriptedDice([], 10), p2);
    expect([p2.outcome, routed.state.aliveIn(1)]).toEqual([ATTACKER_WINS, 0]);
  });

  it('L404-409: a Guard unit (6/8/10) that lost more than its foe checks at Fresh 6: a 5 makes it Fatigued and it abandons the combat; a 6 holds', () => {
    // 4 Orks (2 each) charge 8 Guard (1 each): 8 against 8, no bonus. The Orks roll 4: four Guard; the Guard roll 3: one Ork (2 points each).
    const spec = heresyAssaultEngagement(unitOf([4, ork]), unitOf([8, guard]), { attacker: FRESH_IN_THE_OPEN, target: FRESH_IN_THE_OPEN, options: { maxRounds: 1 } });
    const r = new HeresyRunner(spec);
    const plan = new AssaultPlan(r.state, 0, 1, []);
    assault(r.state, new ScriptedDice([4, 3, 5], 10), plan);
    expect([plan.outcome, r.state.level[1], r.state.aliveIn(0), r.state.aliveIn(1)]).toEqual([ATTACKER_WINS, 1, 3, 4]);
    r.state.reset();
    assault(r.state, new ScriptedDice([4, 3, 6], 10), plan);
    expect([plan.outcome, r.state.level[1], r.state.aliveIn(0), r.state.aliveIn(1)]).toEqual([NO_RESULT, 0, 3, 4]);
  });

  it('prepared fire at the chargers at +2 (L295-298) after the charge check (L418): Guard (acc 8) on prepared fire hit on 6', () => {
    const spec = heresyAssaultEngagement(unitOf([2, ork]), unitOf([1, guard]), { attacker: FRESH_IN_THE_OPEN, target: { ...FRESH_IN_THE_OPEN, order: 'prepared' }, options: { maxRounds: 1 } });
    const r = new HeresyRunner(spec);
    // Charge check 7 (Ork Fresh 7) passes; the Guard rolls 6: a hit, penetration 3 kills; round: 1 Ork (2) v 1 Guard (1): 1 + 1 buys the Guard, 1 buys nothing.
    const dice = new ScriptedDice([7, 6, 3, 1, 1], 10);
    r.playStep(dice, 0);
    expect([dice.used, r.state.aliveIn(0), r.state.aliveIn(1)]).toEqual([5, 1, 0]);
    // A failed charge check: Fatigued, no assault.
    r.state.reset();
    const plan = new AssaultPlan(r.state, 0, 1, []);
    assault(r.state, new ScriptedDice([6], 10), plan);
    expect([plan.outcome, r.state.level[0]]).toEqual([0, 1]);
  });

  it('leadership, break point and rally: Ld 4 commands 20 cm (L337-339); Terminators break at 4 of 6 (L518-525); rally 8 + 2 = 10 from Routed is Fatigued (L437-442)', () => {
    expect([1, 3, 4, 6, 7, 9, 10].map(leadershipBonus)).toEqual([0, 0, 1, 1, 2, 2, 3]);
    expect(commandRadius(4)).toBe(20);
    expect(breakPoint(6, 4)).toBe(4);
    expect(breakPoint(10, 6)).toBe(4);
    expect(rally(new ScriptedDice([8], 10), 2, 10, 2)).toBe(1);
    expect(rally(new ScriptedDice([1], 10), 2, 10, 2)).toBe(3);
    expect(rally(new ScriptedDice([10], 10), 2, 10, 0)).toBe(0);
    expect(rally(new ScriptedDice([5], 10), 1, 8, 2)).toBe(1);
  });
});

it('FirePlan and shoot are allocation-free per trial: the plan is built once (typed arrays)', () => {
  const r = new HeresyRunner(shot(unitOf([4, marine]), unitOf([8, ork])));
  const plan = new FirePlan(r.state, 0, 1, 20, false);
  expect(plan.need).toBeInstanceOf(Int32Array);
  expect(shoot(r.state, new ScriptedDice([10, 3, 10, 3, 10, 3, 10, 3], 10), plan)).toBe(4);
});
