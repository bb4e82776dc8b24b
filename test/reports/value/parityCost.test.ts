import { describe, expect, it } from 'vitest';
import { bracketRoot } from '../../../src/reports/value/bracketRoot.js';
import { gapAt, missingGroups, modelRoot, rootInterval, type ValueModel } from '../../../src/reports/value/fixedPointCost.js';
import { solveValue } from '../../../src/reports/value/fixedPointValue.js';
import { groupCompositions, type GroupComposition } from '../../../src/reports/value/groupCompositions.js';
import { mixtureWeights } from '../../../src/reports/value/mixtureWeights.js';
import { constantMixRoot, parityGap } from '../../../src/reports/value/parityCost.js';
import type { ValuePlan } from '../../../src/reports/value/formationValue.js';
import type { ValueMeetingSums, ValueMeetingTask } from '../../../src/run/valueMeeting.js';
import { verdictOf } from '../../../src/reports/value/verdict.js';
import { loadBattle } from '../../../src/model/loadBattle.js';
import { Battle } from '../../../src/model/battle.js';

/** Sums of `trials` trials that all gave the same D and L: no spread. */
function constantSums(d: number, l: number, trials = 10): ValueMeetingSums {
  return { n: trials, d: d * trials, l: l * trials, dd: d * d * trials, ll: l * l * trials, dl: d * l * trials };
}

describe('the groups a battle can field', () => {
  it('every ratio n/m once, with its smallest group, ascending', () => {
    expect(groupCompositions(3)).toEqual([
      { m: 3, n: 1 },
      { m: 2, n: 1 },
      { m: 3, n: 2 },
      { m: 1, n: 1 },
      { m: 2, n: 3 },
      { m: 1, n: 2 },
      { m: 1, n: 3 },
    ]);
    expect(groupCompositions(1)).toEqual([{ m: 1, n: 1 }]);
  });
});

describe('the mixture that sizes an opponent side to p', () => {
  const ratios = [40, 60, 80, 120, 180, 240, 360];
  const expected = (p: number) => mixtureWeights(p, ratios).reduce((t, w) => t + w.weight * ratios[w.index]!, 0);

  it('expected opponent points per copy are exactly p inside the achievable range', () => {
    expect(mixtureWeights(150, ratios)).toEqual([
      { index: 3, weight: 0.5 },
      { index: 4, weight: 0.5 },
    ]);
    expect(expected(150)).toBe(150);
    expect(expected(100)).toBe(100);
    expect(mixtureWeights(120, ratios)).toEqual([{ index: 3, weight: 1 }]);
    for (let p = 40; p <= 360; p += 7.3) {
      expect(Math.abs(expected(p) - p)).toBeLessThanOrEqual(1e-12 * p);
      const w = mixtureWeights(p, ratios);
      expect(w.reduce((t, x) => t + x.weight, 0)).toBeCloseTo(1, 15);
      expect(w.every((x) => x.weight > 0 && x.weight <= 1)).toBe(true);
    }
  });

  it('beyond the range, the nearest group alone', () => {
    expect(mixtureWeights(10, ratios)).toEqual([{ index: 0, weight: 1 }]);
    expect(mixtureWeights(1000, ratios)).toEqual([{ index: 6, weight: 1 }]);
    expect(mixtureWeights(Infinity, ratios)).toEqual([{ index: 6, weight: 1 }]);
  });
});

describe('the bracketing root-finder', () => {
  it('finds a monotone function\'s known root from a bracket, with no starting value', () => {
    expect(bracketRoot((x) => x * x * x - 2, 0, 2)).toBeCloseTo(Math.cbrt(2), 11);
    expect(bracketRoot((x) => Math.log(x) - 1, 1, 10)).toBeCloseTo(Math.E, 11);
    expect(bracketRoot((x) => x - 3, 3, 5)).toBe(3);
  });
  it('refuses an interval that brackets nothing', () => expect(bracketRoot((x) => x * x + 1, -1, 1)).toBeNaN());
});

describe('parity at a price', () => {
  it('efficiency: p²·ℓ = X·P̄; exchange: p·ℓ = X; the same equation when P̄ = p', () => {
    expect(parityGap(200, 80, 0.4, 200, 'efficiency')).toBeCloseTo(0, 12);
    expect(parityGap(200, 80, 0.4, 200, 'exchange')).toBeCloseTo(0, 12);
    expect(constantMixRoot(80, 0.4, 100, 'efficiency')).toBeCloseTo(Math.sqrt(80 * 100 / 0.4), 12);
    expect(constantMixRoot(80, 0.4, 100, 'exchange')).toBeCloseTo(200, 12);
    expect(constantMixRoot(80, 0, 100, 'efficiency')).toBe(Infinity);
    expect(constantMixRoot(0, 0.4, 100, 'efficiency')).toBe(0);
  });
});

/**
 * A synthetic field of one 120-point opponent: at opponent points ρ per copy the
 * formation destroys half of them (d = ρ/2) and loses the share ℓ = ρ/250 of
 * itself. At p: p·ℓ(p) = X(p) ⇔ p²/250 = p/2 ⇔ p = 125, between the groups with
 * ρ = 120 (1 against 1) and ρ = 180 (2 copies against 3).
 */
const opponentPoints = 120;
const synthetic = (c: GroupComposition) => {
  const rho = (c.n * opponentPoints) / c.m;
  // Sums are per group: D for the m copies, L in copies.
  return constantSums(c.m * (rho / 2), c.m * (rho / 250));
};
const slots = [{ scene: 0, initiative: 0 as const, defencePoints: 0, alone: true }];

describe('the fixed point on a synthetic field with a known root', () => {
  const all: ValueModel = { slots, opponents: [{ opponent: 'x', points: opponentPoints, firstChance: 0.5, groups: groupCompositions(3).map((c) => ({ ...c, sums: [synthetic(c)] })) }] };

  it('the root of G over the mixture is 125, whatever the metric (the field is sized to p)', () => {
    expect(modelRoot(all, [1], 'efficiency')).toBeCloseTo(125, 9);
    expect(modelRoot(all, [1], 'exchange')).toBeCloseTo(125, 9);
    expect(gapAt(all, [1], 100, 'efficiency')).toBeLessThan(0);
    expect(gapAt(all, [1], 150, 'efficiency')).toBeGreaterThan(0);
    // No spread: the interval is the point.
    const [lo, hi] = rootInterval(all, [1], 'efficiency', 125, 1.96);
    expect(lo).toBeCloseTo(125, 6);
    expect(hi).toBeCloseTo(125, 6);
  });

  it('the groups the mixture at a price needs', () => {
    const none: ValueModel = { ...all, opponents: [{ ...all.opponents[0]!, groups: [] }] };
    // No group yet (no root): the one-against-one group, read from no price of the formation.
    expect(missingGroups(none, groupCompositions(3), NaN)).toEqual([{ opponent: 0, group: { m: 1, n: 1 } }]);
    expect(missingGroups(none, groupCompositions(3), 125)).toEqual([
      { opponent: 0, group: { m: 1, n: 1 } },
      { opponent: 0, group: { m: 2, n: 3 } },
    ]);
    expect(missingGroups(all, groupCompositions(3), 125)).toEqual([]);
  });

  it('the lazy solver runs the one-against-one group, then only the other group bracketing the root', async () => {
    const ran: string[] = [];
    const battle = Battle.parse({ ...loadBattle().battle, scenes: [{ id: 's', kind: 'firefight', gap: 30, weight: 1, why: 'the one scene of the synthetic field' }], alternatives: [{ id: 'a', weights: { s: 2 }, why: 'the same mix, for the band' }, { id: 'b', weights: { s: 3 }, why: 'the same mix again, for the band' }] });
    const plan = {
      formation: { name: 'f', text: 'f', points: 999 },
      runCost: 100,
      opponents: [{ text: 'x', points: opponentPoints }],
      firstChances: [0.5],
      slots,
      compositions: groupCompositions(3),
      tasksFor: (_o: number, c: GroupComposition) => [{ matchup: `${c.m}x${c.n}` } as unknown as ValueMeetingTask],
      kind: 'ground',
    } as unknown as ValuePlan;
    const v = await solveValue(plan, battle, 'efficiency', async (tasks) => tasks.map((t) => {
      ran.push(t.matchup);
      const [m, n] = t.matchup.split('x').map(Number);
      return synthetic({ m: m!, n: n! });
    }), false);
    expect(ran).toEqual(['1x1', '2x3']);
    expect(v.fairCost.estimate).toBeCloseTo(125, 9);
    // The stated cost (999) feeds only the verdict.
    expect(v.verdict).toBe('over-costed');
  });
});

describe('verdict', () => {
  it('flags only when the whole band lies outside the cost by more than the margin', () => {
    expect(verdictOf(200, [251, 300], 0.25)).toBe('under-costed');
    expect(verdictOf(200, [249, 300], 0.25)).toBe('fair');
    expect(verdictOf(200, [100, 159], 0.25)).toBe('over-costed');
    expect(verdictOf(200, [100, 161], 0.25)).toBe('fair');
    expect(verdictOf(200, [100, 400], 0.25)).toBe('fair');
  });
});
