import { describe, expect, it } from 'vitest';
import { epic40kAssaultEngagement, OPEN_GROUND } from '../../../src/rulesets/epic40k/engine/engagements.js';
import { combatBonus, ratioBonus } from '../../../src/rulesets/epic40k/engine/combatBonus.js';
import { loserHitNumber, winnerHitNumber } from '../../../src/rulesets/epic40k/engine/hitNumbers.js';
import { DEFAULT_EPIC40K_OPTIONS } from '../../../src/rulesets/epic40k/model/options.js';
import { Epic40kRunner } from '../../../src/rulesets/epic40k/engine/runner.js';
import type { Epic40kSpec } from '../../../src/rulesets/epic40k/model/spec.js';
import { damageWarEngine } from '../../../src/rulesets/epic40k/engine/warEngineDamage.js';
import { binomialPmf } from '../../helpers/exact.js';
import { ScriptedDice } from '../../helpers/scriptedDice.js';
import { expectDistribution, expectP } from '../../helpers/simulate.js';
import { detachment, simulate40k, unit } from './fixtures.js';

/**
 * A close combat of two units a side, each in contact with one enemy, as the
 * seed resolves it, computed independently: both D6 + bonus, ties rolled
 * again (L1207), the winner's and loser's hit numbers (L1217-1223), each unit
 * rolling one die, hits on distinct enemy units.
 */
function exactCloseCombat(bonusA: number, bonusB: number) {
  const W = [0, 4, 3, 3, 2, 2];
  const L = [0, 4, 4, 5, 5, 6];
  let pTie = 0;
  const outcomes: Array<{ p: number; aWins: boolean; diff: number }> = [];
  for (let a = 1; a <= 6; a++) {
    for (let b = 1; b <= 6; b++) {
      const d = a + bonusA - (b + bonusB);
      if (d === 0) pTie += 1 / 36;
      else outcomes.push({ p: 1 / 36, aWins: d > 0, diff: Math.min(5, Math.abs(d)) });
    }
  }
  let pWin = 0;
  /** Both defenders killed although the defender won; both attackers killed although the attacker won. */
  let defWipedWinning = 0;
  let attWipedWinning = 0;
  const defKilled = [0, 0, 0];
  const attKilled = [0, 0, 0];
  for (const o of outcomes) {
    const p = o.p / (1 - pTie);
    if (o.aWins) pWin += p;
    const needA = o.aWins ? W[o.diff]! : L[o.diff]!;
    const needB = o.aWins ? L[o.diff]! : W[o.diff]!;
    binomialPmf(2, (7 - needA) / 6).forEach((q, k) => (defKilled[k]! += p * q));
    binomialPmf(2, (7 - needB) / 6).forEach((q, k) => (attKilled[k]! += p * q));
    if (!o.aWins) defWipedWinning += p * ((7 - needA) / 6) ** 2;
    else attWipedWinning += p * ((7 - needB) / 6) ** 2;
  }
  return { pWin, defKilled, attKilled, ties: pTie / (1 - pTie), defWipedWinning, attWipedWinning };
}

const G = { gap: 10, rankWidth: 10, spacing: 5 };

describe('close combat (L1170-1229)', () => {
  it('bonus ladder: +1 higher, +1 double, triple, quadruple (L1199: three times is +3); Blast markers and psykers', () => {
    expect([ratioBonus(6, 6), ratioBonus(7, 6), ratioBonus(12, 6), ratioBonus(18, 6), ratioBonus(24, 6), ratioBonus(100, 6), ratioBonus(3, 0)]).toEqual([0, 1, 2, 3, 4, 4, 4]);
    expect(combatBonus(9, 3, 0, 5, 1, 0)).toBe(3 + 1 + 1 + 1);
    expect(combatBonus(6, 9, 0, 0, 0, 0)).toBe(0);
    expect([1, 2, 3, 4, 5, 6].map(winnerHitNumber)).toEqual([4, 3, 3, 2, 2, 2]);
    expect([1, 2, 3, 4, 5, 6].map(loserHitNumber)).toEqual([4, 4, 5, 5, 6, 6]);
  });

  it('the roll-off P(win) by bonus advantage, ties re-rolled: 1/2, 21/31, 13/16, 10/11, 33/34, 1', () => {
    expect([0, 1, 2, 3, 4, 5].map((d) => exactCloseCombat(d, 0).pWin)).toEqual([1 / 2, 21 / 31, 13 / 16, 10 / 11, 33 / 34, 1].map((x) => expect.closeTo(x, 12)));
  });

  const cases: Array<[string, number, number, number, number]> = [
    // name, attacker Assault, defender Assault, defender Blast markers, expected attacker bonus
    ['even (3 v 3): no bonus', 3, 3, 0, 0],
    ['double (6 v 3): +2', 6, 3, 0, 2],
    ['double, defender with 5 Blast markers: +4', 6, 3, 5, 4],
  ];
  for (const [name, aa, da, dbm, bonus] of cases) {
    it(`two against two, ${name}: P(win), casualties both ways, Blast markers`, () => {
      const spec = epic40kAssaultEngagement(detachment([2, unit('Attacker', { assault: aa })]), detachment([2, unit('Defender', { assault: da })]), {
        geometry: G,
        attacker: OPEN_GROUND,
        target: { ...OPEN_GROUND, blastMarkers: dbm },
      });
      const sim = simulate40k(spec, `cc-${name}`);
      const exact = exactCloseCombat(bonus, 0);
      const n = sim.trials;
      const L = sim.layout.records[0]!.assault!;
      expectP(sim.tally[L.attackerWins]! / n, exact.pWin);
      expect(sim.tally[L.fought]).toBe(n);
      expectDistribution(sim.at(0, 1).unitsKilled.distribution, exact.defKilled);
      expectDistribution(sim.at(0, 0).unitsKilled.distribution, exact.attKilled);
      // The loser is broken (L1229); a winner is only ever destroyed, never broken (L1267).
      expectP(sim.at(0, 1).broken.p + sim.at(0, 1).destroyed.p, exact.pWin + exact.defWipedWinning);
      expectP(sim.at(0, 0).broken.p + sim.at(0, 0).destroyed.p, 1 - exact.pWin + exact.attWipedWinning);
    });
  }

  it('Blast markers on the loser: the difference, at most one per unit in contact, plus one per tie to each side', () => {
    // Even fight: E[placed on the defender] = E[ties] + P(A wins) E[min(diff, 2) | A wins].
    let e = 0;
    let pTie = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) {
      if (a === b) pTie += 1 / 36;
      else if (a > b) e += Math.min(2, a - b) / 36;
    }
    const expected = pTie / (1 - pTie) + e / (1 - pTie);
    const spec = epic40kAssaultEngagement(detachment([2, unit('A', { assault: 3 })]), detachment([2, unit('B', { assault: 3 })]), { geometry: G, attacker: OPEN_GROUND, target: OPEN_GROUND });
    const sim = simulate40k(spec, 'cc-bm');
    const m = sim.at(0, 1).blastMarkersPlaced;
    expect(Math.abs(m.mean - expected)).toBeLessThan(3.3 * ((m.ci95[1] - m.ci95[0]) / 3.92) + 1e-9);
  });

  it('Rampage units of a losing detachment are destroyed (L1424)', () => {
    // 2 Rampage (Assault 3) v 2 (Assault 6): the defender has +2. If the attacker loses, both die.
    const spec = epic40kAssaultEngagement(detachment([2, unit('Berzerker', { assault: 3, abilities: ['rampage'] })]), detachment([2, unit('B', { assault: 6 })]), { geometry: G, attacker: OPEN_GROUND, target: OPEN_GROUND });
    const sim = simulate40k(spec, 'rampage', 50_000);
    const exact = exactCloseCombat(0, 2);
    // Destroyed: lost (every Rampage unit left dies), or both killed by the loser's dice while winning.
    expectP(sim.at(0, 0).destroyed.p, 1 - exact.pWin + exact.attWipedWinning, 50_000);
  });
});

describe('firefights (L1231-1261)', () => {
  it('FP 4 v FP 2 within 15 cm: +2; the loser takes one hit on its nearest unit, a Blast marker, breaks', () => {
    const a = detachment([4, unit('A', { fp: 1, assault: 0 })]);
    const b = detachment([2, unit('B', { fp: 1, assault: 0 })]);
    const spec: Epic40kSpec = {
      ruleset: 'epic40k',
      formations: [
        { id: 'A', side: 0, formation: a, front: 5, rankWidth: 10, spacing: 5, order: 'none', cover: 0, blastMarkers: 0, broken: false },
        { id: 'B', side: 1, formation: b, front: 5, rankWidth: 10, spacing: 5, order: 'none', cover: 0, blastMarkers: 0, broken: false },
      ],
      steps: [{ kind: 'firefight', label: 'firefight', by: 0, at: 1 }],
      options: { ...DEFAULT_EPIC40K_OPTIONS, firefightTie: 'reroll' },
    };
    const sim = simulate40k(spec, 'ff');
    const pWin = exactCloseCombat(2, 0).pWin;
    expect(pWin).toBeCloseTo(13 / 16, 12);
    expectDistribution(sim.at(0, 1).unitsKilled.distribution, [1 - pWin, pWin, 0]);
    expectDistribution(sim.at(0, 0).unitsKilled.distribution, [pWin, 1 - pWin, 0, 0, 0]);
    expectP(sim.at(0, 1).broken.p, pWin);
    expect(sim.at(0, 1).blastMarkers.mean + sim.at(0, 0).blastMarkers.mean).toBe(1);
  });
});

describe('war engines (L753-767)', () => {
  const leviathan = unit('Imperial Leviathan', { kind: 'war-engine', speed: 10, armour: 6, damageCapacity: 8, shields: { kind: 'void', points: 4 }, assault: 6, fp: 0, range: null });
  function leviathanState(options = {}) {
    const spec: Epic40kSpec = {
      ruleset: 'epic40k',
      formations: [
        { id: 'A', side: 0, formation: detachment([1, unit('Gun')]), front: 10, rankWidth: 10, spacing: 5, order: 'none', cover: 0, blastMarkers: 0, broken: false },
        { id: 'B', side: 1, formation: detachment([1, leviathan]), front: 10, rankWidth: 10, spacing: 5, order: 'none', cover: 0, blastMarkers: 0, broken: false },
      ],
      steps: [{ kind: 'shoot', label: 's', by: 0, at: 1 }],
      options: { ...DEFAULT_EPIC40K_OPTIONS, ...options },
    };
    const r = new Epic40kRunner(spec);
    r.state.reset();
    return r.state;
  }

  it('L759-763: 3 damage, critical dice 3, 2, 6: one critical adding 2 makes 5 (the extra 2 roll no criticals)', () => {
    const st = leviathanState({ criticalExtraDamage: 2 });
    st.shields[1] = 0;
    const dice = new ScriptedDice([3, 2, 6]);
    expect(damageWarEngine(st, dice, 1, 3, false, false)).toBe(5);
    expect(dice.used).toBe(3);
    expect(st.dc[1]).toBe(3);
  });

  it('shields take points first (L767); close combat bypasses them (L1225); destroyed at 0', () => {
    const st = leviathanState();
    expect(damageWarEngine(st, new ScriptedDice([]), 1, 3, false, false)).toBe(0);
    expect(st.shields[1]).toBe(1);
    expect(damageWarEngine(st, new ScriptedDice([1, 1]), 1, 2, true, false)).toBe(2);
    expect(st.shields[1]).toBe(1);
    expect(damageWarEngine(st, new ScriptedDice([6, 1, 1, 1, 1, 1]), 1, 7, false, false)).toBe(6);
    expect(st.alive[1]).toBe(0);
  });

  it('rally (L1294-1308): void shields come back on 4+ each', () => {
    const spec: Epic40kSpec = {
      ruleset: 'epic40k',
      formations: [{ id: 'B', side: 1, formation: detachment([1, leviathan]), front: 10, rankWidth: 10, spacing: 5, order: 'none', cover: 0, blastMarkers: 0, broken: false }],
      steps: [{ kind: 'rally', label: 'rally' }],
      options: DEFAULT_EPIC40K_OPTIONS,
    };
    const r = new Epic40kRunner(spec);
    r.state.reset();
    r.state.shields[0] = 1;
    r.playStep(new ScriptedDice([4, 3, 6]), 0);
    expect(r.state.shields[0]).toBe(3);
  });
});

describe('rally (L1294-1302)', () => {
  it('a broken detachment of 6 with 3 Blast markers: removes D6-1, then rallies on D6 > markers left', () => {
    let pRally = 0;
    const bmLeft = new Array(4).fill(0);
    for (let r = 1; r <= 6; r++) {
      const left = Math.max(0, 3 - (r - 1));
      bmLeft[left] += 1 / 6;
      pRally += (1 / 6) * ((6 - left) / 6);
    }
    const spec: Epic40kSpec = {
      ruleset: 'epic40k',
      formations: [{ id: 'B', side: 1, formation: detachment([6, unit('Boy')]), front: 10, rankWidth: 10, spacing: 5, order: 'none', cover: 0, blastMarkers: 3, broken: true }],
      steps: [{ kind: 'rally', label: 'rally' }],
      options: DEFAULT_EPIC40K_OPTIONS,
    };
    const sim = simulate40k(spec, 'rally');
    expectP(sim.at(0, 0).broken.p, 1 - pRally);
    expectP(sim.at(0, 0).blastMarkers.mean / 3, bmLeft.reduce((s, p, k) => s + p * k, 0) / 3);
  });
});
