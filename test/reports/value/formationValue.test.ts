import { describe, expect, it } from 'vitest';
import { Battle } from '../../../src/model/battle.js';
import { parseFormation } from '../../../src/model/formation.js';
import { loadDataset } from '../../../src/model/loadDataset.js';
import { loadBattle } from '../../../src/model/loadBattle.js';
import { withCost } from '../../../src/reports/fairCost.js';
import { planValue, type ValuePlan } from '../../../src/reports/value/formationValue.js';
import { playShares } from '../../../src/reports/value/fixedPointCost.js';
import { judgedAt, mixFairCost, solveValue } from '../../../src/reports/value/fixedPointValue.js';
import { lossValue, type LossSlots } from '../../../src/scenarios/lossValue.js';
import { runValueMeeting } from '../../../src/run/valueMeeting.js';

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

const inThread = (plan: ValuePlan, b: Battle, exactOpponents = false) => solveValue(plan, b, 'efficiency', (tasks) => Promise.resolve(tasks.map(runValueMeeting)), exactOpponents);

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
    return inThread(planValue(formation, [mirror], battle, run), battle);
  }

  // By symmetry (every scene is played with each side holding the initiative), the
  // same units priced P destroy per point exactly what they lose per point at P.
  it.each([
    ['4 Devastator', 250],
    ['8 Devastator', 500],
    ['6 Tactical, 4 Rhino', 300],
  ])('%s against itself priced %i: fair at that price, within the 99.9%% interval', async (units, price) => {
    const v = await fairAgainstMirror(units, price);
    const [lo, hi] = v.fairCost.ci95;
    const half = ((hi - lo) / 2) * (Z999 / Z95);
    expect(Math.abs(v.fairCost.estimate - price)).toBeLessThanOrEqual(half);
    expect(half / price).toBeLessThan(0.05);
  });

  it('the sensitivity band contains the estimate and its interval', async () => {
    const v = await fairAgainstMirror('4 Devastator', 250);
    expect(v.fairCost.band[0]).toBeLessThanOrEqual(v.fairCost.ci95[0]);
    expect(v.fairCost.band[1]).toBeGreaterThanOrEqual(v.fairCost.ci95[1]);
    expect(v.alternatives.map((a) => a.mix)).toEqual(['fire', 'assault']);
    // One opponent: its own fair cost is the formation's.
    expect(v.opponents[0]!.fairCost.estimate).toBeCloseTo(v.fairCost.estimate, 9);
  });

  it('the simulated groups give back every mix\'s fair cost without running again', async () => {
    const v = await fairAgainstMirror('4 Devastator', 250);
    expect(mixFairCost(v, [1, 1])).toBe(v.fairCost.estimate);
    expect(mixFairCost(v, [1, 0])).toBe(v.alternatives[0]!.estimate);
    expect(mixFairCost(v, [0, 1])).toBe(v.alternatives[1]!.estimate);
  });
});

/** The test battle with groups of up to three a side: the field sized to the price. */
const sized = Battle.parse({ ...battle, maxGroup: 3 });

describe('the fair cost does not read the cost it judges', () => {
  const data = loadDataset();
  const run = { seed: 'cost-free', trials: 400, chunkSize: 50_000 };
  const field = [parseFormation(data, 'ork-war-horde/warband'), parseFormation(data, 'steel-legion/infantry-company')];

  it('the same units at 0.5x, 1x and 2x their cost: one fair cost, bit for bit; only the verdict moves', async () => {
    const devastators = parseFormation(data, 'codex-astartes/devastator-detachment');
    const c = devastators.points!;
    const values = await Promise.all([0.5, 1, 2].map((k) => inThread(planValue(withCost(devastators, k * c), field, sized, run), sized)));
    const [half, one, twice] = values.map((v) => v!);
    expect(half!.fairCost).toEqual(one!.fairCost);
    expect(twice!.fairCost).toEqual(one!.fairCost);
    expect(half!.alternatives).toEqual(one!.alternatives);
    expect(half!.opponents).toEqual(one!.opponents);
    expect([half!.cost, one!.cost, twice!.cost]).toEqual([0.5 * c, c, 2 * c]);
    // A cost far below the band is under-costed, far above it over-costed; the fair cost stays.
    const low = judgedAt(one!, one!.fairCost.band[0] / 2, sized.margin.value);
    const high = judgedAt(one!, one!.fairCost.band[1] * 2, sized.margin.value);
    expect([low.verdict, high.verdict]).toEqual(['under-costed', 'over-costed']);
    expect(low.fairCost).toEqual(one!.fairCost);
    expect(high.fairCost).toEqual(one!.fairCost);
  });
});

describe('trials by need (fixedPointValue.ts, SequentialTrials)', () => {
  const data = loadDataset();
  const field = [parseFormation(data, 'ork-war-horde/warband'), parseFormation(data, 'steel-legion/infantry-company')];
  const devastators = parseFormation(data, 'codex-astartes/devastator-detachment');
  const byNeed = (cost: number) => solveValue(planValue(withCost(devastators, cost), field, sized, { seed: 'by-need', trials: 4000, chunkSize: 50_000 }), sized, 'efficiency', (tasks) => Promise.resolve(tasks.map(runValueMeeting)), false, { precision: 0.01, pilot: 100, cap: 4000 });

  it('brings every mix within ±1% of its fair cost, gives meetings different trials, reads no cost, and agrees with 4,000 trials in every meeting', async () => {
    const v = await byNeed(devastators.points!);
    for (const c of [v.fairCost, ...v.alternatives]) expect((c.ci95[1] - c.ci95[0]) / 2).toBeLessThanOrEqual(0.01 * c.estimate);
    const ran = v.model.opponents.flatMap((o) => o.groups.flatMap((g) => g.sums.map((x) => x.n)));
    expect(Math.min(...ran)).toBe(100);
    expect(Math.max(...ran)).toBe(v.trialsPerMeeting);
    expect(v.trials).toBe(ran.reduce((a, b) => a + b, 0));
    expect(v.trials).toBeLessThan(4000 * ran.length);
    expect((await byNeed(devastators.points! * 2)).fairCost).toEqual(v.fairCost);
    // The same estimator as every meeting at 4,000 trials: the two agree within their 99.9% intervals.
    const full = await inThread(planValue(devastators, field, sized, { seed: 'by-need', trials: 4000, chunkSize: 50_000 }), sized);
    const half = (c: { ci95: [number, number] }) => ((c.ci95[1] - c.ci95[0]) / 2) * (Z999 / Z95);
    expect(Math.abs(v.fairCost.estimate - full.fairCost.estimate)).toBeLessThanOrEqual(Math.hypot(half(v.fairCost), half(full.fairCost)));
  });
});

describe('the strategy roll: the winner chooses to act first or second (RB 1.5)', () => {
  it('the formation gets the play better for it with its chance of winning the roll, the opponent the other', () => {
    const slots = [
      { scene: 0, initiative: 0 as const, defencePoints: 0, alone: false },
      { scene: 0, initiative: 1 as const, defencePoints: 0, alone: false },
    ];
    const sums = (d: number, l: number) => ({ n: 1, d, l, dd: d * d, ll: l * l, dl: d * l });
    // Acting first it nets 50/100 − 0.2 of itself; second, 30/100 − 0.4: it wants to go first.
    const [a, b] = playShares(slots, { m: 1, n: 1, sums: [sums(50, 0.2), sums(30, 0.4)] }, 100, 0.8);
    expect([a, b! + a!]).toEqual([0.8, 1]);
    // Now going second is better for it: it takes that play when it wins the roll.
    const [c, d] = playShares(slots, { m: 1, n: 1, sums: [sums(30, 0.4), sums(50, 0.2)] }, 100, 0.8);
    expect([d, c! + d!]).toEqual([0.8, 1]);
  });
});
