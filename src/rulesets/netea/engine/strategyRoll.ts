/**
 * The chance that side A acts first (RB 1.5): each side rolls D6 + its
 * strategy rating and the higher total chooses; a tie on the first turn is
 * broken at random. With a and b the ratings,
 *
 *   P(A first) = P(D6 + a > D6 + b) + ½·P(D6 + a = D6 + b),
 *
 * summed over the 36 pairs of dice. Sides without a rating (a unit list that
 * matches no army) count as equal: ½.
 */
export function firstMoveChance(a: number | null, b: number | null): number {
  if (a === null || b === null) return 0.5;
  let wins = 0;
  for (let x = 1; x <= 6; x++) {
    for (let y = 1; y <= 6; y++) {
      if (x + a > y + b) wins += 1;
      else if (x + a === y + b) wins += 0.5;
    }
  }
  return wins / 36;
}
