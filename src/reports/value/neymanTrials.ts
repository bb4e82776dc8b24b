import { termVariance, type MeetingTerm } from './fixedPointCost.js';

/**
 * How many trials each meeting of a fair cost should have for Var G(p̂) to
 * fall to a target V* at the least cost in trials (Neyman allocation;
 * docs/fair-cost.md, "Trials where they count"). G(p̂) is a sum of the
 * meetings' parts c_ℓ·ℓ̄_j + c_d·d̄_j (fixedPointCost.ts), independent, part j
 * with variance σ_j²/n_j, σ_j its per-trial spread. Minimising Σ n_j subject
 * to Σ σ_j²/n_j = V* gives
 *
 *   n_j = σ_j · Σ_k σ_k / V*,
 *
 * trials in proportion to each part's spread: a scene of weight 0.56 gets
 * about 28 times the trials of one of 0.02, and a meeting that decides nothing
 * (spread 0) none beyond what it ran. σ_j is estimated from the trials run so
 * far (σ_j² = n_j·Var of the part's mean). Each meeting's target is rounded up
 * to a multiple of `block` and held within `cap`; the answer is the extra
 * trials each needs (0 for most).
 */
export function neymanTrials(terms: MeetingTerm[], target: number, block: number, cap: number): number[] {
  const spread = terms.map((t) => Math.sqrt(termVariance(t) * t.group.sums[t.slot]!.n));
  const total = spread.reduce((a, b) => a + b, 0);
  return terms.map((t, j) => {
    const ran = t.group.sums[t.slot]!.n;
    if (spread[j] === 0) return 0;
    const want = target > 0 ? (spread[j]! * total) / target : Infinity;
    if (!(want > ran)) return 0;
    return Math.max(0, Math.min(cap, Math.ceil(want / block) * block) - ran);
  });
}
