/**
 * Exact probability of a to-hit roll needing `t` (RB 1.9.5): (7 - max(t, 2)) / 6
 * up to 6; 1/12, 1/18, 1/36 for 7, 8, 9; 0 from 10. The closed form the tests
 * and the exact oracles use.
 */
export function toHitProbability(t: number): number {
  if (t <= 6) return (7 - Math.max(t, 2)) / 6;
  if (t === 7) return 1 / 12;
  if (t === 8) return 1 / 18;
  if (t === 9) return 1 / 36;
  return 0;
}
