/**
 * Orders as the compiled state stores them (L920-942). Overwatch: move 5 cm,
 * re-roll missed hit dice (L928), Rapid Fire doubles firepower (L1428).
 * Assault: firepower halved rounding up in the Shooting Phase (L934), a
 * second move and the charge in the Assault Phase (L1162-1168). March: no
 * shooting, no assault move; Assault and firepower halved in close combats and
 * firefights (L942); the target of fire is hit on column A (L1079).
 */
export const ORDER_NONE = 0;
export const ORDER_ASSAULT = 1;
export const ORDER_OVERWATCH = 2;
export const ORDER_MARCH = 3;

/** Halves a value for Broken (L1271: rounding up) or Marching (L942: rounding per the option) detachments in close combats and firefights. */
export function halvedForState(value: number, broken: boolean, marching: boolean, marchingRoundUp: boolean): number {
  if (broken) return (value + 1) >> 1;
  if (marching) return marchingRoundUp ? (value + 1) >> 1 : value >> 1;
  return value;
}
