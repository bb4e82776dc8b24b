import type { Upgrade } from './schema.js';

/**
 * An upgrade's price as `list` and the playground show it: its points, per so many DC where the
 * unit it joins prices it (the Ork Kart, "+25 points per 4 DC"), and said to be another
 * formation's cost where it brings a formation of its own (the Tiger Sharks' Gun Drones), per unit
 * of the formation (Dreadclaws, "+5 points per unit"), and its price for a pair ("+125 points per pair").
 */
export function upgradePrice(u: Upgrade): string {
  const per = u.pointsPerDamageCapacity !== undefined ? ` per ${u.pointsPerDamageCapacity.per} DC` : u.perUnit === true ? ' per unit' : '';
  const of = u.formation !== undefined ? ` for formation ${u.formation}` : '';
  const pair = u.pairPoints !== undefined ? `, ${u.pairPoints} per pair` : '';
  return `${u.points} pts${per}${of}${pair}`;
}
