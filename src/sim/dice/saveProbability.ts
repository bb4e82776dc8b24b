/** Exact probability of passing a save needing `s`: (7 - s) / 6 for s in 1..6, 0 past 6+. */
export function saveProbability(s: number): number {
  if (s > 6) return 0;
  return (7 - Math.max(s, 1)) / 6;
}
