import { describe, expect, it } from 'vitest';
import { rngFromSeed, Sfc32 } from '../../../src/sim/rng.js';
import { d6 } from '../../../src/sim/dice/d6.js';
import { d3 } from '../../../src/sim/dice/d3.js';
import { highestOf2D6 } from '../../../src/sim/dice/highestOf2D6.js';
import { rollToHit } from '../../../src/sim/dice/rollToHit.js';
import { rollSave } from '../../../src/sim/dice/rollSave.js';
import { toHitProbability } from '../../../src/sim/dice/toHitProbability.js';
import { saveProbability } from '../../../src/sim/dice/saveProbability.js';

/** Half-width of a 99.9% normal interval for a proportion p over n trials. */
const z999 = 3.2905;
function within999(count: number, n: number, p: number): boolean {
  return Math.abs(count / n - p) <= z999 * Math.sqrt((p * (1 - p)) / n) + 1e-12;
}

describe('sfc32', () => {
  it('matches the C reference implementation (PractRand sfc32)', () => {
    // Expected values printed by a 10-line C transcription of PractRand's sfc32
    // (uint32 arithmetic, 12 warm-up rounds), run on this machine.
    const a = new Sfc32(0, 0, 0, 1);
    expect([a.next(), a.next(), a.next(), a.next()]).toEqual([1363572419, 145230303, 808754475, -78461664]);
    const b = new Sfc32(0x9e3779b9, 0x243f6a88, 0xb7e15162, 42);
    expect([b.next(), b.next(), b.next(), b.next()]).toEqual([1097915203, 1827515267, 13503946, -1442200825]);
  });

  it('gives the same stream for the same seed string and a different one otherwise', () => {
    const a = rngFromSeed('epic');
    const b = rngFromSeed('epic');
    const c = rngFromSeed('epic2');
    const sa = [a.next(), a.next(), a.next()];
    expect([b.next(), b.next(), b.next()]).toEqual(sa);
    expect([c.next(), c.next(), c.next()]).not.toEqual(sa);
  });
});

describe('dice', () => {
  const n = 600_000;

  it('d6 faces are uniform', () => {
    const rng = rngFromSeed('d6');
    const counts = new Array(7).fill(0);
    for (let i = 0; i < n; i++) counts[d6(rng)]++;
    expect(counts[0]).toBe(0);
    for (let f = 1; f <= 6; f++) expect(within999(counts[f], n, 1 / 6)).toBe(true);
  });

  it('d6 is one more than the high word of r * 6, low words below 4 rejected (checked in exact integers)', () => {
    // Words at every face boundary (k * 2^32 / 6, where the rejected low words sit) and either side, the ends, and a random sample.
    const words: number[] = [0, 1, 2, 3, 4, 5, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff];
    for (let k = 1; k < 6; k++) {
      const edge = Math.floor((k * 2 ** 32) / 6);
      for (let d = -3; d <= 3; d++) words.push(edge + d);
    }
    const sample = rngFromSeed('d6 words');
    for (let i = 0; i < 200_000; i++) words.push(sample.next() >>> 0);
    const expected: number[] = [];
    let rejected = 0;
    let used = 0;
    words.forEach((w, i) => {
      const product = BigInt(w) * 6n;
      if ((product & 0xffffffffn) < 4n) {
        rejected++;
        return;
      }
      expected.push(Number(product >> 32n) + 1);
      used = i + 1;
    });
    // A generator that returns the words in turn; a rejected word makes d6 read the next one.
    let next = 0;
    const scripted = Object.assign(Object.create(Sfc32.prototype) as Sfc32, { next: () => words[next++]! | 0 });
    const rolled = expected.map(() => d6(scripted));
    expect(rejected).toBeGreaterThan(0);
    expect(rolled).toEqual(expected);
    expect(next).toBe(used);
  });

  it('d3 reads 1-2, 3-4, 5-6 as 1, 2, 3', () => {
    const rng = rngFromSeed('d3');
    const counts = new Array(4).fill(0);
    for (let i = 0; i < n; i++) counts[d3(rng)]++;
    for (let f = 1; f <= 3; f++) expect(within999(counts[f], n, 1 / 3)).toBe(true);
  });

  it('highest of 2D6 has P(k) = (2k - 1)/36', () => {
    const rng = rngFromSeed('h2d6');
    const counts = new Array(7).fill(0);
    for (let i = 0; i < n; i++) counts[highestOf2D6(rng)]++;
    for (let k = 1; k <= 6; k++) expect(within999(counts[k], n, (2 * k - 1) / 36)).toBe(true);
  });

  it('to-hit follows the 7+ chart and a natural 1 always misses', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(toHitProbability)).toEqual([
      5 / 6, 5 / 6, 4 / 6, 3 / 6, 2 / 6, 1 / 6, 1 / 12, 1 / 18, 1 / 36, 0,
    ]);
    const rng = rngFromSeed('to-hit');
    for (const t of [0, 1, 2, 4, 6, 7, 8, 9, 10, 12]) {
      let hits = 0;
      for (let i = 0; i < n; i++) if (rollToHit(rng, t)) hits++;
      expect(within999(hits, n, toHitProbability(t))).toBe(true);
    }
  });

  it('saves modified past 6+ fail without a roll', () => {
    expect(saveProbability(7)).toBe(0);
    expect(saveProbability(4)).toBe(0.5);
    const rng = rngFromSeed('save');
    const before = rng.state();
    expect(rollSave(rng, 7)).toBe(false);
    expect(rng.state()).toEqual(before);
    let saved = 0;
    for (let i = 0; i < n; i++) if (rollSave(rng, 5)) saved++;
    expect(within999(saved, n, 1 / 3)).toBe(true);
  });
});
