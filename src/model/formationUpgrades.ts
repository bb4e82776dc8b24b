import type { Dataset } from './dataset.js';
import { evenSplit } from './formationChoice.js';
import { damageCapacityPrice } from './damageCapacityPrice.js';
import { pickedUpgradePoints } from './formationAlternatives.js';
import { formationTextError } from './inputError.js';
import { boardPods } from './planetfallPods.js';
import { ruleNote } from './ruleReach.js';
import { freeMountsFor, joinCharacter, mounts, newUnit, resolveWeapons, type ResolvedUnit } from './resolvedUnit.js';
import { UnitAbility, type Unit, type UnitCount, type Upgrade } from './schema.js';
import { applyLoadout } from './weaponLoadout.js';
import { optionKey } from './optionKey.js';

/**
 * Upgrades applied to a formation's units: units added and removed, characters joining a unit
 * or replacing another character, weapons filling weapon mounts, and the options an upgrade
 * leaves the player (`+land-raiders@land-raider-crusader`).
 */

/** "land-raiders@land-raider-crusader,land-raider" → the upgrade's name and the options picked. */
export function splitUpgradeOptions(raw: string): { name: string; options: string[] } {
  const at = raw.indexOf('@');
  if (at < 0) return { name: raw, options: [] };
  return { name: raw.slice(0, at), options: raw.slice(at + 1).split(',').map((s) => s.trim()).filter((s) => s !== '') };
}

/** The choice that holds the upgrade's character ("Add one Captain, Chaplain or Librarian character"). */
function characterChoice(upgrade: Upgrade): Upgrade['choices'][number] | undefined {
  return upgrade.character === undefined ? undefined : upgrade.choices.find((c) => c.from.includes(upgrade.character!));
}

/**
 * The upgrade with the options the player picked in place of its defaults (the list's first
 * option): a character choice takes one option; a choice of units shares its count evenly over
 * the options given, the first ones taking any remainder, as formation choices do.
 */
export function pickUpgradeOptions(data: Dataset, offered: Upgrade, picks: string[], text: string): Upgrade {
  if (picks.length === 0) return offered;
  const nameOf = (id: string) => data.units.get(id)?.name ?? id;
  const matches = (id: string, want: string) => id === want || optionKey(nameOf(id)) === want;
  // "Add up to two Hammerheads with Railguns or Twin Fusion Cannons": "@twin-fusion-cannon" arms them.
  const arming = offered.armedWith === undefined ? [] : picks.filter((o) => offered.armedWith!.includes(optionKey(o)));
  if (arming.length > 1) throw formationTextError(text, `upgrade "${offered.name}" arms its units with one of ${offered.armedWith!.map((w) => `"${w}"`).join(', ')}; pick one`);
  // "Replace a Predator Destructor or Vindicator with ...": "@vindicator" says which is replaced.
  const replaceable = (r: Upgrade['remove'][number]) => [r.unit, ...(r.or ?? [])];
  const replacing = picks.filter((o) => offered.remove.some((r) => r.or !== undefined && replaceable(r).some((id) => matches(id, optionKey(o)))));
  const upgrade: Upgrade = {
    ...offered,
    ...(arming.length === 1 ? { armedWith: [optionKey(arming[0]!), ...offered.armedWith!.filter((w) => w !== optionKey(arming[0]!))] } : {}),
    remove: offered.remove.map((r) => {
      const pick = replacing.map((o) => replaceable(r).find((id) => matches(id, optionKey(o)))).find((id) => id !== undefined);
      return pick === undefined ? r : { unit: pick, count: r.count };
    }),
  };
  const options = picks.filter((o) => !arming.includes(o) && !replacing.includes(o));
  if (options.length === 0) return upgrade;
  if (upgrade.choices.length === 0) {
    const others = [...(upgrade.armedWith ?? []), ...upgrade.remove.flatMap((r) => (r.or === undefined ? [] : replaceable(r)))];
    if (others.length === 0) throw formationTextError(text, `upgrade "${upgrade.name}" offers no option to pick with "@"`);
    throw formationTextError(text, `upgrade "${upgrade.name}" has no option "${options[0]}"; expected one of ${others.map((o) => `"${o}"`).join(', ')}`);
  }
  const wanted = upgrade.choices.map((): string[] => []);
  for (const o of options) {
    const want = optionKey(o);
    const k = upgrade.choices.findIndex((c) => c.from.some((id) => matches(id, want)));
    if (k < 0) {
      const all = upgrade.choices.flatMap((c) => c.from).map((id) => `"${id}"`);
      throw formationTextError(text, `upgrade "${upgrade.name}" has no option "${o}"; expected one of ${all.join(', ')}`);
    }
    wanted[k]!.push(upgrade.choices[k]!.from.find((id) => matches(id, want))!);
  }
  const picked: Upgrade = { ...upgrade, add: [...upgrade.add] };
  const ofCharacter = characterChoice(upgrade);
  upgrade.choices.forEach((c, k) => {
    const ids = wanted[k]!;
    if (ids.length === 0) return;
    if (c === ofCharacter) {
      if (ids.length > 1) throw formationTextError(text, `upgrade "${upgrade.name}" adds one character; pick one of ${c.from.map((id) => `"${id}"`).join(', ')}`);
      picked.character = ids[0]!;
      return;
    }
    const at = picked.add.findIndex((a) => a.unit === c.from[0] && a.count === c.count);
    picked.add.splice(at, 1, ...evenSplit(c.count, ids));
  });
  picked.points = pickedUpgradePoints(upgrade.unitPrices, upgrade.points, upgrade.add, picked.add);
  return picked;
}

/**
 * The units the picked options bring with them ("Iron Eagle Battlecar (and one Recon Iron
 * Eagle)"): an option's units once for each of it the upgrade fields.
 */
function broughtByOptions(upgrade: Upgrade): UnitCount[] {
  const fielded = (id: string) => (upgrade.character === id ? 1 : 0) + upgrade.add.filter((a) => a.unit === id).reduce((n, a) => n + a.count, 0);
  return (upgrade.optionUnits ?? []).flatMap((o) => (fielded(o.option) === 0 ? [] : o.add.map((a) => ({ unit: a.unit, count: a.count * fielded(o.option) }))));
}

/** What each upgrade with options was fielded with, for the formation's choice sentence. */
export function upgradeChoiceSentence(data: Dataset, upgrade: Upgrade, picked: Upgrade, options: string[]): string | null {
  if (upgrade.choices.length === 0) return null;
  const nameOf = (id: string) => data.units.get(id)?.name ?? id;
  const brought = broughtByOptions(picked).map((a) => `${a.count} ${nameOf(a.unit)}`);
  const what = (picked.character !== undefined && characterChoice(upgrade) !== undefined
    ? nameOf(picked.character)
    : picked.add.map((a) => `${a.count} ${nameOf(a.unit)}`).join(', ')) + (brought.length > 0 ? ` (with ${brought.join(', ')})` : '');
  const how = options.length > 0 ? 'as picked' : `the list's first option; pick others with +${upgrade.id}@<option>`;
  return `upgrade ${upgrade.name}: ${what} of ${upgrade.choices.map((c) => c.from.map(nameOf).join(', ')).join('; ')} (${how})`;
}

/**
 * What an upgrade that brings a formation of its own (Upgrade.formation) does to the formation
 * taking it: nothing but this note, named with every result ("Not simulated", ruleReach.ts
 * `brought-formation`). The brought formation's units and points are its own, so the result is
 * not valued with units it does not field.
 */
export function broughtFormationNote(data: Dataset, armyId: string, upgrade: Upgrade): string {
  const f = data.armies.get(armyId)!.formations.find((x) => x.id === upgrade.formation)!;
  const units = f.units.map((uc) => `${uc.count} ${data.units.get(uc.unit)?.name ?? uc.unit}`).join(', ');
  return `${ruleNote(f.name, 'brought-formation')} ("${armyId}/${f.id}": ${units}, ${f.points} points)`;
}

/**
 * Removes one `character` from the unit it joined. A character is not a unit (RB 2.1.1): an
 * upgrade that replaces it with another character swaps it on the same unit ("Replace one
 * Captain character with a Supreme Commander character"); one that replaces it with units
 * replaces the unit it joined ("Replace a unit with a Chaos Lord character with a Daemon Prince").
 */
function removeCharacter(data: Dataset, units: ResolvedUnit[], character: string, withUnit: boolean): ResolvedUnit | undefined {
  for (let j = units.length - 1; j >= 0; j--) {
    const host = units[j]!;
    const at = host.characters.findIndex((c) => c.id === character);
    if (at < 0) continue;
    if (withUnit) {
      units.splice(j, 1);
      return host;
    }
    host.characters.splice(at, 1);
    host.characterWeapons = host.characters.flatMap((c) => resolveWeapons(data, c));
    return host;
  }
  return undefined;
}

/** Which of a replacement's alternatives goes: the first the formation fields, as unit or character. */
function replacedUnit(units: ResolvedUnit[], rc: Upgrade['remove'][number]): string {
  if (rc.or === undefined) return rc.unit;
  return [rc.unit, ...rc.or].find((id) => units.some((u) => u.unit.id === id || u.characters.some((c) => c.id === id))) ?? rc.unit;
}

/**
 * The unit of type `id` an upgrade replaces: the last one fielded that carries no character, else
 * the last one (its characters then join a unit the upgrade brings: applyUpgrade). -1 if none.
 */
function replacedIndex(units: ResolvedUnit[], id: string): number {
  let last = -1;
  for (let j = units.length - 1; j >= 0; j--) {
    if (units[j]!.unit.id !== id) continue;
    if (units[j]!.characters.length === 0) return j;
    if (last < 0) last = j;
  }
  return last;
}

function removeUnits(data: Dataset, units: ResolvedUnit[], upgrade: Upgrade, text: string, displaced: Unit[]): ResolvedUnit | undefined {
  let swappedOn: ResolvedUnit | undefined;
  const withUnit = upgrade.add.length > 0;
  for (const rc of upgrade.remove) {
    const id = replacedUnit(units, rc);
    const removed = data.units.get(id);
    const either = rc.or === undefined ? '' : ` (or ${rc.or.map((o) => data.units.get(o)?.name ?? o).join(', ')})`;
    for (let i = 0; i < rc.count; i++) {
      if (removed?.type === 'CH') {
        const host = removeCharacter(data, units, id, withUnit);
        if (!host) throw formationTextError(text, `upgrade "${upgrade.name}" replaces one ${removed.name} character${either}, but no unit of the formation has one (take the upgrade that adds it first)`);
        if (!withUnit) swappedOn = host;
        continue;
      }
      const idx = replacedIndex(units, id);
      if (idx < 0) throw formationTextError(text, `upgrade "${upgrade.name}" replaces ${rc.count} ${removed?.name ?? id}${either} but the formation has fewer (take the upgrade that adds them first)`);
      displaced.push(...units[idx]!.characters);
      units.splice(idx, 1);
    }
  }
  return swappedOn;
}

/** The unit a weapon upgrade goes on: the one with the most mounts it may still take (TP Weapon Mount). */
function mountHost(units: ResolvedUnit[], upgrade: Upgrade, text: string): ResolvedUnit {
  const only = upgrade.mount!.only;
  let host: ResolvedUnit | undefined;
  for (const u of units) if (freeMountsFor(u, only) > 0 && (host === undefined || freeMountsFor(u, only) > freeMountsFor(host, only))) host = u;
  if (host !== undefined) return host;
  if (!units.some((u) => mounts(u).total > 0)) throw formationTextError(text, `upgrade "${upgrade.name}" is a weapon for a weapon mount, and no unit of the formation has one`);
  throw formationTextError(text, `upgrade "${upgrade.name}": every ${only === undefined ? 'weapon mount' : only.replace(/-/g, ' ')} of the formation already carries a weapon`);
}

/** `chosen`: the unit the character joins where that is decided already (the one a replaced character left, the one whose damage capacity prices it). */
function joinUpgradeCharacter(data: Dataset, units: ResolvedUnit[], upgrade: Upgrade, character: Unit, points: number, chosen: ResolvedUnit | undefined, text: string): void {
  let host: ResolvedUnit | undefined;
  if (upgrade.mount !== undefined) {
    host = mountHost(units, upgrade, text);
    host.mounted = [...(host.mounted ?? []), { character: character.id, ...(upgrade.mount.only !== undefined ? { only: upgrade.mount.only } : {}) }];
  } else {
    // A character the list lets join certain units only joins the first of them; any other the first unit that is not a war engine.
    const joins = upgrade.joins;
    const may = (u: ResolvedUnit) => joins === undefined || joins.units.includes(u.unit.id) || u.characters.some((c) => joins.withCharacter.includes(c.id));
    host = chosen ?? units.find((u) => may(u) && (joins !== undefined || u.unit.type !== 'WE')) ?? (joins === undefined ? units[0] : undefined);
    if (host === undefined) {
      const whom = [...joins!.units.map((id) => data.units.get(id)?.name ?? id), ...joins!.withCharacter.map((id) => `a unit with a ${data.units.get(id)?.name ?? id}`)];
      throw formationTextError(text, `upgrade "${upgrade.name}" joins ${whom.join(' or ')}, and the formation has none (take the upgrade that adds one first)`);
    }
  }
  if (!host) throw formationTextError(text, `upgrade "${upgrade.name}" has no unit to join`);
  joinCharacter(data, host, character);
  host.points = (host.points ?? 0) + points;
}

/**
 * A rule given to units of the formation: each unit that takes it becomes a copy of its type with
 * the rule (a unit ability the engine plays, or a rule named with every run), and carries the
 * upgrade's points (an upgrade that brings the unit, "with Supreme Commander", priced it already). Units that have the rule already are passed over, so a repeated "+snipers"
 * gives Sniper to one more Scout each time.
 */
function grantRule(units: ResolvedUnit[], upgrade: Upgrade, grant: NonNullable<Upgrade['grant']>, text: string): void {
  const ability = (UnitAbility.options as readonly string[]).includes(grant.rule);
  const has = (u: Unit) => (ability ? u.abilities.includes(grant.rule as UnitAbility) : u.otherRules.includes(grant.rule));
  const takers = units.filter((ru) => (grant.unit === undefined || ru.unit.id === grant.unit) && (grant.type === undefined || ru.unit.type === grant.type) && !has(ru.unit));
  const chosen = grant.count === undefined ? takers : takers.slice(0, grant.count);
  if (chosen.length === 0 || chosen.length < (grant.count ?? 1)) {
    const whom = grant.unit ?? (grant.type === 'INF' ? 'infantry' : 'any');
    throw formationTextError(text, `upgrade "${upgrade.name}" gives ${grant.rule} to ${grant.count ?? 'every'} ${whom} unit(s) without it, and the formation has ${takers.length}`);
  }
  // The points go with the rule, unless the upgrade brought units that carry them already.
  const priced = upgrade.add.length === 0 && upgrade.character === undefined;
  for (const ru of chosen) {
    ru.unit = ability ? { ...ru.unit, abilities: [...ru.unit.abilities, grant.rule as UnitAbility] } : { ...ru.unit, otherRules: [...ru.unit.otherRules, grant.rule] };
    if (priced) ru.points = (ru.points ?? 0) + upgrade.points / chosen.length;
  }
}

/**
 * Applies one upgrade and returns the points the formation pays for it: removes what it replaces,
 * adds its units and those its picked options bring (its points shared over them) or its
 * character (its points to the unit it joins, shared evenly with the units its option brings, as
 * a formation's points are over its units). A weapon upgrade goes to the unit with the most mounts
 * it may take, so "+a+a+b+b" arms two titans with an a and a b each; a character priced per
 * damage capacity to the unit whose damage capacity prices it (damageCapacityPrice.ts). A
 * formation of its own the upgrade brings is paid for by that formation (broughtFormationNote).
 * One priced per unit ("+5 points per unit") charges each unit of the formation, taken after the
 * formation's other upgrades (formation.ts); one carrying the formation in planetfall pods refuses
 * a formation the pods do not take (planetfallPods.ts).
 */
export function applyUpgrade(data: Dataset, units: ResolvedUnit[], upgrade: Upgrade, text: string): number {
  if (upgrade.planetfallPods !== undefined) boardPods(data, units, upgrade, upgrade.planetfallPods, text);
  if (upgrade.perUnit === true) {
    for (const ru of units) ru.points = (ru.points ?? 0) + upgrade.points;
    return upgrade.points * units.length;
  }
  const displaced: Unit[] = [];
  const swappedOn = removeUnits(data, units, upgrade, text, displaced);
  const byDamageCapacity = upgrade.pointsPerDamageCapacity !== undefined ? damageCapacityPrice(units, upgrade, text) : undefined;
  const price = byDamageCapacity?.points ?? (upgrade.formation !== undefined ? 0 : upgrade.points);
  const fieldAll = (counts: UnitCount[]) => counts.flatMap((ac) => Array.from({ length: ac.count }, () => newUnit(data, data.units.get(ac.unit)!)));
  const added = fieldAll(upgrade.add);
  const brought = fieldAll(broughtByOptions(upgrade));
  if (upgrade.armedWith !== undefined && applyLoadout(added, upgrade.armedWith[0]!).length === 0) {
    throw formationTextError(text, `upgrade "${upgrade.name}" arms the units it adds with "${upgrade.armedWith[0]}", which none of them may carry`);
  }
  // Every unit of the type carried a character ("Eight Chaos Space Marines, one with a Chaos
  // Lord", both halves replaced): a character is not a unit (RB 2.1.1) and stays in the
  // formation, on the first unit the upgrade brings.
  if (displaced.length > 0) {
    const host = added[0] ?? brought[0];
    if (host === undefined) throw formationTextError(text, `upgrade "${upgrade.name}" replaces the unit carrying the ${displaced.map((c) => c.name).join(' and ')} and brings no unit for ${displaced.length > 1 ? 'them' : 'it'} to join`);
    for (const c of displaced) joinCharacter(data, host, c);
  }
  if (upgrade.character !== undefined) {
    const share = price / (1 + brought.length);
    joinUpgradeCharacter(data, units, upgrade, data.units.get(upgrade.character)!, share, byDamageCapacity?.host ?? swappedOn, text);
    for (const b of brought) b.points = share;
  } else for (const a of [...added, ...brought]) a.points = price / (added.length + brought.length);
  units.push(...added, ...brought);
  if (upgrade.grant !== undefined) grantRule(units, upgrade, upgrade.grant, text);
  return price;
}
