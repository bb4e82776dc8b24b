/**
 * Distances in an assault, on the assault axis (assault/positions.ts): the
 * defending front line is 0, defenders stand at positive coordinates,
 * attackers at negative ones. Written once for the general procedure
 * (assault/positions.ts, assault/moves.ts) and the assault plan
 * (plannedAssault/, assaultPlan/attackGroups.ts).
 */

/**
 * RB 1.12.5: a unit within 15 cm of an enemy unit is directly engaged (TP
 * Resolve Attacks); a charge ends within it or there is no assault (RB
 * 1.12.3); supporting fire reaches as far (RB 1.12.6), and so does the Blast
 * marker the loser's other formations take (RB 1.12.8).
 */
export function withinAssaultRange(distance: number): boolean {
  return distance <= 15;
}

/**
 * How far a unit not in base contact is from the enemy: an attacker from the
 * nearest living defender ahead of it, a defender from the furthest-forward
 * living attacker; 0 when they overlap.
 */
export function distanceFromEnemy(attacker: boolean, pos: number, nearestDefender: number, furthestAttacker: number): number {
  return attacker ? Math.max(0, nearestDefender - pos) : Math.max(0, pos - furthestAttacker);
}
