/**
 * Exact probability that one D10 rolls `t` or more: (11 - t) / 10 for t in
 * 1..10, 1 below 1 and 0 above 10. Heresy's to-hit (seed 003, L50-58: "equal
 * to or exceed the target number"), penetration (L59-63) and quality checks
 * (L399-400) are all this test.
 */
export function d10AtLeastProbability(t: number): number {
  if (t <= 1) return 1;
  if (t > 10) return 0;
  return (11 - t) / 10;
}
