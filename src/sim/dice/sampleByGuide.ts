/**
 * `sampleByThresholds` started from a guide table (`guideTable`): the first
 * k with (word as unsigned) < table[offset + k], searched from the guide's
 * entry for the word's slice, guide[guideOffset + (word >>> shift)], where
 * shift is 32 minus the guide's bits. The same value as the full search.
 */
export function sampleByGuide(table: Float64Array, offset: number, guide: Int32Array, guideOffset: number, shift: number, word: number): number {
  const r = word >>> 0;
  let k = guide[guideOffset + (r >>> shift)]!;
  while (r >= table[offset + k]!) k++;
  return k;
}
