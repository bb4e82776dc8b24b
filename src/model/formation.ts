import type { Dataset } from './dataset.js';
import { defaultChosen, pickUnits } from './formationChoice.js';
import { checkVariantLimits, surchargeOf, surchargesOf } from './formationSurcharges.js';
import { chargeMountSurcharges } from './mountSurcharges.js';
import { chargeWeaponSurcharges } from './weaponSurcharges.js';
import { mountLoadouts } from './mountLoadouts.js';
import { landingRules, podsSentence } from './planetfallPods.js';
import { armyRulesNotModelled } from './armyRules.js';
import { ruleNote } from './ruleReach.js';
import { scopedArmyRules } from './armyRuleScope.js';
import { applyLoadout, eitherOrChoice, loadoutOptions } from './weaponLoadout.js';
import { formationTextError } from './inputError.js';
import { fieldPositions, positionsSentence, unplayedPositionNotes } from './boughtPositions.js';
import { applyUpgrade, broughtFormationNote, pickUpgradeOptions, splitUpgradeOptions, upgradeChoiceSentence } from './formationUpgrades.js';
import { pickSize, sizedLimit } from './formationSize.js';
import { isWeaponMount, joinCharacter, mounts, newUnit, type ResolvedUnit } from './resolvedUnit.js';
import type { Army, ArmyRule, Formation, Unit, Upgrade } from './schema.js';
import type { FormationSpec } from './formationSpec.js';

export type { ResolvedUnit, ResolvedWeapon } from './resolvedUnit.js';
export type { FormationSpec } from './formationSpec.js';

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12,
};

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Finds a unit by id, name or alias (case-insensitive); `army/unit` picks among
 * units of the same name in different armies.
 */
export function findUnit(data: Dataset, query: string, text: string): Unit {
  const q = norm(query);
  let armyFilter: string | null = null;
  let name = q;
  const slash = q.indexOf('/');
  if (slash >= 0) {
    armyFilter = q.slice(0, slash).trim();
    name = q.slice(slash + 1).trim();
  }
  const matches: Unit[] = [];
  for (const u of data.units.values()) {
    if (u.id === name || norm(u.name) === name || u.aliases.some((a) => norm(a) === name)) matches.push(u);
  }
  const plural = name.endsWith('s') ? name.slice(0, -1) : null;
  if (matches.length === 0 && plural) {
    for (const u of data.units.values()) if (norm(u.name) === plural) matches.push(u);
  }
  let filtered = matches;
  if (armyFilter !== null) {
    filtered = matches.filter((u) => {
      const force = data.unitForce.get(u.id);
      if (force && force.id === armyFilter) return true;
      for (const a of data.armies.values()) {
        if (a.id === armyFilter && a.formations.some((f) => f.units.some((uc) => uc.unit === u.id))) return true;
      }
      return false;
    });
  }
  if (filtered.length === 1) return filtered[0]!;
  if (filtered.length === 0) {
    const close = [...data.units.values()]
      .filter((u) => norm(u.name).includes(name) || name.includes(norm(u.name)))
      .slice(0, 5)
      .map((u) => u.name);
    throw formationTextError(
      text,
      `unknown unit "${query}"` +
        (close.length ? `; did you mean ${close.map((c) => `"${c}"`).join(', ')}?` : '; run "epic-balance list" for the units of each army'),
    );
  }
  const owners = filtered.map((u) => `${data.unitForce.get(u.id)?.id ?? '?'}/${u.name}`);
  throw formationTextError(text, `unit "${query}" is ambiguous; write one of ${owners.map((o) => `"${o}"`).join(', ')}`);
}

/**
 * Abilities that only matter for movement, terrain or deployment, which the
 * one-dimensional engagement model does not represent: named with the run so
 * nobody mistakes them for simulated.
 */
/** Abilities the engine plays in part: what it leaves out is named with every run (ruleReach.ts says why). */
const PLAYED_IN_PART = ['walker', 'jump-packs', 'scout', 'teleport', 'planetfall', 'self-planetfall', 'tunneler', 'slow-and-steady', 'transport', 'skimmer'];

/**
 * What the formation was fielded with where its list leaves the player a
 * choice: the units (formationChoice.ts), then each unit type's weapons where
 * its datasheet offers a loadout ("armed with either ... or ..."): the
 * importer's default, the one its notes name first. Reports print it beside
 * the result, so nobody takes one loadout's value for another's.
 */
function choiceSentence(units: string | null, fielded: ResolvedUnit[], picked: string[], upgrades: string[]): string | null {
  const loadouts = new Map<string, string>();
  for (const ru of fielded) {
    if (loadouts.has(ru.unit.id)) continue;
    const options = ru.unit.weapons.flatMap((w, i) => (w.choice !== undefined && w.choice.min < w.choice.max ? [i] : []));
    if (options.length === 0) continue;
    const asPicked = options.some((i) => picked.includes(ru.unit.weapons[i]!.weapon));
    const how = asPicked ? 'as picked' : eitherOrChoice(ru.unit) !== null ? 'the loadout its notes name first; pick another with @<weapon id>' : 'the loadout its notes name first (other loadouts are not valued)';
    loadouts.set(ru.unit.id, `${ru.unit.name} armed with ${options.map((i) => `${ru.weapons[i]!.weapon.name} x${String(ru.weapons[i]!.multiplier)} (${ru.unit.weapons[i]!.choice!.min}-${ru.unit.weapons[i]!.choice!.max})`).join(', ')}, ${how}`);
  }
  const parts = [...(units !== null ? [units] : []), ...loadouts.values(), ...upgrades];
  return parts.length === 0 ? null : parts.join('; ');
}

/** Rules of the formation that the simulator does not model, named for the run's report. */
export function unsupportedRules(units: ResolvedUnit[]): string[] {
  const out = new Set<string>();
  for (const ru of units) {
    for (const u of [ru.unit, ...ru.characters]) {
      for (const a of u.abilities) if (PLAYED_IN_PART.includes(a)) out.add(ruleNote(u.name, a));
      for (const r of u.otherRules) out.add(ruleNote(u.name, r));
      for (const part of u.critical?.parts ?? []) {
        if (part.kind === 'unsupported') out.add(`${ruleNote(u.name, 'critical')}: ${part.what}`);
        if (part.kind === 'movement') out.add(`${ruleNote(u.name, 'critical-movement')} ("${part.what}")`);
      }
    }
    const { total, free } = mounts(ru);
    if (total > 0 && free > 0) out.add(`${ru.unit.name}: ${free} of ${total} weapon mounts empty (add weapons as upgrades, e.g. "+vulcan-mega-bolter")`);
    for (const w of [...ru.weapons, ...ru.characterWeapons]) {
      if (isWeaponMount(w)) continue;
      for (const m of w.weapon.modes) for (const r of m.otherRules) out.add(ruleNote(w.weapon.name, r));
    }
  }
  return [...out].sort();
}

/**
 * Army-wide rules of a formation: those of the force its units belong to. An army
 * list that names its forces decides which force that is (a unit may be in several);
 * otherwise the unit's first force.
 */
function armyRulesFor(data: Dataset, units: ResolvedUnit[], army: Army | null): ArmyRule[] {
  const rules = new Set<ArmyRule>();
  for (const ru of units) {
    const own = army?.forces?.map((id) => data.forces.get(id)).find((f) => f?.units.includes(ru.unit.id));
    for (const r of (own ?? data.unitForce.get(ru.unit.id))?.rules ?? []) rules.add(r);
  }
  return [...rules];
}

/** The army list that fields this unit, to take its initiative and strategy rating. */
function armyFielding(data: Dataset, unitId: string): Army | null {
  for (const a of data.armies.values()) {
    if (a.formations.some((f) => f.units.some((uc) => uc.unit === unitId) || f.choices.some((c) => c.from.includes(unitId)))) return a;
  }
  return null;
}

/** Initiative (RB 1.2.2): by formation id where the list names one, else by kind, else the default. */
function initiativeFor(army: Army | null, kind: string, formationId?: string): number {
  if (!army) return 2;
  const table = army.initiative as Record<string, number>;
  return (formationId !== undefined ? table[formationId] : undefined) ?? table[kind] ?? army.initiative.default;
}

/**
 * A unit list: "6 Tactical, 3 Rhino", "4 Devastator", "Warhound". Units are
 * fielded front to back in the order written. Points are those of an army-list
 * formation with exactly these units, if one exists; otherwise unknown.
 */
export function parseUnitList(data: Dataset, text: string): FormationSpec {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.some((p) => p === '')) throw formationTextError(text, 'expected "N Unit, N Unit", e.g. "6 Tactical, 3 Rhino"');
  const units: ResolvedUnit[] = [];
  const counts = new Map<string, number>();
  for (const part of parts) {
    // "1.5 Devastator", "-1 Devastator": a count that is not a whole number, not a unit named ".5 Devastator".
    const notWhole = /^([-+]?(?:[0-9]*[.,][0-9]+|[-+][0-9]+))\s*(?:x\s+|×\s*)?\S/i.exec(part);
    if (notWhole) throw formationTextError(text, parts.length > 1 ? `"${part}": expected a unit count from 1 to 200` : `expected a unit count from 1 to 200, got ${notWhole[1]}`);
    const m = /^(?:(\d+|[a-z]+)\s*(?:x\s+|×\s*)?)?(.+)$/i.exec(part)!;
    let count = 1;
    let name = part;
    if (m[1] !== undefined) {
      const word = m[1].toLowerCase();
      const n = /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word];
      if (n !== undefined) {
        count = n;
        name = m[2]!;
      }
    }
    if (!Number.isInteger(count) || count < 1 || count > 200) {
      // The error names the text already: a part is quoted only when the text has several.
      throw formationTextError(text, parts.length > 1 ? `"${part}": expected a unit count from 1 to 200` : `expected a unit count from 1 to 200, got ${count}`);
    }
    const unit = findUnit(data, name, text);
    if (unit.type === 'CH') throw formationTextError(text, `"${unit.name}" is a character; add it to a formation with an upgrade ("army/formation+upgrade")`);
    for (let i = 0; i < count; i++) units.push(newUnit(data, unit));
    counts.set(unit.id, (counts.get(unit.id) ?? 0) + count);
  }
  const army = armyFielding(data, units[0]!.unit.id);
  const matching = findFormationWithUnits(data, counts);
  const points = matching ? matching.formation.points : null;
  if (points !== null) shareFormationPoints(units, points);
  const kind = units.every((u) => u.unit.type === 'WE') ? 'war-engine' : 'ground';
  return {
    text,
    name: text,
    units,
    points,
    armyId: army?.id ?? null,
    rules: armyRulesFor(data, units, army),
    initiative: initiativeFor(army, kind),
    strategyRating: army?.strategyRating ?? null,
    unsupported: [...unsupportedRules(units), ...armyRulesNotModelled(data, units, army)],
  };
}

function findFormationWithUnits(data: Dataset, counts: Map<string, number>): { army: Army; formation: Formation } | null {
  for (const army of data.armies.values()) {
    for (const f of army.formations) {
      if (f.units.length !== counts.size) continue;
      if (f.units.every((uc) => counts.get(uc.unit) === uc.count)) return { army, formation: f };
    }
  }
  return null;
}

function shareFormationPoints(units: ResolvedUnit[], points: number): void {
  for (const u of units) u.points = points / units.length;
}

/**
 * An army-list reference: "codex-astartes/tactical+razorbacks+commander".
 * Brings the formation's units and points; each upgrade adds, removes or
 * replaces units and adds its points to the units it brings (a character's
 * upgrade cost goes to the unit it joins); `+upgrade@option` picks among the
 * options an upgrade offers (`+land-raiders@land-raider-crusader`).
 */
export function parseArmyReference(data: Dataset, text: string): FormationSpec {
  const [picked, ...upgradeNames] = text.split('+').map((s) => s.trim());
  const at = picked!.indexOf('@');
  const path = at < 0 ? picked! : picked!.slice(0, at);
  const requested = at < 0 ? [] : picked!.slice(at + 1).split(',').map((s) => s.trim()).filter((s) => s !== '');
  const slash = path.indexOf('/');
  if (slash < 0) throw formationTextError(text, 'expected "army/formation[+upgrade...]", e.g. "codex-astartes/tactical+razorbacks"');
  const armyId = norm(path.slice(0, slash));
  const formationName = norm(path.slice(slash + 1));
  const army = data.armies.get(armyId) ?? [...data.armies.values()].find((a) => norm(a.name) === armyId);
  if (!army) {
    throw formationTextError(text, `unknown army "${armyId}"; expected one of ${[...data.armies.keys()].map((k) => `"${k}"`).join(', ')}`);
  }
  const listed = army.formations.find((f) => f.id === formationName || norm(f.name) === formationName);
  if (!listed) {
    throw formationTextError(
      text,
      `army "${army.id}" has no formation "${formationName}"; expected one of ${army.formations.map((f) => `"${f.id}"`).join(', ')}`,
    );
  }
  // `@big`, `@medium`: a larger size its list prints a price for (formationSize.ts).
  const { formation, times, options } = pickSize(listed, requested, text);
  // An upgrade priced per unit counts the units the others leave ("+5 points per unit"): it goes last.
  const written = upgradeNames.map((raw) => sizedLimit(takeUpgrade(data, army, formation, raw, text), times));
  const taken = [...written.filter((t) => t.upgrade.perUnit !== true), ...written.filter((t) => t.upgrade.perUnit === true)];
  const upgrades = taken.map((t) => t.upgrade);
  // `@<weapon id>` of an either-or loadout picks it (weaponLoadout.ts); the other `@` options pick units.
  const offered = loadoutOptions(formation.units.map((u) => data.units.get(u.unit)).filter((u) => u !== undefined));
  const isLoadout = (o: string) => offered.includes(norm(o)) && !formation.choices.some((c) => c.from.includes(norm(o)));
  const loadouts = options.filter(isLoadout);
  const pick = pickUnits(data, army, formation, options.filter((o) => !isLoadout(o)), text, upgrades);
  const units: ResolvedUnit[] = [];
  for (const uc of pick.units) {
    const unit = data.units.get(uc.unit)!;
    for (let i = 0; i < uc.count; i++) units.push(newUnit(data, unit));
  }
  // Characters that come with the formation ("one with a Chaos Lord") join its first unit.
  for (const choice of formation.characters ?? []) {
    const ch = data.units.get(choice.from[0]!)!;
    const host = units.find((u) => u.unit.type !== 'WE') ?? units[0]!;
    for (let i = 0; i < choice.count; i++) joinCharacter(data, host, ch);
  }
  // The formation's own units; units an upgrade adds carry its loadout (Upgrade.armedWith) or their default.
  for (const id of loadouts) {
    if (applyLoadout(units, norm(id)).length === 0) throw formationTextError(text, `no unit of formation "${formation.id}" may be armed with "${id}" instead of its other weapons`);
  }
  // Per-unit surcharges (formationSurcharges.ts): the formation's points price its default pick.
  const surcharges = surchargesOf(army);
  const formationPoints = pick.points + surchargeOf(surcharges, pick.chosen) - surchargeOf(surcharges, defaultChosen(formation));
  const variantsAdded = taken.flatMap(({ upgrade, offered }) => upgrade.add.filter((a) => offered.choices.some((c) => c.from.includes(a.unit))));
  checkVariantLimits(data, army, formation, [...pick.chosen, ...variantsAdded], taken.map((t) => t.offered), text);
  shareFormationPoints(units, formationPoints);
  let points = formationPoints;
  const names: string[] = [];
  const unsupportedUpgrades: string[] = [];
  const upgradeChoices: string[] = [];
  /** The upgrade taken of each set of alternatives (Upgrade.oneOf), by name. */
  const alternativesTaken = new Map<string, string>();
  /** What planetfall pods do as they land (planetfallPods.ts), named with the run. */
  const landing: string[] = [];
  for (const { upgrade: asPicked, offered, options: picked } of taken) {
    const upgrade = asPicked === offered ? offered : { ...asPicked, points: asPicked.points + surchargeOf(surcharges, asPicked.add) - surchargeOf(surcharges, offered.add) };
    if (upgrade.unsupported !== undefined) unsupportedUpgrades.push(`upgrade ${upgrade.name}: ${upgrade.unsupported}`);
    const times = names.filter((n) => n === upgrade.name).length;
    // Weapon upgrades may repeat, one per mount (TP: "Mount each weapon mount in the formation with one of the following upgrades").
    if (times > 0 && upgrade.mount === undefined && (upgrade.repeatable === undefined || (upgrade.repeatable.max !== undefined && times >= upgrade.repeatable.max))) {
      throw formationTextError(text, `upgrade "${upgrade.name}" may be taken ${upgrade.repeatable?.max ?? 1} time(s) per formation`);
    }
    const rival = upgrade.oneOf === undefined ? undefined : alternativesTaken.get(upgrade.oneOf);
    if (rival !== undefined && rival !== upgrade.name) throw formationTextError(text, `upgrades "${rival}" and "${upgrade.name}" are alternatives of one upgrade of the list; take one of them`);
    if (upgrade.oneOf !== undefined) alternativesTaken.set(upgrade.oneOf, upgrade.name);
    // "+75 points each or +125 points per pair": the second of each pair costs the difference.
    const paid = upgrade.pairPoints !== undefined && times % 2 === 1 ? { ...upgrade, points: upgrade.pairPoints - upgrade.points } : upgrade;
    const charged = applyUpgrade(data, units, paid, text);
    points += charged;
    // A formation of its own the upgrade brings is named with the result (its points are its own).
    if (upgrade.formation !== undefined) unsupportedUpgrades.push(broughtFormationNote(data, army.id, upgrade));
    names.push(upgrade.name);
    if (upgrade.planetfallPods !== undefined) {
      landing.push(...landingRules(data, upgrade.planetfallPods));
      upgradeChoices.push(podsSentence(data, upgrade, upgrade.planetfallPods, charged, units.length));
    }
    const said = upgradeChoiceSentence(data, offered, upgrade, picked);
    if (said !== null && !upgradeChoices.includes(said)) upgradeChoices.push(said);
  }
  for (const { upgrade } of taken) {
    const least = upgrade.repeatable?.min;
    const times = names.filter((n) => n === upgrade.name).length;
    if (least !== undefined && times < least) throw formationTextError(text, `upgrade "${upgrade.name}" is taken between ${least} and ${upgrade.repeatable!.max ?? 'any number of'} times, and ${times} is fewer`);
  }
  // TP Weapon Mount: every mount carries a weapon. A text that names none fields the first weapon
  // of its tables each mount may take (mountLoadouts.ts), priced, and says so; one that names some
  // is taken as written, its empty mounts named.
  if (!taken.some((t) => t.upgrade.mount !== undefined) && units.some((u) => mounts(u).free > 0)) {
    const plan = mountLoadouts(army, formation, units);
    if (plan !== null && !('cannot' in plan)) {
      const armed = parseArmyReference(data, `${text}+${plan.fielded.upgrades.join('+')}`);
      const said = `weapon mounts: ${plan.fielded.said}, the first weapon of its tables each mount may take (name others as upgrades, e.g. "+${plan.alternatives[0]?.upgrades.find((id) => !plan.fielded.upgrades.includes(id)) ?? plan.fielded.upgrades[0]}")`;
      return { ...armed, text, choice: [armed.choice, said].filter((c) => c !== undefined).join('; ') };
    }
  }
  const mountSurcharges = chargeMountSurcharges(data, formation, units);
  points += mountSurcharges.points;
  upgradeChoices.push(...mountSurcharges.said);
  const weaponSurcharges = chargeWeaponSurcharges(data, formation, units);
  points += weaponSurcharges.points;
  upgradeChoices.push(...weaponSurcharges.said);
  const positions = fieldPositions(units, upgrades, text);
  if (positions !== undefined) upgradeChoices.push(positionsSentence(positions, units));
  const kind = formation.kind;
  return {
    text,
    name: `${armyFormationName(army.name, formation.name)}${names.map((n) => ` + ${n}`).join('')}`,
    units,
    points,
    armyId: army.id,
    rules: [...armyRulesFor(data, units, army), ...scopedArmyRules(army.rules, formation)],
    initiative: initiativeFor(army, kind, formation.id),
    strategyRating: army.strategyRating,
    unsupported: [...unsupportedRules(units), ...landing, ...unsupportedUpgrades, ...unplayedPositionNotes(upgrades), ...(pick.transported ? [] : [PLUS_TRANSPORT_NOTE]), ...armyRulesNotModelled(data, units, army)],
    ...(choiceSentence(pick.choice, units, loadouts.map(norm), upgradeChoices) !== null ? { choice: choiceSentence(pick.choice, units, loadouts.map(norm), upgradeChoices)! } : {}),
    ...(positions !== undefined ? { positions } : {}),
  };
}

/**
 * One "+upgrade[@option,...]" of a formation text: the upgrade the formation offers under that
 * id or name, with the options picked in place of its defaults (formationUpgrades.ts).
 */
function takeUpgrade(data: Dataset, army: Army, formation: Formation, raw: string, text: string): { upgrade: Upgrade; offered: Upgrade; options: string[] } {
  const { name, options } = splitUpgradeOptions(raw);
  const want = norm(name);
  const offered = army.upgrades.find((u) => formation.upgrades.includes(u.id) && (u.id === want || norm(u.name) === want));
  if (!offered) {
    throw formationTextError(
      text,
      `formation "${formation.id}" of "${army.id}" has no upgrade "${name}"; expected one of ${formation.upgrades.map((u) => `"${u}"`).join(', ') || '(none)'}`,
    );
  }
  return { upgrade: pickUpgradeOptions(data, offered, options, text), offered, options };
}

/**
 * A formation's name with its army's in front, the words they share said once: "Armageddon Steel
 * Legion" and "Steel Legion Mechanised Infantry Company" make "Armageddon Steel Legion Mechanised
 * Infantry Company", not "... Steel Legion Steel Legion ...".
 */
export function armyFormationName(army: string, formation: string): string {
  const a = army.split(/\s+/);
  const f = formation.split(/\s+/);
  const same = (x: string, y: string) => x.toLowerCase() === y.toLowerCase();
  for (let k = Math.min(a.length, f.length); k > 0; k--) {
    if (a.slice(a.length - k).every((w, i) => same(w, f[i]!))) return [...a, ...f.slice(k)].join(' ');
  }
  return `${army} ${formation}`;
}

/** Named in every result of a "plus transport" formation fielded without its transports (formationChoice.ts). */
const PLUS_TRANSPORT_NOTE = 'plus transport: the transports the formation\'s cost includes (enough to carry it, by its list\'s transport rule) are not fielded';

/** Either syntax: an army-list reference contains "/" before any comma; otherwise a unit list. */
export function parseFormation(data: Dataset, text: string): FormationSpec {
  const t = text.trim();
  if (t === '') throw formationTextError(text, 'expected a formation, e.g. "6 Tactical, 3 Rhino" or "codex-astartes/tactical"');
  const firstComma = t.indexOf(',');
  const head = firstComma >= 0 ? t.slice(0, firstComma) : t;
  if (head.includes('/') && !/^\s*\d/.test(head)) {
    const army = norm(head.slice(0, head.indexOf('/')));
    if (data.armies.has(army) || [...data.armies.values()].some((a) => norm(a.name) === army)) return parseArmyReference(data, t);
  }
  return parseUnitList(data, t);
}
