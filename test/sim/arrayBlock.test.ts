import { describe, expect, it } from 'vitest';
import { ArrayBlock } from '../../src/sim/arrayBlock.js';

describe('ArrayBlock', () => {
  it('carves arrays side by side from one buffer, each aligned to its element size', () => {
    const block = new ArrayBlock(256);
    const a = block.uint8(3);
    const b = block.int32(2);
    const c = block.int8(1);
    const d = block.float64(2);
    expect(b.buffer).toBe(a.buffer);
    expect(d.buffer).toBe(a.buffer);
    expect([a.byteOffset, b.byteOffset, c.byteOffset, d.byteOffset]).toEqual([0, 4, 12, 16]);
    expect([a.length, b.length, c.length, d.length]).toEqual([3, 2, 1, 2]);
  });

  it('starts a new buffer when an array does not fit, and gives a larger array a buffer of its own size', () => {
    const block = new ArrayBlock(16);
    const a = block.int32(3);
    const b = block.int32(2);
    expect(b.buffer).not.toBe(a.buffer);
    expect(b.byteOffset).toBe(0);
    const big = block.float64(5);
    expect(big.buffer.byteLength).toBe(40);
    const after = block.uint8(1);
    expect(after.buffer).not.toBe(big.buffer);
  });

  it('hands out zeroed arrays that do not overlap', () => {
    const block = new ArrayBlock(64);
    const a = block.int32(4);
    const b = block.int32(4);
    expect([...a, ...b]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    a.fill(-1);
    expect([...b]).toEqual([0, 0, 0, 0]);
  });
});
