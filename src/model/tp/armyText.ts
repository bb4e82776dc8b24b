import type { Unit } from '../schema.js';
import type { UnitResolver } from './names.js';
import { COUNT_RE, countWord, fold, squash } from './text.js';

/**
 * The prose of army-list tables: formation names with limits ("0–1 Strike Cruiser"), unit
 * lists ("One Commander unit, twelve Infantry units and seven Chimera", "Any five of the
 * following units: Land Speeder, Land Speeder Tornado") and costs ("+75 points each", "+125 points
 * per pair"). Upgrade effects are read by upgradeText.ts.
 */

const C = COUNT_RE;

const BETWEEN_AND = new RegExp(`\\bbetween\\s+(${C})\\s+and\\s+(${C})\\b`, 'gi');
const TOP_ALT = new RegExp(`^(.+?)\\s+or\\s+(${C}\\s+.+)$`, 'i');
const BARE_COUNT = new RegExp(`^${C}$`, 'i');
const LEADING_COUNT = new RegExp(`^(${C})\\s+`, 'i');
const TAIL_QUANT = new RegExp(`^(?:(any)\\s+)?(?:(up\\s+to)\\s+(?:any\\s+)?)?(?:between\\s+(${C})~(${C})|(${C}))?\\s*(?:of\\s+any\\s*)?$`, 'i');
const ITEM = new RegExp(`^(?:(up\\s+to)\\s+(?:any\\s+)?)?(?:between\\s+(${C})~(${C})|(${C})(?:\\s*(?:or|to)\\s*(${C}))?)\\s+(.+)$`, 'i');
const FOR_COUNT = new RegExp(`^for\\s+(${C})\\b`, 'i');
const COUNTED_ALT = new RegExp(`^(.+?)\\s+or\\s+(${C}\\s+.+)$`, 'i');

/** "0–1 Strike Cruiser" → limit "0–1"; "0–1 Shining Spears per Wild Rider Clan" → limit "0–1 per Wild Rider Clan". */
export function splitLimit(text: string): { name: string; limit?: string } {
  const t = squash(text).replace(/\*+$/, '').trim();
  const m = /^([0-9]+(?:\s*[–-]\s*[0-9]+|\+)?)\s+(\D.*)$/.exec(t);
  if (!m) return { name: t };
  let name = m[2]!;
  let limit = m[1]!.replace(/\s+/g, '');
  const per = /^(.+?)\s+(per\s+.+)$/.exec(name);
  if (per) {
    name = per[1]!;
    limit = `${limit} ${per[2]}`;
  }
  return { name, limit };
}

export interface Cost {
  points?: number;
  /** "each": the price is per unit (formations) or per time the upgrade is taken. */
  each: boolean;
  /** "+25 points for two": the price buys this many units. */
  forCount?: number;
  /** Prices per unit name ("50 points each per Chaos Predator 75 points each per Chaos Land Raider"). */
  perUnit?: Array<{ name: string; points: number }>;
  /** Everything printed besides the first price. */
  notes: string[];
  /** "+5 points per unit": the price of each unit of the formation the upgrade is taken for. */
  perFormationUnit?: true;
  /** "+25 points per 4 DC" (TP Ork Kart): the price is for every this many points of the starting damage capacity of the unit it joins. */
  perDamageCapacity?: number;
  /** The price depends on something the schema cannot express ("per model"). */
  unsupported?: string;
  /** "250 or 350 points", "225 points or 350 points": the prices after the first, of the row's alternatives in order. */
  orPoints?: number[];
  /** "175 points for four +35 points per extra": the price of each unit beyond the smallest size. */
  perExtra?: number;
}

/** A printed cost: "275 points", "+50 points each", "Free", "(+100 or +150 points)", "250 or 350 points". */
export function parseCost(text: string): Cost {
  const t = fold(squash(text)).replace(/^\((.*)\)$/, '$1').trim();
  const out: Cost = { each: false, notes: [] };
  if (t === '' || /^n\/a$/i.test(t)) return { ...out, unsupported: `no cost printed ("${text}")` };
  if (/^free\b/i.test(t)) {
    out.points = 0;
    const rest = t.slice(4).trim();
    if (rest) out.notes.push(rest);
    return out;
  }
  const perUnit = [...t.matchAll(/([0-9]+)\s*points?\s+each\s+per\s+(.+?)(?=\s+\+?[0-9]+\s*points?|$)/gi)];
  if (perUnit.length > 0) {
    out.perUnit = perUnit.map((m) => ({ name: m[2]!.trim(), points: Number(m[1]) }));
    out.points = out.perUnit[0]!.points;
    out.each = true;
    return out;
  }
  const m = /^\+?\s*([0-9]+)\s*(?:points?|pts)?\s*(.*)$/i.exec(t);
  if (!m) return { ...out, unsupported: `cost "${text}" is not a number of points` };
  out.points = Number(m[1]);
  let rest = m[2]!.trim();
  if (/^each\b/i.test(rest)) {
    out.each = true;
    rest = rest.slice(4).trim();
  }
  const forCount = FOR_COUNT.exec(rest);
  if (forCount) out.forCount = countWord(forCount[1]!);
  const perDc = /^per\s+([0-9]+)\s*dc\b/i.exec(rest);
  if (perDc) out.perDamageCapacity = Number(perDc[1]);
  if (/^per\s+unit\b/i.test(rest)) out.perFormationUnit = true;
  else if (/^per\s+model\b/i.test(rest)) out.unsupported = `priced "${t}"`;
  if (/\brespectively\b/i.test(rest)) out.unsupported = `alternatives at different prices ("${t}")`;
  const or = /^or\s+([0-9]+)\s*(?:points?|pts)$/i.exec(rest);
  if (or) out.orPoints = [Number(or[1])];
  const extra = /\+\s*([0-9]+)\s*(?:points?|pts)\s+per\s+extra\b/i.exec(rest);
  if (extra) out.perExtra = Number(extra[1]);
  if (rest) out.notes.push(rest);
  return out;
}

export interface Composition {
  units: Array<{ unit: string; count: number }>;
  choices: Array<{ count: number; from: string[] }>;
  characters: Array<{ count: number; from: string[] }>;
  /** Units of the default pick in the order written (for per-unit prices). */
  picked: Array<{ unit: Unit; count: number }>;
  notes: string[];
  problems: string[];
  corrections: string[];
  /** "Any one of the following units:" with the list in other cells (variants). */
  openChoice?: { count: number; text: string };
  /** "one Hero upgrade": an upgrade the formation always takes, by name. */
  upgradeItems: Array<{ count: number; name: string }>;
  /** "three Gargant or Supa-Stompa Weapons": the weapon tables its weapon mounts are filled from ("Gargant Weapons", "Supa-Stompa Weapons"). */
  weaponTables: string[];
  /** Fortifications it names ("nine Gun Emplacements"): terrain, not units (TP FAQ Fortified Positions). */
  fortifications: string[];
  /**
   * What the text offers instead of part of its default after "or" ("Eight Fire Warriors or Six
   * Fire Warriors and three Devilfish", "One Hive Tyrant or two Tyranid Warriors"): the
   * alternative's text and the default units of the part it stands against (formationAlternatives.ts).
   */
  alternatives: Array<{ text: string; replaces: Array<{ unit: string; count: number }> }>;
  /**
   * Sizes the text allows for one unit entry of its default ("Between four and eight Raptors",
   * "Up to three Decimators", "Two to three Raven Fighters", "Four or six Ravagers", "Between four
   * and eight of any of the following units"): `entry` is fielded at `min`; `what` names the units
   * as printed ("Raptors"; a choice's options "Chaos Predator or Chaos Land Raider"), `printed` the
   * whole phrase (formationSizes.ts, formationAlternatives.ts).
   */
  ranges: Array<{ entry: { unit: string; count: number }; min: number; max: number; how: 'between' | 'up-to' | 'a-or-b'; what: string; printed: string }>;
}

export interface NameGroups {
  /** Units of a table named in prose ("Leman Russ variants" → the "Leman Russ Variants" table). */
  unitsOfGroup(name: string): Unit[] | undefined;
}

export function emptyComposition(): Composition {
  return { units: [], choices: [], characters: [], picked: [], notes: [], problems: [], corrections: [], upgradeItems: [], weaponTables: [], fortifications: [], alternatives: [], ranges: [] };
}

/** Pulls "Note: ...", parenthesised remarks and any sentences after the first out of a text. */
export function separateNotes(text: string, notes: string[]): string {
  let t = squash(text);
  t = t.replace(/\s*\bNote:\s*(.*)$/i, (_, n: string) => {
    notes.push(`Note: ${n.trim()}`);
    return '';
  });
  t = t.replace(/\s*\(([^)]*)\)/g, (_, n: string) => {
    notes.push(n.trim());
    return '';
  });
  const sentences = t.split(/(?<=\.)\s+(?=[A-Z])/);
  if (sentences.length > 1) {
    notes.push(sentences.slice(1).join(' '));
    t = sentences[0]!;
  }
  return t.replace(/,?\s+or\s*$/i, '').replace(/[.:;,]\s*$/, '').trim();
}

/** Qualifiers that do not change which units are meant; kept as notes. */
export function stripQualifiers(text: string, notes: string[]): string {
  let t = text;
  const cut = (re: RegExp) => {
    t = t.replace(re, (m: string) => {
      notes.push(m.trim().replace(/^,\s*/, ''));
      return '';
    });
  };
  cut(/\s+per\s+(?:army|formation|detachment|full\s+[0-9,]+\s+points)\b/gi);
  cut(/\s+in the formation\b/gi);
  cut(/,?\s*plus transport\b/gi);
  cut(/\s+(?:with|and)\s+an\s+optional\s+[^,]+/gi);
  cut(/,?\s+(?:up to \S+|none|one|any|all)\s+of which\b.*$/gi);
  t = t.replace(/\badditional\s+/gi, '').replace(/\s+each\s+with\s+/gi, ' with ');
  return squash(t);
}

/**
 * A list of units as a formation or an upgrade writes it. Names resolve against the list's
 * forces; characters (type CH) go to `characters`; alternatives ("Three Bombards or
 * Manticores") become a choice with the first name as the default pick.
 */
export function parseComposition(text: string, resolver: UnitResolver, groups: NameGroups): Composition {
  const out = emptyComposition();
  let t = separateNotes(text, out.notes);
  t = t.replace(/^(?:add|field)\s+/i, '');
  t = stripQualifiers(t, out.notes);
  t = t.replace(BETWEEN_AND, 'between $1~$2');

  // "... and any six of the following units: A, B" / "Any one of the following units:" (list elsewhere)
  const fol = /\bof the following\b([^:]*):?\s*(.*)$/i.exec(t);
  if (fol) {
    const before = t.slice(0, fol.index);
    let cut = 0;
    for (const m of before.matchAll(/,\s*(?:and\s+|plus\s+)?|\s+and\s+|\s+plus\s+/gi)) cut = m.index + m[0].length;
    const quant = before.slice(cut).trim();
    const fixed = before.slice(0, cut).replace(/(,\s*(?:and|plus)?|\s+and|\s+plus)\s*$/i, '').trim();
    const q = TAIL_QUANT.exec(quant);
    if (!q) {
      out.problems.push(`cannot read the quantity "${quant}" in "${text}"`);
      return out;
    }
    // "Up to any two of the following": one by default.
    const count = q[2] ? 1 : (countWord(q[3] ?? q[5] ?? 'one') ?? 1);
    if (q[4]) out.notes.push(`between ${q[3]} and ${q[4]} of the following`);
    if (q[2]) out.notes.push(`up to ${q[5] ?? 'one'} of the following`);
    const list = fol[2]!.trim();
    if (fixed) parseFixed(fixed, out, resolver, groups);
    if (list === '') {
      out.openChoice = { count, text: squash(t) };
      return out;
    }
    const from = parseChoiceList(list, out, resolver, groups);
    if (from.length > 0) addChoice(out, count, from);
    const most = q[4] ?? (q[2] ? (q[5] ?? 'one') : undefined);
    const max = most === undefined ? undefined : countWord(most);
    if (from.length > 0 && max !== undefined && max > count) {
      const names = [...new Set(from.map((u) => u.name))];
      out.ranges.push({ entry: out.units[out.units.length - 1]!, min: count, max, how: q[4] ? 'between' : 'up-to', what: names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0]!, printed: squash(t).replace('~', ' and ') });
    }
    return out;
  }
  parseFixed(t, out, resolver, groups);
  return out;
}

/** Fortified positions a list names among units (TP Fortified Positions: bunkers, gun emplacements, minefields, trenches, razor wire). */
const FORTIFICATION = /^(?:[0-9]+\s*cm\s+of\s+)?(?:gun\s+emplacements?|bunkers?|minefields?|trench(?:es)?|razor\s+wire)$/i;

/**
 * Whether a name (or every alternative of "Bunkers or 52cm of Trenches") is a fortification:
 * "Are the Gun Emplacements that come with certain formations in the formation? No, they are not
 * units" (TP FAQ Fortified Positions). It is kept in `fortifications` and in the notes, not fielded.
 */
function isFortification(text: string, count: number | 'option', out: Composition): boolean {
  const parts = text.split(/\s+or\s+/).map((p) => p.trim());
  if (!parts.every((p) => FORTIFICATION.test(p))) return false;
  out.fortifications.push(text);
  const what = count === 'option' ? `${text} (an option of a choice, which is fielded with the units among its options)` : `${count} ${text}`;
  out.notes.push(`${what}: fortifications, not units (TP FAQ Fortified Positions); not fielded, their cover not modelled`);
  return true;
}

/**
 * "3+2D6 Plague Zombies": a number rolled when the formation arrives (TP Slaves to Darkness
 * special rules) is fielded as its expected value, rounded (3 + 2 × 3.5 = 10), and the notes say so.
 */
function expectedCount(raw: string, out: Composition): { count: number; text: string } | undefined {
  const m = /^([0-9]+)\s*\+\s*([0-9]*)D([36])\s+(.+)$/i.exec(raw);
  if (!m) return undefined;
  const dice = m[2] === '' ? 1 : Number(m[2]);
  const count = Math.round(Number(m[1]) + (dice * (Number(m[3]) + 1)) / 2);
  out.notes.push(`"${raw}" fielded as ${count}, the expected number (${m[1]} + ${dice} × ${(Number(m[3]) + 1) / 2}); the list rolls it when the formation arrives`);
  return { count, text: m[4]! };
}

/** "Skorcha, Warbikes or Warbuggy", "Boarboyz, Boyz with an optional Grotz, two Wildboyz": the names to choose from. */
export function parseChoiceList(list: string, out: Composition, resolver: UnitResolver, groups: NameGroups): Unit[] {
  const from: Unit[] = [];
  const whole = resolver.resolve(list);
  if (whole.ok) return [whole.unit];
  for (let name of list.split(/\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+(?!an?\s+optional)/)) {
    name = splitLimit(name.trim()).name;
    if (!name) continue;
    const counted = LEADING_COUNT.exec(name);
    if (counted && countWord(counted[1]!) !== 1) out.notes.push(`"${name}" counts as one choice`);
    if (counted) name = name.slice(counted[0].length);
    if (isFortification(name, 'option', out)) continue;
    const u = resolveOrGroup(name, resolver, groups, out);
    if (u) from.push(...u);
  }
  return from;
}

function resolveOrGroup(name: string, resolver: UnitResolver, groups: NameGroups, out: Composition, quiet = false): Unit[] | undefined {
  const r = resolver.resolve(name);
  if (r.ok) {
    if (r.corrected) out.corrections.push(r.corrected);
    return [r.unit];
  }
  const g = groups.unitsOfGroup(name);
  if (g && g.length > 0) return g;
  if (!quiet) out.problems.push(r.reason);
  return undefined;
}

/** Adds units (the first is the default pick, the rest a choice); a CH unit joins another unit as a character. */
export function addChoice(out: Composition, count: number, from: Unit[]): void {
  const ids = [...new Set(from.map((u) => u.id))];
  const first = from[0]!;
  if (first.type === 'CH') {
    out.characters.push({ count, from: ids });
    return;
  }
  if (ids.length > 1) out.choices.push({ count, from: ids });
  out.units.push({ unit: first.id, count });
  out.picked.push({ unit: first, count });
}

/** Names joined by "or", resolved; a shared tail is lent to shorter names ("Imperator or Warmonger Class Titan"). */
function alternatives(text: string, out: Composition, resolver: UnitResolver, groups: NameGroups): Unit[] {
  const whole = resolveOrGroup(text, resolver, groups, out, true);
  if (whole) return whole;
  const parts = text.split(/\s*,\s*(?:or\s+)?|\s+or\s+/).map((p) => p.trim()).filter((p) => p !== '');
  const from: Unit[] = [];
  parts.forEach((p, k) => {
    if (/^[0-9]+\s*cm\b/i.test(p)) {
      // "20cm of Trenches": terrain, not a unit.
      out.notes.push(`or ${p}`);
      return;
    }
    let u = resolveOrGroup(p, resolver, groups, out, true);
    if (!u && k < parts.length - 1) {
      const lastWords = parts[parts.length - 1]!.split(/\s+/);
      for (let n = 1; n < lastWords.length && !u; n++) {
        u = resolveOrGroup(`${p} ${lastWords.slice(-n).join(' ')}`, resolver, groups, out, true);
      }
    }
    if (!u) u = resolveOrGroup(p, resolver, groups, out);
    if (u) from.push(...u);
  });
  return from;
}

function parseFixed(text: string, out: Composition, resolver: UnitResolver, groups: NameGroups): void {
  let t = text.trim();
  // "Eight Fire Warriors or Six Fire Warriors and three Devilfish": the first alternative is the default.
  const alt = TOP_ALT.exec(t);
  let topAlternative: string | undefined;
  if (alt && !BARE_COUNT.test(alt[1]!.trim())) {
    out.notes.push(`or ${alt[2]}`);
    topAlternative = alt[2]!;
    t = alt[1]!;
  }
  const start = out.units.length;
  const items = t.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).filter((s) => s.trim() !== '');
  type Item = { count: number; text: string; alternative?: string; range?: Omit<Composition['ranges'][number], 'entry'> };
  const parsed: Item[] = [];
  for (let raw of items) {
    raw = raw.trim().replace(/^(?:either|any)\s+/i, '');
    const withChar = /^one with (?:an?\s+)?(.+?)(?:\s+characters?)?$/i.exec(raw);
    if (withChar) {
      parsed.push({ count: 1, text: withChar[1]! });
      continue;
    }
    const rolled = expectedCount(raw, out);
    if (rolled) {
      parsed.push(rolled);
      continue;
    }
    const m = ITEM.exec(raw);
    if (!m) {
      // An uncounted name after a counted one is another alternative: "One Baneblade, Shadowsword or Stormsword".
      if (parsed.length > 0) parsed[parsed.length - 1]!.text += ` or ${raw}`;
      else parsed.push({ count: 1, text: raw });
      continue;
    }
    let count: number;
    let range: Item['range'];
    if (m[1]) {
      // "Up to three Deathwheels": one by default; the cost is per unit.
      count = 1;
      out.notes.push(`up to ${m[4]} ${m[6]}`);
      range = { min: 1, max: countWord(m[4]!)!, how: 'up-to', what: m[6]!, printed: raw.replace('~', ' and ') };
    } else if (m[2]) {
      count = countWord(m[2])!;
      out.notes.push(`between ${m[2]} and ${m[3]} ${m[6]}`);
      range = { min: count, max: countWord(m[3]!)!, how: 'between', what: m[6]!, printed: raw.replace('~', ' and ') };
    } else {
      count = countWord(m[4]!)!;
      if (m[5]) {
        out.notes.push(`${m[4]} or ${m[5]} ${m[6]}`);
        range = { min: count, max: countWord(m[5])!, how: 'a-or-b', what: m[6]!, printed: `${m[4]} or ${m[5]} ${m[6]}` };
      }
    }
    let rest = m[6]!;
    // "One hive tyrant or two Tyranid Warriors": a differently counted alternative (formationAlternatives.ts).
    const countedAlt = COUNTED_ALT.exec(rest);
    let alternative: string | undefined;
    // "either four Centaurs or 20cm of Trenches": terrain instead of the units.
    const otherAlt = countedAlt ?? /^(.+?)\s+or\s+([0-9]+\s*cm\s+of\s+.+)$/i.exec(rest);
    if (otherAlt) {
      out.notes.push(`or ${otherAlt[2]}`);
      rest = otherAlt[1]!;
      alternative = otherAlt[2]!;
    }
    parsed.push({ count, text: rest, ...(alternative !== undefined ? { alternative } : {}), ...(range !== undefined && range.max > count ? { range } : {}) });
  }
  for (const item of parsed) {
    const before = out.units.length;
    parseItem(item, out, resolver, groups);
    const entry = out.units[before];
    if (entry === undefined) continue;
    if (item.range) out.ranges.push({ entry, ...item.range });
    if (item.alternative) out.alternatives.push({ text: item.alternative, replaces: [entry] });
  }
  if (topAlternative !== undefined && out.units.length > start) out.alternatives.push({ text: topAlternative, replaces: out.units.slice(start) });
}

/** One item of a list of units: fortifications and weapons noted, upgrades kept by name, units (or a choice of them) added. */
function parseItem(item: { count: number; text: string }, out: Composition, resolver: UnitResolver, groups: NameGroups): void {
  if (isFortification(item.text, item.count, out)) return;
  const upgrade = /^(.+?)\s+upgrades?$/i.exec(item.text);
  if (upgrade) {
    out.upgradeItems.push({ count: item.count, name: upgrade[1]! });
    return;
  }
  if (/\bweapons$/i.test(item.text)) {
    // "three Gargant or Supa-Stompa Weapons": weapon mounts filled from those weapon tables, not
    // characters the formation comes with (the table's rows are weapon characters).
    out.notes.push(`${item.count} ${item.text} (chosen from the weapon upgrades)`);
    out.weaponTables.push(...item.text.replace(/\s+weapons$/i, '').split(/\s+or\s+|\s*,\s*/).map((t) => `${t} Weapons`));
    return;
  }
  let from: Unit[] = [];
  const whole = resolveOrGroup(item.text, resolver, groups, out, true);
  if (whole) from = whole;
  else {
    // "Land Train with a Berserker Battlecar character", "Boyz with a Junkatrukk", "Hammerheads with Ion Cannons"
    const withPart = /^(.+?)\s+with\s+(?:(an?|one)\s+)?(.+?)(?:\s+characters?)?$/i.exec(item.text);
    if (withPart) {
      const head = alternatives(withPart[1]!, out, resolver, groups);
      const other = withPart[2] ? resolveOrGroup(withPart[3]!, resolver, groups, out, true) : undefined;
      if (head.length > 0) addChoice(out, item.count, head);
      if (other) addChoice(out, 1, other);
      else out.notes.push(`with ${withPart[2] ? `${withPart[2]} ` : ''}${withPart[3]}`);
      return;
    }
    from = alternatives(item.text, out, resolver, groups);
  }
  if (from.length > 0) addChoice(out, item.count, from);
}
