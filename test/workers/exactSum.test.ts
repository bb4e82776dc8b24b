import { describe, expect, it } from 'vitest';
import { addToExpansion, ExactTally, roundExpansion } from '../../src/stats/exactSum.js';

const fsum = (xs: number[]) => {
  const p: number[] = [];
  for (const x of xs) addToExpansion(p, x);
  return roundExpansion(p);
};

describe('exact sums', () => {
  it('round the exact sum correctly (Python math.fsum cases)', () => {
    expect(fsum(Array(10).fill(0.1))).toBe(1);
    expect(0.1 * 0 + Array(10).fill(0.1).reduce((a, b) => a + b, 0)).not.toBe(1);
    expect(fsum([1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50])).toBe(1e-100);
    expect(fsum([2.0 ** 53, -0.5, -(2.0 ** -54)])).toBe(2.0 ** 53 - 1.0);
    expect(fsum([2.0 ** 53, 1.0, 2.0 ** -100])).toBe(2.0 ** 53 + 2.0);
    expect(fsum([2.0 ** 53 + 10.0, 1.0, 2.0 ** -100])).toBe(2.0 ** 53 + 12.0);
    expect(fsum([2.0 ** 53 - 4.0, 0.5, 2.0 ** -54])).toBe(2.0 ** 53 - 3.0);
    expect(fsum([])).toBe(0);
  });

  it('do not depend on order or grouping, where plain addition does', () => {
    // Chunk sums of points lost at 100/3 per unit, 7/3, and so on.
    let seed = 12345;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const chunks = Array.from({ length: 40 }, () => Float64Array.of(Math.floor(rand() * 1e6), (Math.floor(rand() * 5000) * 100) / 3, rand() * 1e-3));
    const whole = new ExactTally(3);
    for (const c of chunks) whole.add(c);
    const a = new ExactTally(3);
    const b = new ExactTally(3);
    chunks.forEach((c, i) => (i < 17 ? a : b).add(c));
    const merged = new ExactTally(3);
    merged.addExact(b);
    merged.addExact(a);
    expect([...merged.rounded()]).toEqual([...whole.rounded()]);
    const reversed = new ExactTally(3);
    for (const c of [...chunks].reverse()) reversed.add(c);
    expect([...reversed.rounded()]).toEqual([...whole.rounded()]);
    // Plain addition in the two groupings differs in the last bits for the fractional counters.
    const plain = (xs: Float64Array[]) => xs.reduce((s, c) => s + c[2]!, 0);
    const grouped = plain(chunks.slice(0, 17)) + plain(chunks.slice(17));
    expect(grouped === plain(chunks) && plain([...chunks].reverse()) === plain(chunks)).toBe(false);
  });

  it('round-trip through rounded values and residuals', () => {
    const t = new ExactTally(4);
    t.add(Float64Array.of(3, 100 / 3, 0, 1e16));
    t.add(Float64Array.of(4, 200 / 3, 0, 1));
    t.add(Float64Array.of(5, 0.1, 0, 1));
    const residuals = t.residuals();
    // Only counters whose exact sum is not a double carry residuals: 100/3 + 200/3 + 0.1 here; 1e16 + 2 is a double.
    expect(Object.keys(residuals)).toEqual(['1']);
    const back = ExactTally.fromParts([...t.rounded()], residuals);
    back.add(Float64Array.of(1, 0.2, 0, 1));
    t.add(Float64Array.of(1, 0.2, 0, 1));
    expect([...back.rounded()]).toEqual([...t.rounded()]);
    expect(t.value(0)).toBe(13);
    expect(t.value(3)).toBe(1e16 + 4);
    // 1e16 + 3 is not a double: it needs two terms and rounds to even.
    const odd = new ExactTally(1);
    odd.add([1e16]);
    odd.add([3]);
    expect(odd.residuals()).toEqual({ '0': [-1, 1e16 + 4] });
    expect(odd.value(0)).toBe(1e16 + 4);
  });
});
