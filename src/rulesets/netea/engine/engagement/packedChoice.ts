/**
 * A weapon group's firepower choice against a formation, packed in one
 * integer (Engagement.choice): what `fillChoice` (firepowerChoice.ts) writes
 * and what the shooting procedure and the fire plan read. No imports, so the
 * hot modules that unpack it import nothing more.
 */

/** A firepower choice: line l with firepower fp (1 AP, 2 AT, 3 MW) at the target classes in mask (below 16). */
export function packChoice(l: number, fp: number, mask: number): number {
  return (l << 6) | (fp << 4) | mask;
}

/** A packed choice's line, firepower and target mask. */
export function choiceLine(choice: number): number {
  return choice >> 6;
}
export function choiceFp(choice: number): number {
  return (choice >> 4) & 3;
}
export function choiceMask(choice: number): number {
  return choice & 15;
}

/** A group's choice against a formation when none is best against every unit: the attacker chooses per attack. */
export const CHOOSE_PER_ATTACK = -1;
/** A group with nothing that can hurt the formation. */
export const NOTHING_TO_FIRE = -2;
