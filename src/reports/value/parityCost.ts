/**
 * Parity at a price p (docs/fair-cost.md). Per copy of the formation, under a
 * mix of the battle's meetings (fixedPointCost.ts): X is the value it destroys
 * in the opponents' own points, ℓ the share of itself it loses (a fraction of
 * the formation, so at price p it loses p·ℓ points) and P̄ the opponent points
 * it faces. None of them depends on any price of the formation.
 *
 * - efficiency parity (the default): its value destroyed per point of its
 *   price, X/p, equals the opponents' per point of theirs, p·ℓ/P̄:
 *   G(p) = p²·ℓ − X·P̄ = 0.
 * - exchange parity: what it destroys equals what it loses, X = p·ℓ:
 *   G(p) = p·ℓ − X = 0.
 *
 * Where the field is sized to the price (P̄ = p) the two are one equation,
 * p = X/ℓ. G < 0: at p the formation is worth more than it costs.
 */

export const PARITY_METRICS = ['efficiency', 'exchange'] as const;
export type ParityMetric = (typeof PARITY_METRICS)[number];

export function parityGap(p: number, x: number, l: number, pBar: number, metric: ParityMetric): number {
  return metric === 'exchange' ? p * l - x : p * p * l - x * pBar;
}

/** ∂G/∂ℓ and ∂G/∂X at p with P̄ fixed (G is linear in each mean): what G's variance needs. */
export function parityCoefficients(p: number, pBar: number, metric: ParityMetric): { ofLost: number; ofDestroyed: number } {
  return metric === 'exchange' ? { ofLost: p, ofDestroyed: -1 } : { ofLost: p * p, ofDestroyed: -pBar };
}

/** G's root when X, ℓ and P̄ do not change with p (beyond the largest or smallest group): √(X·P̄/ℓ), or X/ℓ. */
export function constantMixRoot(x: number, l: number, pBar: number, metric: ParityMetric): number {
  if (!(x > 0)) return 0;
  if (!(l > 0)) return Infinity;
  return metric === 'exchange' ? x / l : Math.sqrt((x * pBar) / l);
}
