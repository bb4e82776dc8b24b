/**
 * Suppression (seed 003, L141-192).
 *
 * The dice that count towards suppression, in half dice (integers): each
 * weapon's firepower, x2 with Rapid Fire (L471-472), x1/2 for an
 * Anti-infantry firer at a unit in any cover (L189-190; Anti-tank counts in
 * full, L191-192).
 */
export function suppressionHalfDice(firepower: number, rapidFire: boolean, antiInfantryIntoCover: boolean): number {
  return firepower * (rapidFire ? 4 : 2) / (antiInfantryIntoCover ? 2 : 1);
}

/** Suppressed when the firepower dice exceed the models in the target unit (L149): halfDice / 2 > models. */
export function suppresses(halfDice: number, models: number): boolean {
  return halfDice > 2 * models;
}

/** The penalty to the end-phase quality check by chits (L179-184): 1-3: 0; 4-6: -1; 7-9: -2; 10+: -3 (0 chits: no check). */
export function chitPenalty(chits: number): number {
  if (chits <= 3) return 0;
  if (chits <= 6) return 1;
  if (chits <= 9) return 2;
  return 3;
}
