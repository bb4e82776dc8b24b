import type { Dataset } from './dataset.js';
import type { ResolvedUnit } from './resolvedUnit.js';
import type { Formation } from './schema.js';

/**
 * Surcharges a list's rules add for the weapons on a formation's weapon mounts (Formation
 * `mountSurcharges`, read by the importer from the list's special rules): the War Griffons' "each
 * Scout or Battle Titan formation must select at least two different weapons or pay a surcharge of
 * an additional +25 points", and the Gryphonne IV Skitarii's "Ordinatus Minorus Weapon Mounts ...
 * pay surcharges of an additional +50 points for a Carapace Landing Pad and +25 points for a Quake
 * Cannon". Counted over the weapons named: a formation with none pays none (its empty mounts are
 * named with every result instead).
 *
 * Each surcharge is added to the units carrying the weapons it is for, so the points a unit stands
 * for (lost when it is destroyed) add up to the formation's cost.
 */
export function chargeMountSurcharges(data: Dataset, f: Formation, units: ResolvedUnit[]): { points: number; said: string[] } {
  const rules = f.mountSurcharges;
  const armed = units.filter((ru) => (ru.mounted ?? []).length > 0);
  if (rules === undefined || armed.length === 0) return { points: 0, said: [] };
  let points = 0;
  const said: string[] = [];
  const distinct = new Set(armed.flatMap((ru) => ru.mounted!.map((m) => m.character))).size;
  const different = rules.differentWeapons;
  if (different !== undefined && distinct < different.min) {
    for (const ru of armed) ru.points = (ru.points ?? 0) + different.points / armed.length;
    points += different.points;
    said.push(`+${different.points} points for fewer than ${different.min} different weapons on its mounts`);
  }
  for (const rule of rules.perWeapon) {
    let n = 0;
    for (const ru of armed) {
      if (ru.unit.id !== rule.unit) continue;
      const here = ru.mounted!.filter((m) => m.character === rule.weapon).length;
      ru.points = (ru.points ?? 0) + here * rule.points;
      n += here;
    }
    if (n === 0) continue;
    points += n * rule.points;
    said.push(`+${n * rule.points} points for ${n} ${data.units.get(rule.weapon)?.name ?? rule.weapon} on ${data.units.get(rule.unit)?.name ?? rule.unit}`);
  }
  return { points, said: said.length > 0 ? [`weapon-mount surcharges: ${said.join(', ')} (the list's special rules)`] : [] };
}
