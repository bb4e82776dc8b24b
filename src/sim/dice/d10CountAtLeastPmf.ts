/**
 * Exact distribution of how many of `n` D10s roll `t` or more: the binomial
 * C(n, k) p^k (1 - p)^(n - k) with p = (11 - t) / 10 (t clamped to 1..11).
 * Heresy's hits from n firepower dice at a target number (seed 003, L32-35,
 * L50-58), and the kills of the "each die" penetration reading.
 */
export function d10CountAtLeastPmf(n: number, t: number): number[] {
  const p = t <= 1 ? 1 : t > 10 ? 0 : (11 - t) / 10;
  const out = new Array<number>(n + 1).fill(0);
  let c = 1;
  for (let k = 0; k <= n; k++) {
    out[k] = c * p ** k * (1 - p) ** (n - k);
    c = (c * (n - k)) / (k + 1);
  }
  return out;
}
