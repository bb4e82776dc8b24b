/**
 * The verdict on a formation's cost from its sensitivity band [low, high]
 * (every mix's 95% interval, src/reports/value/formationValue.ts) and the
 * battle's margin μ: under-costed when even the band's low end is worth more
 * than (1 + μ) times the cost, over-costed when even its high end is worth
 * less than the cost ÷ (1 + μ), else fair. Symmetric as a ratio: with μ = 0.25,
 * below 0.8× or above 1.25× the cost.
 */
export type Verdict = 'under-costed' | 'over-costed' | 'fair';

export function verdictOf(cost: number, band: [number, number], margin: number): Verdict {
  if (band[0] > cost * (1 + margin)) return 'under-costed';
  if (band[1] < cost / (1 + margin)) return 'over-costed';
  return 'fair';
}
