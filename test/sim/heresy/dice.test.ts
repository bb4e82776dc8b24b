import { describe, expect, it } from 'vitest';
import { anyD10AtLeastProbability } from '../../../src/sim/dice/anyD10AtLeastProbability.js';
import { d10 } from '../../../src/sim/dice/d10.js';
import { d10AtLeastProbability } from '../../../src/sim/dice/d10AtLeastProbability.js';
import { d10CountAtLeastPmf } from '../../../src/sim/dice/d10CountAtLeastPmf.js';
import { rngFromSeed, Sfc32 } from '../../../src/sim/rng.js';
import { binomialPmf, tolerance999 } from '../../helpers/exact.js';
import { ScriptedDice } from '../../helpers/scriptedDice.js';

describe('D10 dice (Heresy, seed 003)', () => {
  it('d10 is uniform on 1..10: every face within the 99.9% interval of 1/10 over 1,000,000 rolls', () => {
    const rng = rngFromSeed('d10-uniform');
    const n = 1_000_000;
    const counts = new Array(11).fill(0);
    for (let i = 0; i < n; i++) counts[d10(rng)]++;
    expect(counts[0]).toBe(0);
    for (let f = 1; f <= 10; f++) expect(Math.abs(counts[f] / n - 0.1), `face ${f}`).toBeLessThanOrEqual(tolerance999(0.1, n));
  });

  it('the extreme 32-bit words give faces 1 and 10; scripted faces come back as written', () => {
    const edge = new ScriptedDice([], 10);
    // Word 0 (low word 0 < 6) is rejected and the next word is drawn; 0xffffffff is face 10; word 1 is face 1.
    let words: number[] | undefined;
    const fixed = new (class extends Sfc32 {
      override next(): number {
        return words === undefined ? super.next() : words.shift()!;
      }
    })(1, 2, 3, 4);
    words = [0, -1, 1];
    expect([d10(fixed), d10(fixed)]).toEqual([10, 1]);
    const faces = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 1];
    const s = new ScriptedDice(faces, 10);
    expect(faces.map(() => d10(s))).toEqual(faces);
    expect(s.used).toBe(12);
    expect(() => d10(edge)).toThrow('ran out');
  });

  it('P(D10 >= t) = (11 - t) / 10, 1 below 1, 0 above 10', () => {
    expect([0, 1, 2, 6, 8, 10, 11, 13].map(d10AtLeastProbability)).toEqual([1, 1, 0.9, 0.5, 0.3, 0.1, 0, 0]);
  });

  it('P(any of P D10s >= A) = 1 - ((A - 1) / 10)^P: the specification\'s table (§2.3.2)', () => {
    const table: Array<[number, number[]]> = [
      [3, [0.8, 0.96, 0.992]],
      [5, [0.6, 0.84, 0.936]],
      [7, [0.4, 0.64, 0.784]],
      [9, [0.2, 0.36, 0.488]],
      [10, [0.1, 0.19, 0.271]],
    ];
    for (const [a, row] of table) row.forEach((p, i) => expect(anyD10AtLeastProbability(i + 1, a)).toBeCloseTo(p, 12));
    expect(anyD10AtLeastProbability(2, 12)).toBe(0);
    expect(anyD10AtLeastProbability(0, 3)).toBe(0);
    expect(anyD10AtLeastProbability(3, 1)).toBe(1);
  });

  it('the count of n D10s at t or more is Binomial(n, (11 - t) / 10); the Monte Carlo agrees', () => {
    expect(d10CountAtLeastPmf(4, 6).map((p) => +p.toFixed(12))).toEqual(binomialPmf(4, 0.5).map((p) => +p.toFixed(12)));
    expect(d10CountAtLeastPmf(3, 11)).toEqual([1, 0, 0, 0]);
    const rng = rngFromSeed('d10-count');
    const n = 200_000;
    const got = new Array(5).fill(0);
    for (let i = 0; i < n; i++) {
      let k = 0;
      for (let j = 0; j < 4; j++) if (d10(rng) >= 8) k++;
      got[k]++;
    }
    d10CountAtLeastPmf(4, 8).forEach((p, k) => expect(Math.abs(got[k] / n - p), `P(${k})`).toBeLessThanOrEqual(tolerance999(p, n)));
  });
});
