import type { Formation, Unit } from '../schema.js';
import { eitherOrChoice } from '../weaponLoadout.js';
import type { UnitResolver } from './names.js';
import { matchesName } from './units.js';

/**
 * Weapons a list's rows name beside a unit: "Add two Hammerheads with Ion Cannons" (the loadout
 * of the units an upgrade adds) and "Note: One or more Hammerheads with Railguns cost +25 points"
 * (a formation's surcharge for a weapon). Names are matched against the unit's own weapons, singular
 * or plural ("Railguns" is the Hammerhead's `railgun`).
 */

/** The id of the unit's weapon that `name` names (its id is its name, kebab-cased), or undefined. */
function weaponNamed(unit: Unit, name: string): string | undefined {
  return unit.weapons.map((w) => w.weapon).find((id) => matchesName(name, id.replace(/-/g, ' ')));
}

/**
 * The loadout "with Ion Cannons" / "with Railguns or Twin Fusion Cannons" gives the units an
 * upgrade adds, as weapon ids of their either-or choice; nothing when the words name none of the
 * unit's weapons ("with a Gun Emplacement"), a problem when they name one it cannot choose.
 */
export function armedWithOf(notes: string[], unit: Unit): { armedWith?: string[]; problem?: string } {
  const options = eitherOrChoice(unit);
  for (const note of notes) {
    const m = /^with\s+(.+)$/i.exec(note.trim());
    if (!m || options === null) continue;
    const names = m[1]!.split(/\s*,\s*|\s+or\s+/);
    const ids = names.map((n) => weaponNamed(unit, n));
    // "Add one Tarantula Platform with a Gun Emplacement": no weapon, not a loadout.
    if (ids.every((id) => id === undefined)) continue;
    const choosable = new Set(options.map((i) => unit.weapons[i]!.weapon));
    if (ids.every((id) => id !== undefined && choosable.has(id))) return { armedWith: ids as string[] };
    return { problem: `"${note}": not weapons the ${unit.name}'s loadout offers (${[...choosable].join(', ')})` };
  }
  return {};
}

const ONE_OR_MORE = /\bone or more\s+(.+?)\s+with\s+(.+?)\s+costs?\s+\+\s*([0-9]+)\s+points?\b/i;

/** "One or more Hammerheads with Railguns cost +25 points" in a formation's notes, as a weapon surcharge. */
export function weaponSurchargeOf(notes: string[], resolver: UnitResolver): { surcharge?: NonNullable<Formation['weaponSurcharges']>[number]; problem?: string } {
  for (const note of notes) {
    const m = ONE_OR_MORE.exec(note);
    if (!m) continue;
    const unit = resolver.resolve(m[1]!);
    if (!unit.ok) return { problem: `"${m[0]}": ${unit.reason}` };
    const weapon = weaponNamed(unit.unit, m[2]!);
    if (weapon === undefined) return { problem: `"${m[0]}": the ${unit.unit.name} has no weapon "${m[2]}"` };
    return { surcharge: { unit: unit.unit.id, weapon, points: Number(m[3]) } };
  }
  return {};
}
