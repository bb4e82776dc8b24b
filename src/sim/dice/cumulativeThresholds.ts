/**
 * The inverse-CDF table of a distribution over 0..n for 32-bit uniform words:
 * entry k is P(X <= k) * 2^32, and the last is exactly 2^32 so every word
 * stops there. The value drawn from word r is the first k with r < entry k
 * (`sampleByThresholds`), so each value comes out with its probability to
 * within 2^-32 (the rounding of its two bounds to whole words).
 */
export function cumulativeThresholds(pmf: readonly number[]): number[] {
  let sum = 0;
  const out = pmf.map((p) => {
    sum += p;
    return Math.min(sum, 1) * 4294967296;
  });
  out[out.length - 1] = 4294967296;
  return out;
}
