import type { FormationSpec } from './formation.js';

/** How a formation takes part in a battle: on the ground, as aircraft or as a spacecraft (RB 4.1). */
export type FlyingKind = 'ground' | 'aircraft' | 'spacecraft';

const kindOfType = (type: string): FlyingKind => (type === 'AC' || type === 'AC/WE' ? 'aircraft' : type === 'SC' ? 'spacecraft' : 'ground');

/** The formation's kind, or null when it mixes flying and ground units (no list fields one). */
export function flyingKind(f: FormationSpec): FlyingKind | null {
  const kinds = new Set(f.units.map((u) => kindOfType(u.unit.type)));
  return kinds.size === 1 ? [...kinds][0]! : null;
}

/** Some unit of the formation has a weapon with an AA value (RB 4.2.3). */
export function hasAntiAircraft(f: FormationSpec): boolean {
  return f.units.some((ru) => [...ru.weapons, ...ru.characterWeapons].some((w) => w.weapon.modes.some((m) => m.aa !== undefined)));
}

/** Every unit is a fighter or fighter-bomber, so the formation may intercept or fly combat air patrol (RB 4.2.1). */
export function fightersOnly(f: FormationSpec): boolean {
  return f.units.every((ru) => ru.unit.aircraftSpeed === 'fighter' || ru.unit.aircraftSpeed === 'fighter-bomber');
}
