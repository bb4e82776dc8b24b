/**
 * The mixture of two achievable groups that sizes an opponent side to p
 * points per copy of the formation (docs/fair-cost.md, the fixed point).
 * Given the points per copy r_0 < r_1 < ... of the achievable groups, p
 * between r_i and r_{i+1} takes
 *
 *   λ_i = (r_{i+1} − p) / (r_{i+1} − r_i),   λ_{i+1} = 1 − λ_i,
 *
 * so that λ_i·r_i + λ_{i+1}·r_{i+1} = p: the expected opponent points per
 * copy are p, and every quantity mixed this way is continuous and piecewise
 * linear in p. p at a ratio takes that group alone; below the smallest ratio
 * or above the largest, the nearest group alone (the battle fields no bigger
 * group, so the points are not matched there, and the parity equation says so
 * through P̄, parityCost.ts).
 */
export interface MixtureWeight {
  index: number;
  weight: number;
}

export function mixtureWeights(p: number, ratios: ArrayLike<number>): MixtureWeight[] {
  const last = ratios.length - 1;
  if (last < 0) return [];
  if (!(p > ratios[0]!)) return [{ index: 0, weight: 1 }];
  if (p >= ratios[last]!) return [{ index: last, weight: 1 }];
  let i = 0;
  while (ratios[i + 1]! < p) i++;
  const hi = ratios[i + 1]!;
  if (hi === p) return [{ index: i + 1, weight: 1 }];
  const a = (hi - p) / (hi - ratios[i]!);
  return [
    { index: i, weight: a },
    { index: i + 1, weight: 1 - a },
  ];
}
