import type { Dataset } from './dataset.js';
import type { ResolvedUnit } from './resolvedUnit.js';
import type { Formation } from './schema.js';

/**
 * A formation's surcharges for a weapon its units may carry (Formation `weaponSurcharges`): TP Tau
 * Armour Support Group, "One or more Hammerheads with Railguns cost +25 points". Paid once when any
 * unit of the type carries the weapon as fielded, upgrades and `@` loadouts included, and shared
 * over those units, so the points a unit stands for add up to the formation's cost.
 */
export function chargeWeaponSurcharges(data: Dataset, f: Formation, units: ResolvedUnit[]): { points: number; said: string[] } {
  let points = 0;
  const said: string[] = [];
  for (const rule of f.weaponSurcharges ?? []) {
    const carriers = units.filter((ru) => ru.unit.id === rule.unit && ru.weapons.some((w) => w.weapon.id === rule.weapon && w.multiplier !== 0));
    if (carriers.length === 0) continue;
    for (const ru of carriers) ru.points = (ru.points ?? 0) + rule.points / carriers.length;
    points += rule.points;
    const weapon = data.weapons.get(rule.weapon)?.name ?? rule.weapon;
    said.push(`+${rule.points} points: ${carriers.length} ${data.units.get(rule.unit)?.name ?? rule.unit} with ${weapon} (the list: "one or more ... cost +${rule.points} points")`);
  }
  return { points, said };
}
