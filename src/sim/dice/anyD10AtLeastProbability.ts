/**
 * Exact probability that at least one of `n` D10s rolls `t` or more:
 * 1 - ((t - 1) / 10)^n for t in 1..10 (1 below 1, 0 above 10 or for no dice).
 * Heresy's penetration with several dice on the "any die" reading (seed 003,
 * L59-63; the specification's table in §2.3.2: A = 7, P = 2 gives 0.64).
 */
export function anyD10AtLeastProbability(n: number, t: number): number {
  if (n <= 0 || t > 10) return 0;
  if (t <= 1) return 1;
  return 1 - ((t - 1) / 10) ** n;
}
