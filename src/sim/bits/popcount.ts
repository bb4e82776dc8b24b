/**
 * Number of set bits in the low 32 bits of x (a SWAR count): pairs, nibbles
 * and bytes are summed in place, then Math.imul by 0x01010101 adds the four
 * byte counts into the top byte. The fire plan counts the dead units of a
 * trial kept as bits of one integer with it.
 */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
