/**
 * Distribution of the sum of two independent counts given by their
 * distributions: P(a + b = k) = sum over i of P(a = i) P(b = k - i).
 */
export function sumOfCounts(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  a.forEach((pa, i) => b.forEach((pb, j) => (out[i + j]! += pa * pb)));
  return out;
}
