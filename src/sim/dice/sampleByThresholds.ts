/**
 * The value a 32-bit word draws from an inverse-CDF table
 * (`cumulativeThresholds`) stored from `offset` on: the first k with
 * (word as unsigned) < table[offset + k]. A linear search: the tables are
 * short, and the expected steps are the mean of the distribution.
 */
export function sampleByThresholds(table: Float64Array, offset: number, word: number): number {
  const r = word >>> 0;
  let k = 0;
  while (r >= table[offset + k]!) k++;
  return k;
}
