/**
 * Ranks from 1 to n, tied values sharing the mean of the ranks they span
 * (the "fractional" ranking Spearman's coefficient needs when values tie,
 * as Tournament Pack costs do): [10, 20, 20, 30] → [1, 2.5, 2.5, 4].
 */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const ranks = new Array<number>(values.length);
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j + 1 < order.length && values[order[j + 1]!] === values[order[i]!]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k]!] = rank;
    i = j + 1;
  }
  return ranks;
}
