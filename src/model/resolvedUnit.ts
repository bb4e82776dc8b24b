import type { Dataset } from './dataset.js';
import { InputError } from './inputError.js';
import type { Allegiance, Unit, UnitAbility, Weapon } from './schema.js';

/** A weapon as a unit carries it, with the weapon's profile resolved. */
export interface ResolvedWeapon {
  weapon: Weapon;
  multiplier: number | string;
  arc: string;
  /** Carried by one unit in every `sharedBy` of this type (RB 5.2.1 IG Infantry autocannons). */
  sharedBy?: number;
}

/** One unit of a formation, front to back, with its characters and points share. */
export interface ResolvedUnit {
  unit: Unit;
  weapons: ResolvedWeapon[];
  /** Characters that joined this unit (RB 2.1.1): their weapons and abilities add to it. */
  characters: Unit[];
  characterWeapons: ResolvedWeapon[];
  /**
   * The characters among `characters` that are weapons on this unit's weapon mounts (TP Weapon
   * Mount), by id, each with the mount it must take where its list restricts it.
   */
  mounted?: Array<{ character: string; only?: string }>;
  /** Points this unit stands for: the formation's cost shared over its units, upgrades to what they add. */
  points: number | null;
  /**
   * A daemon's place in a formation with Daemonic Pact (TP Summoned Units): absent until the
   * formation summons it from the Daemon Pool in a game, with 0 points (the pool's markers are
   * the army's upgrades). Absent on every other unit.
   */
  summoned?: SummonedPlace;
}

/** What a summoned daemon's place holds (TP Summoned Units): its kind, its summoning points to this formation, its allegiance. */
export interface SummonedPlace {
  greater: boolean;
  points: number;
  /** The daemon's own allegiance (one greater daemon of each on the table); `any` for a daemon of every allegiance. */
  allegiance: Allegiance | 'any';
}

export function resolveWeapons(data: Dataset, unit: Unit): ResolvedWeapon[] {
  return unit.weapons.map((w) => {
    const weapon = data.weapons.get(w.weapon);
    if (!weapon) throw new InputError([{ file: `unit "${unit.name}"`, path: 'weapons', message: `unknown weapon id "${w.weapon}"` }]);
    return { weapon, multiplier: w.multiplier, arc: w.arc, ...(w.sharedBy !== undefined ? { sharedBy: w.sharedBy } : {}) };
  });
}

export function newUnit(data: Dataset, unit: Unit): ResolvedUnit {
  return { unit, weapons: resolveWeapons(data, unit), characters: [], characterWeapons: [], points: null };
}

/** Adds a character to a unit (RB 2.1.1): its weapons fight with the unit. */
export function joinCharacter(data: Dataset, host: ResolvedUnit, character: Unit): void {
  host.characters.push(character);
  host.characterWeapons.push(...resolveWeapons(data, character));
}

/** Weapons that are only a mount for a weapon upgrade (TP "Weapon Mount": titans' and Gargants' arm, belly and carapace mounts). */
export function isWeaponMount(w: ResolvedWeapon): boolean {
  return w.weapon.modes.every((m) => m.otherRules.includes('weapon-mount'));
}

/** A unit's weapon mounts by weapon id (`arm-weapon-mount` 2, `belly-weapon-mount` 1). */
export function mountCapacity(ru: ResolvedUnit): Map<string, number> {
  const out = new Map<string, number>();
  for (const w of ru.weapons) {
    if (isWeaponMount(w)) out.set(w.weapon.id, (out.get(w.weapon.id) ?? 0) + (typeof w.multiplier === 'number' ? w.multiplier : 1));
  }
  return out;
}

/** Weapon mounts of a unit, and how many carry no weapon upgrade. */
export function mounts(ru: ResolvedUnit): { total: number; free: number } {
  const total = [...mountCapacity(ru).values()].reduce((n, k) => n + k, 0);
  return { total, free: total - (ru.mounted?.length ?? 0) };
}

/**
 * Empty mounts that a weapon restricted to the mount `only` (or any mount, when absent) may
 * still take: weapons restricted to a kind of mount fill that kind first, the others any mount
 * left ("Krusha (Arm weapon mount only)" beside a Deth Kannon on a Gargant's two arms and belly).
 */
export function freeMountsFor(ru: ResolvedUnit, only: string | undefined): number {
  const { free } = mounts(ru);
  if (only === undefined) return free;
  const ofKind = (mountCapacity(ru).get(only) ?? 0) - (ru.mounted ?? []).filter((m) => m.only === only).length;
  return Math.min(ofKind, free);
}

/** A unit has an ability itself or through a character that joined it (RB 2.1.1). */
export function hasAbility(ru: ResolvedUnit, ability: UnitAbility): boolean {
  return ru.unit.abilities.includes(ability) || ru.characters.some((c) => c.abilities.includes(ability));
}
