/**
 * Distribution of the hits from a number of attack dice distributed as
 * `dice` (entry d is P(d dice)), each hitting with probability p:
 * P(k hits) = sum over d of P(d dice) * C(d, k) p^k (1 - p)^(d - k).
 */
export function hitCountPmf(dice: number[], p: number): number[] {
  const out = new Array<number>(dice.length).fill(0);
  dice.forEach((pd, d) => {
    if (pd === 0) return;
    let choose = 1;
    for (let k = 0; k <= d; k++) {
      out[k]! += pd * choose * p ** k * (1 - p) ** (d - k);
      choose = (choose * (d - k)) / (k + 1);
    }
  });
  return out;
}
