/**
 * The number a to-hit D10 must reach, and the armour bonus the overflow gives
 * (seed 003, L20-58, L108-140, L463-466, L165-166, L390-392, L295-306).
 *
 *   need = accuracy                        the user's stat (L23-27)
 *        + 2 beyond short range            (L42-44)
 *        + cover 1 / 2 / 3                 soft / hard / fortified (L112-123)
 *        + 2 against a Light Vehicle       (L463-466)
 *        + 1 if the firer is Suppressed, + 1 if Fatigued (L165-166, L390-392)
 *        - 2 point blank: prepared fire at chargers, fire at a withdrawing unit (L295-298, L304-306)
 *   all cumulative (L124-125). Above 10 a hit needs a natural 10 and every
 *   point over 10 adds 1 to the target's armour (L126-140).
 *
 * Returns need * 16 + armour bonus from the overflow (packed, no allocation):
 * `need` is at most 10.
 */
export function toHitNeed(accuracy: number, modifiers: number): number {
  const raw = accuracy + modifiers;
  if (raw > 10) return 10 * 16 + (raw - 10);
  return Math.max(raw, 1) * 16;
}

/** The static part of the modifiers: range, cover, Light Vehicle, point blank. */
export function staticToHitModifier(longRange: boolean, cover: number, lightVehicle: boolean, pointBlank: boolean): number {
  return (longRange ? 2 : 0) + cover + (lightVehicle ? 2 : 0) - (pointBlank ? 2 : 0);
}
