import type { ResolvedUnit } from './resolvedUnit.js';
import type { Unit } from './schema.js';

/**
 * A loadout the player chooses for a unit whose datasheet arms it with one
 * weapon of several ("Armed with either Pin-point Attacks or Orbital
 * Bombardment"): every optional weapon 0-1, the default carrying exactly one
 * of them. A formation text picks another with `@<weapon id>`
 * (`adeptus-mechanicus-titan-legion/orbital-support@orbital-bombardment-5bp`),
 * and the audit values each one beside the default. Loadouts with several
 * slots ("two of the following") keep their default.
 */

/** The indices into `unit.weapons` of an either-or choice, or null when the unit has none. */
export function eitherOrChoice(unit: Unit): number[] | null {
  const options = unit.weapons.flatMap((w, i) => (w.choice !== undefined && w.choice.min < w.choice.max ? [i] : []));
  if (options.length < 2) return null;
  const fielded = options.reduce((n, i) => n + (typeof unit.weapons[i]!.multiplier === 'number' ? (unit.weapons[i]!.multiplier as number) : 1), 0);
  const oneEach = options.every((i) => unit.weapons[i]!.choice!.min === 0 && unit.weapons[i]!.choice!.max === 1);
  return oneEach && fielded === 1 ? options : null;
}

/** The weapons other than the default that the formation's units could be armed with instead, by id. */
export function loadoutOptions(units: Unit[]): string[] {
  const out = new Set<string>();
  for (const u of units) {
    for (const i of eitherOrChoice(u) ?? []) if (u.weapons[i]!.multiplier === 0) out.add(u.weapons[i]!.weapon);
  }
  return [...out];
}

/**
 * Arms every unit that offers weapon `id` as an either-or choice with it, and
 * not with the others of that choice. Returns the names of the unit types
 * armed, empty when no unit offers it.
 */
export function applyLoadout(units: ResolvedUnit[], id: string): string[] {
  const armed = new Set<string>();
  for (const ru of units) {
    const options = eitherOrChoice(ru.unit);
    if (options === null || !options.some((i) => ru.unit.weapons[i]!.weapon === id)) continue;
    for (const i of options) ru.weapons[i] = { ...ru.weapons[i]!, multiplier: ru.unit.weapons[i]!.weapon === id ? 1 : 0 };
    armed.add(ru.unit.name);
  }
  return [...armed];
}
