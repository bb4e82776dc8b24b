/**
 * The chance that formation A gets the better of its two plays of a scene
 * against B when the faster formation chooses the fight: it keeps out of the
 * slower one's reach until it chooses to close and shoot or charge first, or
 * to stand and receive (RB 1.7, 1.12). Not always: the tournament game is won
 * on objectives held within 15 cm in the end phase (RB 6.1.4), so a formation
 * cannot keep away for ever, and the slower side may act first. With
 * speeds a and b in cm and a ramp r in cm,
 *
 *   P(A chooses) = clamp(½ + (a − b) / (2·r), 0, 1),
 *
 * so equal speeds give ½ (the plays alternate), and a formation r cm or more
 * faster always chooses; r = 0 makes the faster one choose whatever the
 * difference.
 */
export function speedFirstChance(a: number, b: number, ramp: number): number {
  if (a === b) return 0.5;
  if (ramp <= 0) return a > b ? 1 : 0;
  return Math.min(1, Math.max(0, 0.5 + (a - b) / (2 * ramp)));
}
