import { describe, expect, it } from 'vitest';
import { cumulativeThresholds } from '../../../src/sim/dice/cumulativeThresholds.js';
import { dicePmf } from '../../../src/sim/dice/dicePmf.js';
import { hitCountPmf } from '../../../src/sim/dice/hitCountPmf.js';
import { sampleByThresholds } from '../../../src/sim/dice/sampleByThresholds.js';
import { sumOfCounts } from '../../../src/sim/dice/sumOfCounts.js';
import { failsAllSaves } from '../../../src/sim/dice/failsAllSaves.js';
import { bernoulliMaskPmf } from '../../../src/sim/dice/bernoulliMaskPmf.js';
import { guideTable } from '../../../src/sim/dice/guideTable.js';
import { sampleByGuide } from '../../../src/sim/dice/sampleByGuide.js';
import { rngFromSeed, Sfc32 } from '../../../src/sim/rng.js';
import { tolerance999 } from '../../helpers/exact.js';

/**
 * The distributions behind dice by counts, against brute-force enumeration
 * of every face of every die: the oracle shares no code with them.
 */

/** Every way n dice can fall, as face lists (6^n of them). */
function allRolls(n: number): number[][] {
  let rolls: number[][] = [[]];
  for (let i = 0; i < n; i++) rolls = rolls.flatMap((r) => [1, 2, 3, 4, 5, 6].map((f) => [...r, f]));
  return rolls;
}

/** Brute force: P(total = k) of n dice (a D3 read from a D6) plus `plus`, by counting every roll (whole numbers, one division). */
function enumerateDice(n: number, sides: number, plus: number): number[] {
  const rolls = allRolls(n);
  const out: number[] = [];
  for (const r of rolls) {
    const total = plus + r.reduce((s, f) => s + (sides === 3 ? (f + 1) >> 1 : f), 0);
    out[total] = (out[total] ?? 0) + 1;
  }
  return Array.from(out, (count) => (count ?? 0) / rolls.length);
}

/** Brute force: P(k hits) for fixed `dice` attack dice hitting on t+, by counting every roll. */
function enumerateHits(dice: number, t: number): number[] {
  const out = new Array<number>(dice + 1).fill(0);
  const rolls = allRolls(dice);
  for (const r of rolls) out[r.filter((f) => f >= t).length]!++;
  return out.map((count) => count / rolls.length);
}

const trimmed = (pmf: number[]) => {
  const out = [...pmf];
  while (out.length > 1 && out[out.length - 1] === 0) out.pop();
  return out;
};

describe('dicePmf', () => {
  const cases: Array<[number, number, number]> = [[0, 0, 3], [1, 6, 0], [2, 6, 0], [1, 3, 0], [2, 3, 1], [3, 6, 2], [1, 6, 1]];
  for (const [n, sides, plus] of cases) {
    it(`${n} dice of ${sides} plus ${plus}`, () => {
      const got = dicePmf(n, sides, plus);
      const want = enumerateDice(n, sides, plus);
      expect(trimmed(got).length).toBe(want.length);
      want.forEach((p, k) => expect(got[k]!).toBeCloseTo(p, 14));
    });
  }
});

describe('hitCountPmf', () => {
  it('fixed dice: the binomial of every to-hit value, against enumeration', () => {
    for (let dice = 0; dice <= 5; dice++) {
      for (let t = 2; t <= 6; t++) {
        const got = hitCountPmf(dicePmf(0, 0, dice), (7 - t) / 6);
        enumerateHits(dice, t).forEach((p, k) => expect(got[k]!, `${dice} dice on ${t}+, ${k} hits`).toBeCloseTo(p, 14));
      }
    }
  });

  it('D3+1 dice on 4+: the mixture of the binomials, against enumeration of the D3 and the attack dice together', () => {
    // P(k hits) = sum over the D3 face f of 1/6 * P(k hits from (f + 1 >> 1) + 1 dice).
    const want = new Array<number>(5).fill(0);
    for (let f = 1; f <= 6; f++) enumerateHits(((f + 1) >> 1) + 1, 4).forEach((p, k) => (want[k]! += p / 6));
    const got = hitCountPmf(dicePmf(1, 3, 1), 0.5);
    want.forEach((p, k) => expect(got[k]!).toBeCloseTo(p, 14));
    expect(got.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 14);
  });

  it('always and never hitting', () => {
    expect(trimmed(hitCountPmf(dicePmf(0, 0, 3), 1))).toEqual([0, 0, 0, 1]);
    expect(trimmed(hitCountPmf(dicePmf(0, 0, 3), 0))).toEqual([1]);
  });
});

describe('sumOfCounts', () => {
  it('6 dice hitting on 4+ and 3 on 6+ together: against enumeration of all nine dice', () => {
    // 6^9 rolls: count the hits of the first six on 4+ and of the last three on 6+.
    const want = new Array<number>(10).fill(0);
    const first = enumerateHits(6, 4);
    const last = enumerateHits(3, 6);
    const rolls = allRolls(3);
    for (const r of allRolls(6)) {
      const h = r.filter((f) => f >= 4).length;
      for (const q of rolls) want[h + q.filter((f) => f >= 6).length]! += 1;
    }
    const total = 6 ** 9;
    const got = sumOfCounts(first, last);
    want.forEach((count, k) => expect(got[k]!, `${k} hits`).toBeCloseTo(count / total, 14));
  });
});

describe('cumulativeThresholds and sampleByThresholds', () => {
  it('a word draws the first value whose threshold lies above it', () => {
    // P = 1/4, 1/2, 1/4: thresholds 2^30, 3 * 2^30, 2^32.
    const table = Float64Array.from(cumulativeThresholds([0.25, 0.5, 0.25]));
    expect(Array.from(table)).toEqual([2 ** 30, 3 * 2 ** 30, 2 ** 32]);
    const draw = (u: number) => sampleByThresholds(table, 0, u | 0);
    expect([draw(0), draw(2 ** 30 - 1), draw(2 ** 30), draw(3 * 2 ** 30 - 1), draw(3 * 2 ** 30), draw(2 ** 32 - 1)]).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('the last threshold is 2^32 whatever the rounding of the sum, and zero-probability values are never drawn', () => {
    const pmf = [0, 0.1, 0.2, 0.3, 0.4 - 1e-16, 0];
    const table = Float64Array.from(cumulativeThresholds(pmf));
    expect(table[table.length - 1]).toBe(2 ** 32);
    expect(sampleByThresholds(table, 0, 0)).toBe(1);
    // A table read from an offset, as the plan stores them back to back.
    const both = Float64Array.from([...cumulativeThresholds([1]), ...table]);
    expect(sampleByThresholds(both, 1, -1)).toBe(4);
  });

  it('draws each value with its probability: the highest of 2D6 from 300,000 words (99.9%)', () => {
    const pmf = [0, 1, 3, 5, 7, 9, 11].map((x) => x / 36);
    const table = Float64Array.from(cumulativeThresholds(pmf));
    const rng = rngFromSeed('thresholds');
    const n = 300_000;
    const counts = new Array<number>(7).fill(0);
    for (let i = 0; i < n; i++) counts[sampleByThresholds(table, 0, rng.next())]!++;
    pmf.forEach((p, k) => expect(Math.abs(counts[k]! / n - p), `P(${k})`).toBeLessThanOrEqual(tolerance999(p, n)));
  });
});

describe('bernoulliMaskPmf', () => {
  it('four units dying at 1/2, 2/3, 0 and 1 (saves 4+, 5+, none needed, none allowed): against enumeration of their save dice', () => {
    // Each unit rolls one die and dies on a failure: faces below 4, below 5, never, always.
    const fails = [(f: number) => f < 4, (f: number) => f < 5, () => false, () => true];
    const want = new Array<number>(16).fill(0);
    for (const r of allRolls(4)) want[r.reduce((m, f, i) => m + (fails[i]!(f) ? 2 ** i : 0), 0)]!++;
    const got = bernoulliMaskPmf([1 / 2, 2 / 3, 0, 1]);
    expect(got.length).toBe(16);
    want.forEach((count, m) => expect(got[m]!, `mask ${m}`).toBeCloseTo(count / 6 ** 4, 15));
  });

  it('no events: the empty mask, certainly', () => {
    expect(Array.from(bernoulliMaskPmf([]))).toEqual([1]);
  });

  it('into a reused buffer: its first 2^n entries, whatever the buffer held', () => {
    const buffer = new Float64Array(16).fill(7);
    bernoulliMaskPmf([0.5, 0.25, 0.1], buffer);
    expect(Array.from(buffer.subarray(0, 8))).toEqual(Array.from(bernoulliMaskPmf([0.5, 0.25, 0.1])));
    expect(bernoulliMaskPmf([1 / 3], buffer).subarray(0, 2)).toEqual(Float64Array.of(1 - 1 / 3, 1 / 3));
  });
});

describe('guideTable and sampleByGuide', () => {
  const pmf = Array.from(bernoulliMaskPmf([0.5, 1 / 3, 5 / 6, 1 / 36, 0.25]));
  const table = Float64Array.from([...cumulativeThresholds([1]), ...cumulativeThresholds(pmf)]);
  const thresholds = Array.from(table.subarray(1));

  it('entry j is the first value whose threshold lies above word j * 2^(32 - bits)', () => {
    const guide = guideTable([2 ** 30, 2 ** 30, 3 * 2 ** 30, 2 ** 32], 2);
    expect(guide).toEqual([0, 2, 2, 3]);
  });

  for (const bits of [1, 3, 6, 9]) {
    it(`draws what the full search draws, with ${bits} guide bits: every threshold's edge and 200,000 words`, () => {
      const guide = Int32Array.from([7, 7, ...guideTable(thresholds, bits)]);
      const draw = (w: number) => sampleByGuide(table, 1, guide, 2, 32 - bits, w);
      for (const t of thresholds) {
        for (const w of [t - 1, t, t + 1]) if (w >= 0 && w < 2 ** 32) expect(draw(w | 0), `word ${w}`).toBe(sampleByThresholds(table, 1, w | 0));
      }
      const rng = rngFromSeed(`guide ${bits}`);
      for (let i = 0; i < 200_000; i++) {
        const w = rng.next();
        if (draw(w) !== sampleByThresholds(table, 1, w)) expect.fail(`word ${w >>> 0}`);
      }
    });
  }
});

/** A generator that returns the given words, and counts how many it gave. */
class Words extends Sfc32 {
  given = 0;
  constructor(private readonly words: number[]) {
    super(1, 2, 3, 4);
  }
  override next(): number {
    if (this.words === undefined) return super.next();
    return this.words[this.given++]! | 0;
  }
}

describe('failsAllSaves', () => {
  it('fails from the word q * 2^32 up, and saves below it', () => {
    // q = 3/4: the threshold is 3 * 2^30.
    const rng = new Words([3 * 2 ** 30 - 1, 3 * 2 ** 30, 2 ** 32 - 1, 0]);
    expect([0, 1, 2, 3].map(() => failsAllSaves(0.75, rng))).toEqual([false, true, true, false]);
  });

  it('no chance to save fails and a certain save holds, without drawing a word', () => {
    const rng = new Words([]);
    expect(failsAllSaves(0, rng)).toBe(true);
    expect(failsAllSaves(1, rng)).toBe(false);
    expect(rng.given).toBe(0);
  });

  it('fails with chance 1 - q: two hits at 4+ over 300,000 draws (99.9%)', () => {
    const rng = rngFromSeed('fails-all-saves');
    const n = 300_000;
    let failed = 0;
    for (let i = 0; i < n; i++) if (failsAllSaves(0.25, rng)) failed++;
    expect(Math.abs(failed / n - 0.75)).toBeLessThanOrEqual(tolerance999(0.75, n));
  });
});
