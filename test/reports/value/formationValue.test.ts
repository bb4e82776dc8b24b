import { describe, expect, it } from 'vitest';
import { Battle } from '../../../src/model/battle.js';
import { parseFormation } from '../../../src/model/formation.js';
import { loadDataset } from '../../../src/model/loadDataset.js';
import { loadBattle } from '../../../src/model/loadBattle.js';
import { withCost } from '../../../src/reports/fairCost.js';
import { initiativeShares, planValue, sceneMixCost, valueFromMeetings } from '../../../src/reports/value/formationValue.js';
import { lossValue, type LossSlots } from '../../../src/reports/value/lossValue.js';
import { runValueMeeting } from '../../../src/reports/value/valueMeeting.js';

const Z999 = 3.2905;
const Z95 = 1.96;

/** A two-scene battle, groups of one formation: small enough for a test. */
const battle = Battle.parse({
  ...loadBattle().battle,
  scenes: [
    { id: 'fire-30', kind: 'firefight', gap: 30, weight: 1, why: 'a turn of fire at 30 cm in the test battle' },
    { id: 'assault', kind: 'assault', gap: 15, weight: 1, why: 'an assault under overwatch in the test battle' },
  ],
  alternatives: [
    { id: 'fire', weights: { assault: 0 }, why: 'fire only, for the band' },
    { id: 'assault', weights: { 'fire-30': 0 }, why: 'assault only, for the band' },
  ],
  maxGroup: 1,
});

describe('lossValue: points lost, with breaking and Blast markers credited', () => {
  const slots: LossSlots = { broken: 0, destroyed: 1, bmSum: 2, pointsLostSum: 3, points: 200, strength: 8 };
  const credits = { broken: 0.5, blastMarker: 0.25 };
  it('destroyed: the points only', () => expect(lossValue(Float64Array.from([0, 1, 0, 200]), slots, credits)).toBe(200));
  it('broken: half the remaining points added', () => expect(lossValue(Float64Array.from([1, 0, 3, 50]), slots, credits)).toBe(50 + 0.5 * 150));
  it('Blast markers: a quarter of a unit\'s share of the remaining points each', () => expect(lossValue(Float64Array.from([0, 0, 2, 40]), slots, credits)).toBe(40 + (0.25 * 2 * 160) / 8));
  it('no more markers than the formation\'s strength count', () => expect(lossValue(Float64Array.from([0, 0, 11, 0]), slots, credits)).toBe(0.25 * 200));
});

describe('fair cost of a formation against its own mirror image', () => {
  const data = loadDataset();
  const run = { seed: 'mirror', trials: 4000, chunkSize: 50_000 };

  function fairAgainstMirror(units: string, opponentCost: number) {
    // No army: the field leaves out opponents of the formation's own list.
    const formation = { ...parseFormation(data, units), armyId: null };
    const mirror = { ...withCost(parseFormation(data, units), opponentCost), armyId: null };
    const plan = planValue(formation, [mirror], battle, run);
    return valueFromMeetings(plan, plan.tasks.map(runValueMeeting), battle, 'efficiency');
  }

  // By symmetry (every scene is played with each side holding the initiative), the
  // same units priced P destroy per point exactly what they lose per point at P.
  it.each([
    ['4 Devastator', 250],
    ['8 Devastator', 500],
    ['6 Tactical, 4 Rhino', 300],
  ])('%s against itself priced %i: fair at that price, within the 99.9%% interval', (units, price) => {
    const v = fairAgainstMirror(units, price);
    const [lo, hi] = v.fairCost.ci95;
    const half = ((hi - lo) / 2) * (Z999 / Z95);
    expect(Math.abs(v.fairCost.estimate - price)).toBeLessThanOrEqual(half);
    expect(half / price).toBeLessThan(0.05);
  });

  it('the sensitivity band contains the estimate and its interval', () => {
    const v = fairAgainstMirror('4 Devastator', 250);
    expect(v.fairCost.band[0]).toBeLessThanOrEqual(v.fairCost.ci95[0]);
    expect(v.fairCost.band[1]).toBeGreaterThanOrEqual(v.fairCost.ci95[1]);
    expect(v.alternatives.map((a) => a.mix)).toEqual(['fire', 'assault']);
    // One opponent: its own fair cost is the formation's.
    expect(v.opponents[0]!.fairCost.estimate).toBeCloseTo(v.fairCost.estimate, 9);
  });

  it('the per-scene sums give back every mix\'s fair cost without running again', () => {
    const v = fairAgainstMirror('4 Devastator', 250);
    expect(sceneMixCost(v.scenes, [1, 1], v.runCost, 'efficiency')).toBeCloseTo(v.fairCost.estimate, 9);
    expect(sceneMixCost(v.scenes, [1, 0], v.runCost, 'efficiency')).toBeCloseTo(v.alternatives[0]!.estimate, 9);
    expect(sceneMixCost(v.scenes, [0, 1], v.runCost, 'efficiency')).toBeCloseTo(v.alternatives[1]!.estimate, 9);
  });
});

describe('the strategy roll: the winner chooses to act first or second (RB 1.5)', () => {
  it('the formation gets the play better for it with its chance of winning the roll, the opponent the other', () => {
    const plan = {
      runCost: 100,
      meetings: [
        { scene: 0, opponent: 0, initiative: 0 as const, firstChance: 0.8, m: 1, n: 1, opponentPoints: 100 },
        { scene: 0, opponent: 0, initiative: 1 as const, firstChance: 0.8, m: 1, n: 1, opponentPoints: 100 },
      ],
    } as unknown as Parameters<typeof initiativeShares>[0];
    const sums = (d: number, l: number) => ({ n: 1, d, l, dd: d * d, ll: l * l, dl: d * l });
    // Acting first it nets 50/100 − 20/100; second, 30/100 − 40/100: it wants to go first.
    const [a, b] = initiativeShares(plan, [sums(50, 20), sums(30, 40)]);
    expect([a, b + a]).toEqual([0.8, 1]);
    // Now going second is better for it: it takes that play when it wins the roll.
    const [c, d] = initiativeShares(plan, [sums(30, 40), sums(50, 20)]);
    expect([d, c + d]).toEqual([0.8, 1]);
  });
});
