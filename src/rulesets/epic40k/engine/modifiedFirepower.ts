/**
 * The firepower a detachment rolls on the Firepower Table after modification
 * (L1039): Assault orders halve it rounding up (L934; the detachment total,
 * or with `perUnitHalved` the sum of every unit's halved firepower, option
 * `assaultHalving`), then every Blast marker on the firing detachment takes
 * `penalty` away (the missing Blast-marker section, L1048; option
 * `blastMarkerFirepowerPenalty`). Never below 0.
 */
export function modifiedFirepower(raw: number, perUnitHalved: number, assaultOrder: boolean, halveTotal: boolean, blastMarkers: number, penalty: number): number {
  let fp = raw;
  if (assaultOrder) fp = halveTotal ? (raw + 1) >> 1 : perUnitHalved;
  fp -= blastMarkers * penalty;
  return fp > 0 ? fp : 0;
}
