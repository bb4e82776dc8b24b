import { describe, expect, it } from 'vitest';
import { popcount } from '../../../src/sim/bits/popcount.js';

/** The count bit by bit, to compare with. */
function slowCount(x: number): number {
  let n = 0;
  for (let b = 0; b < 32; b++) n += (x >>> b) & 1;
  return n;
}

describe('popcount', () => {
  it('counts the set bits of chosen words', () => {
    expect(popcount(0)).toBe(0);
    expect(popcount(1)).toBe(1);
    expect(popcount(0b1011)).toBe(3);
    expect(popcount(0x80000000)).toBe(1);
    expect(popcount(0xffffffff)).toBe(32);
    expect(popcount(-1)).toBe(32);
    expect(popcount(0x55555555)).toBe(16);
  });

  it('agrees with a bit-by-bit count on every word with at most two bits set', () => {
    for (let i = 0; i < 32; i++) {
      for (let j = i; j < 32; j++) {
        const x = ((1 << i) | (1 << j)) >>> 0;
        expect(popcount(x)).toBe(slowCount(x));
      }
    }
  });
});
