/**
 * Blast markers a shooting attack places (BattleBible L1035-1046, L1111-1122).
 */

/**
 * Blast markers from the attack's firepower before any modification (L1039):
 * FP 1-7: one, only if the attack scores a hit; 8-15: 1; 16-23: 2; 24+: 3
 * (L1041-1046).
 */
export function firepowerBlastMarkers(fp: number, anyHit: boolean): number {
  if (fp >= 24) return 3;
  if (fp >= 16) return 2;
  if (fp >= 8) return 1;
  return fp >= 1 && anyHit ? 1 : 0;
}

/**
 * Further Blast markers by the number of super-heavy weapons fired (anti-tank
 * and death-ray shots, pulsars, mega cannons, ...; L1115-1120): 1-3 weapons:
 * one, only if they score a hit; 4-8: 1; 9+: 2.
 */
export function superHeavyBlastMarkers(weapons: number, anyHit: boolean): number {
  if (weapons >= 9) return 2;
  if (weapons >= 4) return 1;
  return weapons >= 1 && anyHit ? 1 : 0;
}
