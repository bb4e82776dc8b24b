import { describe, expect, it } from 'vitest';
import { mixWeights } from '../../../src/model/battle.js';
import { parseFormation, type FormationSpec } from '../../../src/model/formation.js';
import { loadBattle } from '../../../src/model/loadBattle.js';
import { loadDataset } from '../../../src/model/loadDataset.js';
import type { PairResult, SideFormation } from '../../../src/rulesets/netea/reports/matchup/listExchange.js';
import { fieldResult, matchupResult, type MatchupSide, type PairRow } from '../../../src/rulesets/netea/reports/matchup/matchupResult.js';
import { pairKey, planPair, type PairExchange } from '../../../src/rulesets/netea/reports/matchup/pairMeeting.js';
import { runPairs } from '../../../src/rulesets/netea/reports/matchup/runPairs.js';
import { lossHistogram } from '../../../src/rulesets/netea/reports/matchup/lossHistogram.js';
import { Z95 } from '../../../src/stats/z95.js';
import { valueFormations } from '../../../src/reports/value/valueFormations.js';
import { DEFAULT_CHUNK_SIZE } from '../../../src/model/runDefaults.js';

const data = loadDataset();
const { battle } = loadBattle();
const SEED = 'matchup-test';
const TRIALS = 120;

function side(name: string, texts: string[]): { side: MatchupSide; specs: FormationSpec[] } {
  const specs = texts.map((t) => parseFormation(data, t));
  const points = specs.reduce((t, s) => t + s.points!, 0);
  return { side: { name, file: `${name}.json`, army: { id: specs[0]!.armyId!, name }, points, formations: specs.map((s) => ({ text: s.text, name: s.name, points: s.points!, weight: s.points! / points })), unsimulated: [] }, specs };
}

const run = { seed: SEED, trials: TRIALS, chunkSize: DEFAULT_CHUNK_SIZE, workers: 0 };

describe('a matchup of two one-formation lists', () => {
  it('is the fair cost\'s one-against-one meetings for the same seed, weighted by the scenes', async () => {
    const mine = side('marines', ['codex-astartes/tactical-detachment']);
    const theirs = side('orks', ['ork-war-horde/warband']);
    const { pairs } = await runPairs(mine.specs, theirs.specs, battle, run);
    const r = matchupResult(mine.side, theirs.side, pairs, 0);
    // fair-cost codex-astartes/tactical-detachment --vs ork-war-horde/warband, the same seed and trials: its 1-against-1 group.
    const [value] = await valueFormations(mine.specs, theirs.specs, battle, { seed: SEED, trials: TRIALS, chunkSize: DEFAULT_CHUNK_SIZE, metric: 'efficiency', workers: 0, exactOpponents: true });
    const group = value!.model.opponents[0]!.groups.find((g) => g.m === 1 && g.n === 1)!;
    const w = mixWeights(battle, null);
    const slots = value!.model.slots;
    // The reference battle v5: the faster formation chooses the fight (speedInitiative.ts). The Tactical detachment
    // rides its Rhinos at 30 cm, the Warband walks at 15: with the 30 cm ramp the Marines take the play of each scene
    // better for them (what they destroy per Ork point less the share of themselves they lose) three times in four.
    const opponent = value!.model.opponents[0]!;
    expect(opponent.firstChance).toBe(0.75);
    const net = slots.map((_, k) => group.sums[k]!.d / group.sums[k]!.n / opponent.points - group.sums[k]!.l / group.sums[k]!.n);
    const share = slots.map((s, k) => {
      const other = slots.findIndex((o, j) => j !== k && o.scene === s.scene);
      return net[k]! > net[other]! || (net[k] === net[other] && s.initiative === 0) ? 0.75 : 0.25;
    });
    const total = slots.reduce((t, s, k) => t + w[s.scene]! * share[k]!, 0);
    const warbandUnitPoints = theirs.specs[0]!.units.reduce((t, u) => t + u.points!, 0);
    let u = 0, v = 0;
    slots.forEach((s, k) => {
      const sums = group.sums[k]!;
      u += (w[s.scene]! * share[k]! * sums.l) / sums.n / total;
      v += (w[s.scene]! * share[k]! * sums.d) / sums.n / total / warbandUnitPoints;
    });
    const pi = mine.side.points, pj = theirs.side.points;
    expect(r.lists.mine.destroyedPer100.mean).toBeCloseTo((100 * v * pj) / pi, 10);
    expect(r.lists.theirs.destroyedPer100.mean).toBeCloseTo((100 * u * pi) / pj, 10);
    const cell = r.pairs[0] as PairRow;
    expect(cell.shareLost.mean).toBeCloseTo(u, 12);
    expect(cell.theirShareLost.mean).toBeCloseTo(v, 12);
    expect(cell.netPer100.mean).toBeCloseTo((100 * (v * pj - u * pi)) / pi, 10);
    // One formation each: the list is its formation, and its losses all fall on it.
    expect(r.formations.mine[0]!.destroyedPer100).toEqual(r.lists.mine.destroyedPer100);
    expect(r.losses.mine[0]!.share).toBe(1);
    expect(r.lists.mine.lostPer100.mean).toBeCloseTo((r.lists.theirs.destroyedPer100.mean * pj) / pi, 10);
    // Ground formations play the seven ground scenes, each with each side holding the initiative.
    const pair = pairs.get(pairKey(mine.specs[0]!.text, theirs.specs[0]!.text)) as PairExchange;
    expect(pair.plays).toHaveLength(14);
    // The loss distribution per trial: every trial of every play counted once, each way.
    for (const p of pair.plays) for (const counts of [p.lossesA, p.lossesB]) expect(counts.reduce((t, c) => t + c, 0)).toBe(p.trials);
    const h = r.lossHistogram;
    expect(h.binPoints).toBe(25);
    for (const dist of [h.mine.lost, h.mine.destroyed, h.theirs.lost, h.theirs.destroyed]) expect(dist.reduce((t, p) => t + p, 0)).toBeCloseTo(1, 12);
    // One formation each: the mean points lost per trial (u and v in points of each side as run) lies within the bins' bounds.
    const planned = planPair(mine.specs[0]!, theirs.specs[0]!, battle, run);
    if (!planned.met) throw new Error('the pair is met');
    const marinesPoints = planned.tasks[0]!.lossUnit;
    expect(planned.tasks[0]!.sideB[0]!.points).toBe(warbandUnitPoints);
    const bounds = (dist: number[]) => [dist.reduce((t, p, b) => t + p * 25 * b, 0), dist.reduce((t, p, b) => t + p * 25 * (b + 1), 0)];
    const [lostLow, lostHigh] = bounds(h.mine.lost);
    expect(u * marinesPoints).toBeGreaterThanOrEqual(lostLow! - 1e-9);
    expect(u * marinesPoints).toBeLessThan(lostHigh!);
    const [destroyedLow, destroyedHigh] = bounds(h.mine.destroyed);
    expect(v * warbandUnitPoints).toBeGreaterThanOrEqual(destroyedLow! - 1e-9);
    expect(v * warbandUnitPoints).toBeLessThan(destroyedHigh!);
    // Their formation's own meetings are the same pair: each way swapped.
    expect(h.theirs.lost).toEqual(h.mine.destroyed);
    expect(h.theirs.destroyed).toEqual(h.mine.lost);
  });
});

describe('the loss distribution per trial (lossHistogram.ts)', () => {
  const play = (weight: number, trials: number, lossesA: number[], lossesB: number[]) => ({ scene: 's', first: 'A' as const, weight, trials, lossesA, lossesB });
  const exchange = (a: string, b: string, plays: PairExchange['plays']): PairExchange => ({ key: pairKey(a, b), a, b, lostA: 0, lostB: 0, varA: 0, varB: 0, covAB: 0, plays });
  const f = (text: string, points: number, weight: number): SideFormation => ({ text, name: text, points, weight });

  it('weighs each play\'s counts by the formation\'s share of its list, its opponent\'s weight and the play\'s weight: worked example', () => {
    // Mine: a (100 points) and b (300); theirs: x (200). Pair a–x: two plays, weights 1/4 and 3/4; pair b–x: one play.
    const mine = [f('a', 100, 0.25), f('b', 300, 0.75)];
    const theirs = [f('x', 200, 1)];
    const pairs = new Map<string, PairResult>([
      [pairKey('a', 'x'), exchange('a', 'x', [play(0.25, 4, [1, 3], [2, 0, 2]), play(0.75, 2, [2], [0, 1, 1])])],
      [pairKey('b', 'x'), exchange('b', 'x', [play(1, 5, [0, 5], [5])])],
    ]);
    // a: 1/4·(1/4·[1/4, 3/4] + 3/4·[1, 0]) = [13/64, 3/64]; b: 3/4·[0, 1].
    expect(lossHistogram(mine, theirs, pairs)).toEqual({ lost: [13 / 64, 51 / 64], destroyed: [50 / 64, 6 / 64, 8 / 64] });
    // x acts against a with weight 1/4 and b with 3/4: what it loses is what mine destroy, and the other way round.
    expect(lossHistogram(theirs, mine, pairs)).toEqual({ lost: [50 / 64, 6 / 64, 8 / 64], destroyed: [13 / 64, 51 / 64] });
  });

  it('a formation against itself: both sides lose the mean of its two sides\' counts; an unmet pair is left out', () => {
    const mine = [f('a', 100, 0.5), f('z', 100, 0.5)];
    const pairs = new Map<string, PairResult>([
      [pairKey('a', 'a'), exchange('a', 'a', [play(1, 2, [2, 0], [0, 2])])],
      [pairKey('a', 'z'), { key: pairKey('a', 'z'), why: 'no scene' }],
      [pairKey('z', 'a'), { key: pairKey('z', 'a'), why: 'no scene' }],
      [pairKey('z', 'z'), { key: pairKey('z', 'z'), why: 'no scene' }],
    ]);
    expect(lossHistogram(mine, mine, pairs)).toEqual({ lost: [0.25, 0.25], destroyed: [0.25, 0.25] });
  });
});

describe('A against B mirrors B against A for the same seed', () => {
  it('runs the same meetings both ways, so every figure swaps exactly', async () => {
    const a = side('a', ['codex-astartes/tactical-detachment', 'codex-astartes/predator-detachment', 'codex-astartes/tactical-detachment']);
    const b = side('b', ['ork-war-horde/warband', 'codex-astartes/tactical-detachment']);
    const ab = await runPairs(a.specs, b.specs, battle, run);
    const ba = await runPairs(b.specs, a.specs, battle, run);
    // Four distinct pairs: a formation listed twice meets through one pair.
    expect(ab.pairs.size).toBe(4);
    expect(ab.meetings).toBe(ba.meetings);
    const r1 = matchupResult(a.side, b.side, ab.pairs, ab.meetings);
    const r2 = matchupResult(b.side, a.side, ba.pairs, ba.meetings);
    expect(r2.lists.theirs).toEqual(r1.lists.mine);
    expect(r2.lists.mine).toEqual(r1.lists.theirs);
    expect(r2.formations.theirs).toEqual(r1.formations.mine);
    expect(r2.losses.mine).toEqual(r1.losses.theirs);
    for (const p of r1.pairs) {
      const q = r2.pairs.find((x) => x.mine === p.theirs && x.theirs === p.mine) as PairRow;
      expect(q.destroyedPer100).toEqual((p as PairRow).theirDestroyedPer100);
      expect(q.shareLost).toEqual((p as PairRow).theirShareLost);
    }
    // The mirror pair (tactical against tactical) loses the same share on both sides.
    const mirror = r1.pairs.find((p) => p.mine === 0 && p.theirs === 1) as PairRow;
    expect(mirror.shareLost).toEqual(mirror.theirShareLost);
    // The list totals are the weighted sums of the pairs.
    const x = r1.formations.mine.reduce((t, f) => t + (f.points / a.side.points) * f.destroyedPer100.mean, 0);
    expect(r1.lists.mine.destroyedPer100.mean).toBeCloseTo(x, 10);
    expect(r1.losses.mine.reduce((t, l) => t + l.lostPer100OfList.mean, 0)).toBeCloseTo(r1.lists.mine.lostPer100.mean, 10);
  });
});

describe('the aggregation, by hand', () => {
  const f = (text: string, points: number, total: number): SideFormation => ({ text, name: text, points, weight: points / total });
  const pair = (x: string, y: string, lostX: number, lostY: number, varX = 0): PairExchange => {
    const [a, b] = x <= y ? [x, y] : [y, x];
    return { key: pairKey(x, y), a, b, lostA: a === x ? lostX : lostY, lostB: a === x ? lostY : lostX, varA: a === x ? varX : 0, varB: a === x ? 0 : varX, covAB: 0, plays: [] };
  };
  // Mine: A (100 points), B (300). Theirs: C (200), D (100, a flier A cannot meet).
  const mine: MatchupSide = { name: 'mine', file: 'mine', army: { id: 'x', name: 'x' }, points: 400, formations: [f('A', 100, 400), f('B', 300, 400)], unsimulated: [] };
  const theirs: MatchupSide = { name: 'theirs', file: 'theirs', army: { id: 'y', name: 'y' }, points: 300, formations: [f('C', 200, 300), f('D', 100, 300)], unsimulated: [] };
  const pairs = new Map<string, PairResult>([
    [pairKey('A', 'C'), pair('A', 'C', 0.5, 0.25, 0.01)],
    [pairKey('B', 'C'), pair('B', 'C', 0.1, 0.6)],
    [pairKey('A', 'D'), { key: pairKey('A', 'D'), why: 'two aircraft formations' }],
    [pairKey('B', 'D'), pair('B', 'D', 0.2, 0.5)],
  ]);
  const r = matchupResult(mine, theirs, pairs, 0);

  it('weighs each formation\'s opponents by their points, over the ones it meets', () => {
    // A meets only C (t = 1): destroys 0.25·200 = 50 per 100 points, loses 50.
    expect(r.formations.mine[0]!.destroyedPer100.mean).toBeCloseTo(50, 12);
    expect(r.formations.mine[0]!.lostPer100.mean).toBeCloseTo(50, 12);
    // Its loss has variance 100²·0.01: the interval is ±1.96·10.
    expect(r.formations.mine[0]!.lostPer100.ci95[1] - 50).toBeCloseTo(Z95 * 10, 10);
    // B meets C with 2/3, D with 1/3: destroys (2/3·0.6·200 + 1/3·0.5·100)·100/300.
    expect(r.formations.mine[1]!.destroyedPer100.mean).toBeCloseTo(((2 / 3) * 120 + (1 / 3) * 50) / 3, 12);
    expect(r.formations.mine[1]!.lostPer100.mean).toBeCloseTo(100 * ((2 / 3) * 0.1 + (1 / 3) * 0.2), 12);
    // The list: 100·(50 + 80 + 50/3)/400.
    expect(r.lists.mine.destroyedPer100.mean).toBeCloseTo((100 * (50 + 80 + 50 / 3)) / 400, 12);
  });

  it('lets their formations act by my points: their destroyed per 100 and my losses\' distribution', () => {
    // C meets A (100/400) and B (300/400): destroys 0.25·0.5·100 + 0.75·0.1·300 = 35 points; D meets only B: 0.2·300 = 60.
    expect(r.lists.theirs.destroyedPer100.mean).toBeCloseTo((100 * (35 + 60)) / 300, 12);
    // My losses per 100 of my points: A 12.5, B 22.5 + 60 = 82.5, over 400.
    expect(r.losses.mine[0]!.lostPer100OfList.mean).toBeCloseTo((100 * 12.5) / 400, 12);
    expect(r.losses.mine[1]!.lostPer100OfList.mean).toBeCloseTo((100 * 82.5) / 400, 12);
    expect(r.losses.mine[0]!.share).toBeCloseTo(12.5 / 95, 12);
    expect(r.lists.mine.lostPer100.mean).toBeCloseTo((r.lists.theirs.destroyedPer100.mean * 300) / 400, 12);
  });

  it('names my best answers and the formations each of theirs threatens', () => {
    // Against C: A nets 100·(50 − 50)/100 = 0, B 100·(120 − 30)/300 = 30; C takes half of A, a tenth of B.
    expect(r.enemies[0]).toEqual({ theirs: 0, best: [1, 0], threatened: [0, 1] });
    // D meets only B.
    expect(r.enemies[1]).toEqual({ theirs: 1, best: [1], threatened: [1] });
    expect(r.pairs.find((p) => p.mine === 0 && p.theirs === 1)).toEqual({ mine: 0, theirs: 1, met: false, why: 'two aircraft formations' });
  });

  it('against a field of that one list, ranks my formations with the numbers of the matchup', () => {
    const field = fieldResult(mine, { source: 'folder', lists: [], formations: theirs.formations.map((x) => ({ ...x, list: 0 })) }, pairs, 0);
    expect(field.ranking.map((x) => x.index)).toEqual([1, 0]);
    expect(field.ranking.find((x) => x.index === 0)!.netPer100).toEqual(r.formations.mine[0]!.netPer100);
    expect(field.list.destroyedPer100).toEqual(r.lists.mine.destroyedPer100);
  });
});
