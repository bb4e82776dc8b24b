/**
 * Close-combat hit numbers (BattleBible L1213-1225): every unit in base
 * contact rolls a D6 (Rampage: 2, L1424; war engines: half their remaining
 * Damage Capacity rounded up, L1225) and Armor is ignored; a die of at least
 * the number kills an enemy unit in contact.
 *
 * | difference | result      | winner | loser |
 * | 1          | Narrow Win  | 4+     | 4+    |
 * | 2          | Forced Back | 3+     | 4+    |
 * | 3          | Driven Off  | 3+     | 5+    |
 * | 4          | Hurled Back | 2+     | 5+    |
 * | 5 or more  | Overwhelmed | 2+     | 6+    |
 */
const WINNER = [4, 4, 3, 3, 2, 2];
const LOSER = [4, 4, 4, 5, 5, 6];

/** The winner's hit number for a combat difference of 1 or more. */
export function winnerHitNumber(difference: number): number {
  return WINNER[difference > 5 ? 5 : difference]!;
}

/** The loser's hit number for a combat difference of 1 or more. */
export function loserHitNumber(difference: number): number {
  return LOSER[difference > 5 ? 5 : difference]!;
}
