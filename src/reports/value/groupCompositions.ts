/**
 * The groups a battle can field for one meeting: m copies of the formation
 * against n copies of an opponent, m and n from 1 to the battle's largest
 * group. What sizes the meeting is the opponent points each copy of the
 * formation faces, n·P/m for an opponent of P points, so the compositions are
 * the distinct ratios n/m, ascending, each with its smallest group (2 against
 * 2 plays as 1 against 1). With a largest group of 3: 1/3, 1/2, 2/3, 1, 3/2,
 * 2, 3.
 */
export interface GroupComposition {
  /** Copies of the formation. */
  m: number;
  /** Copies of the opponent. */
  n: number;
}

export function groupCompositions(max: number): GroupComposition[] {
  const out: GroupComposition[] = [];
  for (let m = 1; m <= max; m++) {
    for (let n = 1; n <= max; n++) {
      // A ratio already taken by a smaller group (n·m' = n'·m) is the same composition.
      if (out.some((c) => c.n * m === n * c.m)) continue;
      out.push({ m, n });
    }
  }
  return out.sort((a, b) => a.n / a.m - b.n / b.m);
}
