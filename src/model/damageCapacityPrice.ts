import { startingDamageCapacity } from './carriages.js';
import { formationTextError } from './inputError.js';
import type { ResolvedUnit } from './resolvedUnit.js';
import type { Upgrade } from './schema.js';

/**
 * A character priced by the damage capacity of the unit it joins (TP Ork Gargant Mob Kart, "+25
 * points per 4 DC"): it joins the formation's first unit with a damage capacity, and costs the
 * upgrade's points for every `per` points of that unit's starting damage capacity. The Tournament
 * Pack prices whole multiples only, and every unit that may take the Kart has one (Supa-Stompa 4:
 * 25 points, Gargant 8: 50, Great Gargant 12: 75); any other damage capacity is refused, naming
 * it, rather than priced by a guess at what "per 4 DC" means for it.
 */
export function damageCapacityPrice(units: ResolvedUnit[], upgrade: Upgrade, text: string): { host: ResolvedUnit; points: number } {
  const per = upgrade.pointsPerDamageCapacity!.per;
  const priced = `upgrade "${upgrade.name}" is priced +${upgrade.points} points per ${per} DC of the unit it joins`;
  const refuse = (message: string) => formationTextError(text, message);
  const host = units.find((u) => u.unit.damageCapacity !== undefined);
  if (host === undefined) throw refuse(`${priced}, and no unit of the formation has a damage capacity (expected a war engine: a Gargant, Great Gargant or Supa-Stompa)`);
  const dc = startingDamageCapacity(host);
  if (dc % per !== 0) throw refuse(`${priced}, and ${host.unit.name} has DC ${dc}, not a multiple of ${per}: the Tournament Pack gives no price for it`);
  return { host, points: (upgrade.points * dc) / per };
}
