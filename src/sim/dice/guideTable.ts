/**
 * A guide table for an inverse-CDF table of 32-bit words
 * (`cumulativeThresholds`), after Chen and Asau (1974): the words fall in
 * 2^bits equal slices, and entry j is the first k whose threshold lies above
 * the slice's first word j * 2^(32 - bits). Every word of slice j draws a
 * value k at or after entry j, so a search may start there
 * (`sampleByGuide`): with 2^bits at least the number of values, it takes
 * fewer than two steps on average.
 */
export function guideTable(thresholds: readonly number[], bits: number): number[] {
  const slice = 2 ** (32 - bits);
  const out: number[] = [];
  let k = 0;
  for (let j = 0; j < 2 ** bits; j++) {
    while (thresholds[k]! <= j * slice) k++;
    out.push(k);
  }
  return out;
}
