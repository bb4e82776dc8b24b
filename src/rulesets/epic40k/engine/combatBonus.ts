/**
 * The bonus table of close combats (BattleBible L1188-1199) and firefights
 * (L1243-1253), cumulative: +1 if the opposing side has 5 or more Blast
 * markers; +1 if it has more Blast markers than yours; +1 if your side has
 * the most psykers fighting or supporting; +1 if your total is higher than
 * the enemy's, +1 more at double, triple and quadruple it. Blast markers on
 * war engines are not counted (L1199); the caller leaves them out.
 */
export function combatBonus(ownTotal: number, enemyTotal: number, ownBm: number, enemyBm: number, ownPsykers: number, enemyPsykers: number): number {
  let bonus = ratioBonus(ownTotal, enemyTotal);
  if (enemyBm >= 5) bonus++;
  if (enemyBm > ownBm) bonus++;
  if (ownPsykers > enemyPsykers) bonus++;
  return bonus;
}

/** +1 for a higher total, and +1 each for at least double, triple, quadruple the enemy's (L1194-1199: 3x gives +3). */
export function ratioBonus(own: number, enemy: number): number {
  if (own <= enemy) return 0;
  let bonus = 1;
  if (own >= 2 * enemy) bonus++;
  if (own >= 3 * enemy) bonus++;
  if (own >= 4 * enemy) bonus++;
  return bonus;
}
