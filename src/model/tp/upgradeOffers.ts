import { PLUS_TRANSPORT } from '../formationChoice.js';
import type { Formation, Unit, Upgrade } from '../schema.js';
import type { UnitResolver } from './names.js';
import { nameKey, pluralKeys, slug } from './text.js';

/**
 * Which formations take an upgrade that no formation row names, as the list's text says: weapon
 * tables reach the formations with weapon mounts ("One Gargant and three Gargant or Supa-Stompa
 * Weapons"; "Mount each weapon mount in the formation with one of the following upgrades"), a
 * table's note names the formations of another table ("Up to three company upgrades may be taken
 * once per company": the Companies table), and an upgrade's own text names whom it joins or what
 * it replaces ("Add one Grand Warlord character to a Warlord, Guildmaster or a unit in a War
 * Engine formation", "Replace one Dracon character with an Archon").
 */

export interface UpgradeEntry {
  upgrade: Upgrade;
  /** The caption of the upgrade's table, then the captions of the tables around it. */
  captions: string[];
  /** Notes printed with the upgrade's table ("(Up to three company upgrades may be taken once per company.)"). */
  tableNotes: string[];
  /** Whom the upgrade's units or character go to, as printed ("a Hive Tyrant or Dominatrix"). */
  target?: string;
}

export interface FormationEntry {
  formation: Formation;
  /** The captions of the formation's table, outermost first. */
  captions: string[];
  /** Weapon tables its composition names ("Gargant Weapons", "Supa-Stompa Weapons"). */
  weaponTables: string[];
}

export interface OfferContext {
  upgrades: UpgradeEntry[];
  formations: FormationEntry[];
  units: Map<string, Unit>;
  resolver: UnitResolver;
  /** Ids of the weapons that are weapon mounts (TP Weapon Mount). */
  mountWeapons: Set<string>;
}

/** One formation newly offered upgrades, and the list text that says so. */
export interface Offer {
  formation: Formation;
  upgrades: Upgrade[];
  because: string;
}

const WEAPON_TABLE_NOTE = /\bweapon mount\b.*\bwith\b/i;

/**
 * Whether an upgrade is a weapon for a weapon mount: its table says to mount each weapon mount
 * with one of them ("Mount each weapon mount in the formation with one of the following
 * upgrades", "Each weapon mount in the formation must be mounted with a weapon"); "(Arm weapon
 * mount only)" after its name keeps it to the arm mounts.
 */
export function mountOf(tableNotes: string[], nameNotes: string[]): Upgrade['mount'] | undefined {
  if (!tableNotes.some((n) => WEAPON_TABLE_NOTE.test(n))) return undefined;
  for (const n of nameNotes) {
    const m = /^(\S+) weapon mount only$/i.exec(n.trim());
    if (m) return { only: `${slug(m[1]!)}-weapon-mount` };
  }
  return {};
}

const sameName = (a: string, b: string): boolean => {
  const ka = nameKey(a);
  const kb = nameKey(b);
  return ka === kb || pluralKeys(ka).includes(kb) || pluralKeys(kb).includes(ka);
};

/** Every unit id a formation fields or may field: its units, choices, characters and what its upgrades bring. */
function fieldable(f: Formation, byId: Map<string, Upgrade>): Set<string> {
  const out = new Set<string>([...f.units.map((u) => u.unit), ...f.choices.flatMap((c) => c.from), ...(f.characters ?? []).flatMap((c) => c.from)]);
  for (const id of f.upgrades) {
    const up = byId.get(id);
    if (!up) continue;
    for (const a of up.add) out.add(a.unit);
    for (const c of up.choices) for (const u of c.from) out.add(u);
    for (const o of up.optionUnits ?? []) for (const a of o.add) out.add(a.unit);
    if (up.character !== undefined) out.add(up.character);
  }
  return out;
}

function hasMounts(unit: Unit | undefined, mountWeapons: Set<string>): boolean {
  return unit !== undefined && unit.weapons.some((w) => mountWeapons.has(w.weapon));
}

/**
 * The weapon tables a formation with weapon mounts takes: those its composition names, else
 * (when no weapon upgrade reaches it) those holding a weapon its mounted units' notes name ("If
 * a Close Combat Weapon or a Laser Burner is mounted on the Carapace Weapon Mount").
 */
function weaponOffers(ctx: OfferContext, byId: Map<string, Upgrade>): Offer[] {
  const weapons = ctx.upgrades.filter((u) => u.upgrade.mount !== undefined);
  const out: Offer[] = [];
  for (const fe of ctx.formations) {
    const f = fe.formation;
    const named = weapons.filter((w) => fe.weaponTables.some((t) => sameName(t, w.captions[0] ?? '')));
    if (named.length > 0) {
      out.push({ formation: f, upgrades: named.map((w) => w.upgrade), because: `its units "${fe.weaponTables.join(', ')}"` });
      continue;
    }
    if (f.upgrades.some((id) => byId.get(id)?.mount !== undefined)) continue;
    const mounted = [...fieldable(f, byId)].map((id) => ctx.units.get(id)).filter((u): u is Unit => hasMounts(u, ctx.mountWeapons));
    if (mounted.length === 0) continue;
    const notes = mounted.map((u) => nameKey(u.notes ?? '')).join(' ');
    const tables = new Set(weapons.filter((w) => notes.includes(nameKey(w.upgrade.name))).map((w) => w.captions[0] ?? ''));
    const chosen = weapons.filter((w) => tables.has(w.captions[0] ?? ''));
    if (chosen.length > 0) out.push({ formation: f, upgrades: chosen.map((w) => w.upgrade), because: `the weapons ${mounted.map((u) => u.name).join(', ')}'s notes name (table "${[...tables].join('", "')}")` });
  }
  return out;
}

/** "Up to three company upgrades may be taken once per company." → "company". */
function perWhat(notes: string[]): string | undefined {
  for (const n of notes) {
    const m = /\btaken once per (?:each )?([a-z][a-z-]*)\b/i.exec(n);
    if (m && !/^(formation|detachment|army)$/i.test(m[1]!)) return m[1]!;
  }
  return undefined;
}

/**
 * The formation tables a note's "once per company" names: the upgrade table's caption without
 * "(Company) Upgrades", then the plural ("Steel Legion Company Upgrades" → "Steel Legion
 * Companies") or "... Formations" ("Demi-century Upgrades" → "Demi-century Formations").
 */
function tablesPer(caption: string, what: string): string[] {
  const prefix = caption.replace(new RegExp(`\\s*(?:${what}\\s+)?upgrades\\s*$`, 'i'), '').trim();
  const key = nameKey(`${prefix} ${what}`);
  return [...pluralKeys(key), nameKey(`${prefix} ${what} formations`)];
}

/** "Add two Gorgons (may not be added to a Death Rider Company)": the formations excluded. */
function excludedBy(upgrade: Upgrade, f: Formation): boolean {
  const m = /\bmay not be added to an? ([^);]+)/i.exec(upgrade.notes ?? '');
  return m !== null && sameName(m[1]!.trim(), f.name);
}

/** Whether an upgrade's printed target ("to each Gorgon") names nothing the formation may field. */
function targetMissing(u: UpgradeEntry, fe: FormationEntry, fields: Set<string>, resolver: UnitResolver): boolean {
  const parts = targetParts(u);
  return parts.length > 0 && parts.every((p) => targetNames(p, fe, fields, resolver) === false);
}

function targetParts(u: UpgradeEntry): string[] {
  return u.target?.split(/\s*,\s*(?:or\s+)?|\s+or\s+/).filter((s) => s !== '') ?? [];
}

function tableNoteOffers(ctx: OfferContext, unclaimed: UpgradeEntry[], byId: Map<string, Upgrade>): Offer[] {
  const out: Offer[] = [];
  const byTable = new Map<string, UpgradeEntry[]>();
  for (const u of unclaimed) {
    const what = perWhat(u.tableNotes);
    if (what === undefined || u.upgrade.mount !== undefined) continue;
    const key = `${u.captions[0] ?? ''}\0${what}`;
    byTable.set(key, [...(byTable.get(key) ?? []), u]);
  }
  for (const [key, entries] of byTable) {
    const [caption, what] = key.split('\0') as [string, string];
    const tables = tablesPer(caption, what);
    const note = entries[0]!.tableNotes.find((n) => /\btaken once per\b/i.test(n))!;
    for (const fe of ctx.formations) {
      if (!tables.includes(nameKey(fe.captions[fe.captions.length - 1] ?? ''))) continue;
      const allowed = entries.filter((e) => !excludedBy(e.upgrade, fe.formation));
      // What the formation may field once it takes these: "(add one Gorgon Mortars character to each Gorgon)" needs the Gorgons.
      const fields = fieldable({ ...fe.formation, upgrades: [...fe.formation.upgrades, ...allowed.map((e) => e.upgrade.id)] }, byId);
      const ups = allowed.filter((e) => !targetMissing(e, fe, fields, ctx.resolver)).map((e) => e.upgrade);
      out.push({ formation: fe.formation, upgrades: ups, because: `table "${caption}" says "${note}"` });
    }
  }
  return out;
}

/** Whether one printed target ("Warlord", "a unit in a War Engine formation", "Dreadnought Assault Pack") names this formation. */
function targetNames(part: string, fe: FormationEntry, fields: Set<string>, resolver: UnitResolver): boolean | undefined {
  const f = fe.formation;
  const p = part.replace(/^(?:an?|one|the|each)\s+/i, '').replace(/\.$/, '').trim();
  const inFormation = /^unit in an? (.+?) formation$/i.exec(p);
  // "a unit in a War Engine formation": a war engine formation, or one of the list's "War Engines" table.
  if (inFormation) return [f.kind.replace(/-/g, ' '), f.name, ...fe.captions.slice(-1)].some((n) => sameName(inFormation[1]!, n));
  if (/^(?:any\s+)?(?:infantry\s+)?units?\b/i.test(p) && !/^unit with an? /i.test(p)) return undefined;
  const unit = resolver.resolve(p.replace(/^unit with an? /i, '').replace(/\s+(?:character|unit)s?$/i, ''));
  if (unit.ok) return fields.has(unit.unit.id);
  return sameName(p, f.name);
}

/**
 * Formations an unclaimed upgrade's own text points at: those fielding the units or character it
 * replaces, or matching a target it joins ("to a Warlord, Guildmaster or a unit in a War Engine
 * formation"). A target that names no formation or unit (any unit in the formation) offers nothing.
 */
function textOffers(ctx: OfferContext, unclaimed: UpgradeEntry[], byId: Map<string, Upgrade>): Offer[] {
  const out: Offer[] = [];
  for (const u of unclaimed) {
    if (u.upgrade.mount !== undefined) continue;
    const parts = targetParts(u);
    if (u.upgrade.remove.length === 0 && parts.length === 0) continue;
    for (const fe of ctx.formations) {
      const fields = fieldable(fe.formation, byId);
      const replaces = u.upgrade.remove.length > 0 && u.upgrade.remove.every((r) => [r.unit, ...(r.or ?? [])].some((id) => fields.has(id)));
      const joins = parts.some((p) => targetNames(p, fe, fields, ctx.resolver) === true);
      if (!replaces && !joins) continue;
      const why = replaces ? `it replaces ${u.upgrade.remove.map((r) => ctx.units.get(r.unit)?.name ?? r.unit).join(', ')}, which the formation fields` : `its text adds it to ${u.target}`;
      out.push({ formation: fe.formation, upgrades: [u.upgrade], because: why });
    }
  }
  return out;
}

/**
 * A transport table's upgrades to the formations that come "plus transport": TP Dark Eldar
 * Transport, "Any Dark Eldar formation that includes plus transport may choose from the Dark Eldar
 * Transport section" (Raiders, Barges of Pleasure). The transports a formation still needs after
 * them are added as for any "plus transport" formation (formationChoice.ts).
 */
function transportOffers(ctx: OfferContext, unclaimed: UpgradeEntry[]): Offer[] {
  const section = unclaimed.filter((u) => /\btransports?$/i.test(u.captions[0] ?? ''));
  if (section.length === 0) return [];
  return ctx.formations
    .filter((fe) => PLUS_TRANSPORT.test(fe.formation.notes ?? ''))
    .map((fe) => ({ formation: fe.formation, upgrades: section.map((u) => u.upgrade), because: `it comes "plus transport", and the "${section[0]!.captions[0]}" table is for such formations` }));
}

/**
 * Offers upgrades to formations as the list text says (see the module comment), adding their
 * ids to each formation's upgrades; returns what it offered, for the import report.
 */
export function offerUpgrades(ctx: OfferContext): Offer[] {
  const byId = new Map(ctx.upgrades.map((u) => [u.upgrade.id, u.upgrade]));
  const claimed = (): Set<string> => new Set(ctx.formations.flatMap((fe) => fe.formation.upgrades));
  const offers: Offer[] = [];
  const apply = (list: Offer[]) => {
    for (const o of list) {
      const fresh = o.upgrades.filter((u) => !o.formation.upgrades.includes(u.id));
      if (fresh.length === 0) continue;
      o.formation.upgrades.push(...fresh.map((u) => u.id));
      offers.push({ ...o, upgrades: fresh });
    }
  };
  const unclaimed = () => ctx.upgrades.filter((u) => !claimed().has(u.upgrade.id) && u.upgrade.unsupported === undefined);
  apply(tableNoteOffers(ctx, unclaimed(), byId));
  apply(textOffers(ctx, unclaimed(), byId));
  apply(transportOffers(ctx, unclaimed()));
  // Last: the upgrades offered above may bring units with weapon mounts ("Add one Ordinatus Minorus").
  apply(weaponOffers(ctx, byId));
  return offers;
}
