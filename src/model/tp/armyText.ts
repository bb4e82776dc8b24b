import { UnitAbility, type Unit, type Upgrade } from '../schema.js';
import type { UnitResolver } from './names.js';
import { COUNT_RE, countWord, fold, squash } from './text.js';

/**
 * The prose of army-list tables: formation names with limits ("0–1 Strike Cruiser"), unit
 * lists ("One Commander unit, twelve Infantry units and seven Chimera", "Any five of the
 * following units: Land Speeder, Land Speeder Tornado"), upgrade effects ("Replace up to five
 * Attack Bikes with an equal number of Bikes") and costs ("+75 points each", "+125 points per pair").
 */

const C = COUNT_RE;

const BETWEEN_AND = new RegExp(`\\bbetween\\s+(${C})\\s+and\\s+(${C})\\b`, 'gi');
const TOP_ALT = new RegExp(`^(.+?)\\s+or\\s+(${C}\\s+.+)$`, 'i');
const BARE_COUNT = new RegExp(`^${C}$`, 'i');
const LEADING_COUNT = new RegExp(`^(${C})\\s+`, 'i');
const TAIL_QUANT = new RegExp(`^(?:(any)\\s+)?(?:(up\\s+to)\\s+(?:any\\s+)?)?(?:between\\s+(${C})~(${C})|(${C}))?\\s*(?:of\\s+any\\s*)?$`, 'i');
const ITEM = new RegExp(`^(?:(up\\s+to)\\s+(?:any\\s+)?)?(?:between\\s+(${C})~(${C})|(${C})(?:\\s*(?:or|to)\\s*(${C}))?)\\s+(.+)$`, 'i');
const Q_UP_TO = new RegExp(`^up\\s+to\\s+(?:any\\s+)?(${C})\\s+(?:of\\s+(?:any\\s+of\\s+)?the following(?:\\s+units|\\s+characters)?\\s*)?(.*)$`, 'i');
const Q_BETWEEN = new RegExp(`^between\\s+(${C})\\s+and\\s+(${C})\\s+(?:of\\s+(?:any\\s+of\\s+)?the following(?:\\s+units|\\s+characters)?\\s*)?(.*)$`, 'i');
const Q_OF_FOLLOWING = new RegExp(`^(?:any\\s+)?(${C})\\s+of\\s+(?:any\\s+of\\s+)?the following(?:\\s+units|\\s+characters)?\\s*(.*)$`, 'i');
const Q_ANY = new RegExp(`^any\\s+(${C})\\s+(.*)$`, 'i');
const Q_COUNT = new RegExp(`^(${C})\\s+(.*)$`, 'i');
const INLINE_OR = new RegExp(`^(.*?)\\s+or\\s+((?:${C})\\s+\\S.*?)\\s+for\\s+(\\+?\\s*[0-9]+.*)$`, 'i');
const FOR_COUNT = new RegExp(`^for\\s+(${C})\\b`, 'i');
const COUNTED_OR = new RegExp(`\\s+or\\s+${C}\\s`, 'i');
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
  /** The price depends on something the schema cannot express ("per unit transported", "per 4 DC"). */
  unsupported?: string;
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
  if (/^per\s+(unit|model|[0-9]+\s*dc)\b/i.test(rest)) out.unsupported = `priced "${t}"`;
  if (/\brespectively\b/i.test(rest)) out.unsupported = `alternatives at different prices ("${t}")`;
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
}

export interface NameGroups {
  /** Units of a table named in prose ("Leman Russ variants" → the "Leman Russ Variants" table). */
  unitsOfGroup(name: string): Unit[] | undefined;
}

function emptyComposition(): Composition {
  return { units: [], choices: [], characters: [], picked: [], notes: [], problems: [], corrections: [], upgradeItems: [], weaponTables: [], fortifications: [] };
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
function stripQualifiers(text: string, notes: string[]): string {
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
function parseChoiceList(list: string, out: Composition, resolver: UnitResolver, groups: NameGroups): Unit[] {
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
function addChoice(out: Composition, count: number, from: Unit[]): void {
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
  if (alt && !BARE_COUNT.test(alt[1]!.trim())) {
    out.notes.push(`or ${alt[2]}`);
    t = alt[1]!;
  }
  const items = t.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).filter((s) => s.trim() !== '');
  type Item = { count: number; text: string };
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
    if (m[1]) {
      // "Up to three Deathwheels": one by default; the cost is per unit.
      count = 1;
      out.notes.push(`up to ${m[4]} ${m[6]}`);
    } else if (m[2]) {
      count = countWord(m[2])!;
      out.notes.push(`between ${m[2]} and ${m[3]} ${m[6]}`);
    } else {
      count = countWord(m[4]!)!;
      if (m[5]) out.notes.push(`${m[4]} or ${m[5]} ${m[6]}`);
    }
    let rest = m[6]!;
    // "One hive tyrant or two Tyranid Warriors": a differently counted alternative stays a note.
    const countedAlt = COUNTED_ALT.exec(rest);
    if (countedAlt) {
      out.notes.push(`or ${countedAlt[2]}`);
      rest = countedAlt[1]!;
    }
    parsed.push({ count, text: rest });
  }
  for (const item of parsed) {
    if (isFortification(item.text, item.count, out)) continue;
    const upgrade = /^(.+?)\s+upgrades?$/i.exec(item.text);
    if (upgrade) {
      out.upgradeItems.push({ count: item.count, name: upgrade[1]! });
      continue;
    }
    if (/\bweapons$/i.test(item.text)) {
      // "three Gargant or Supa-Stompa Weapons": weapon mounts filled from those weapon tables, not
      // characters the formation comes with (the table's rows are weapon characters).
      out.notes.push(`${item.count} ${item.text} (chosen from the weapon upgrades)`);
      out.weaponTables.push(...item.text.replace(/\s+weapons$/i, '').split(/\s+or\s+|\s*,\s*/).map((t) => `${t} Weapons`));
      continue;
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
        continue;
      }
      from = alternatives(item.text, out, resolver, groups);
    }
    if (from.length > 0) addChoice(out, item.count, from);
  }
}

export interface UpgradeEffect {
  add: Array<{ unit: string; count: number }>;
  remove: Array<{ unit: string; count: number }>;
  character?: string;
  choices: Array<{ count: number; from: string[] }>;
  repeatable?: { max?: number };
  notes: string[];
  problems: string[];
  corrections: string[];
  /** The upgrade does something the schema cannot express. */
  unsupported?: string;
  /** Whom the units or character go to, as printed: "a Warlord, Guildmaster or a unit in a War Engine formation". */
  target?: string;
  /** A rule given to units of the formation ("Give up to four Scout units Sniper"). */
  grant?: NonNullable<Upgrade['grant']>;
}

interface Quantity {
  /** The count written before the names; undefined when the names carry their own. */
  count?: number;
  rest: string;
  repeatable?: { max?: number };
  notes: string[];
}

/** The quantity words of an "Add ..." or "Replace ..." upgrade. */
function quantity(text: string, each: boolean): Quantity {
  const notes: string[] = [];
  let t = text.trim().replace(/^a maximum of\s+/i, '');
  let repeatable: { max?: number } | undefined;
  const needed = /^(.*?),?\s+up to the number required to transport.*$/i.exec(t);
  if (needed) {
    t = needed[1]!;
    notes.push('up to the number needed to transport the formation');
  }
  const every = /^(.*?)\s+for every\s+(.+)$/i.exec(t);
  if (every) {
    t = every[1]!;
    notes.push(`for every ${every[2]}`);
    repeatable = {};
  }
  let m = /^any number of\s+(?:the following units\s*)?(.*)$/i.exec(t);
  if (m) return { count: 1, rest: m[1]!, repeatable: {}, notes: [...notes, 'any number'] };
  m = /^(?:just enough|the number)\s+(?:of\s+)?(?:any of the following units\s*)?(.*?)\s*(?:required\s+)?to transport\b.*$/i.exec(t);
  if (m) return { count: 1, rest: m[1]!, repeatable: {}, notes: [...notes, 'as many as needed to transport the formation'] };
  m = Q_UP_TO.exec(t);
  if (m) {
    const n = countWord(m[1]!)!;
    if (each && n > 1) return { count: 1, rest: m[2]!, repeatable: { max: n }, notes: [...notes, `up to ${m[1]}`] };
    return { count: n, rest: m[2]!, notes: [...notes, `up to ${m[1]}`] };
  }
  m = Q_BETWEEN.exec(t);
  if (m) {
    const hi = countWord(m[2]!)!;
    if (each) return { count: 1, rest: m[3]!, repeatable: { max: hi }, notes: [...notes, `between ${m[1]} and ${m[2]}`] };
    return { count: countWord(m[1]!)!, rest: m[3]!, notes: [...notes, `between ${m[1]} and ${m[2]}`] };
  }
  m = Q_OF_FOLLOWING.exec(t) ?? Q_ANY.exec(t) ?? Q_COUNT.exec(t);
  if (m) {
    const q: Quantity = { count: countWord(m[1]!)!, rest: m[2]!, notes };
    if (repeatable) q.repeatable = repeatable;
    return q;
  }
  const q: Quantity = { rest: t, notes };
  if (repeatable) q.repeatable = repeatable;
  return q;
}

/** Strips " to any unit in the formation", " to a Gunfortress or Gunwagon unit" (not "up to"), keeping the target in `out`. */
function stripTarget(text: string, out: UpgradeEffect): string {
  return text.replace(/(?<!\bup)\s+to\s+((?:any|a|an|each|one|the|infantry|units?)\b.*)$/i, (_, target: string) => {
    out.notes.push(`to ${target}`);
    out.target = target;
    return '';
  });
}

function mergeInto(out: UpgradeEffect, c: Composition, into: 'add' | 'remove'): void {
  out.problems.push(...c.problems);
  out.corrections.push(...c.corrections);
  out.notes.push(...c.notes);
  out[into].push(...c.units);
  if (into === 'add') out.choices.push(...c.choices);
  if (c.characters.length === 0) return;
  if (into === 'remove') {
    for (const ch of c.characters) out.remove.push({ unit: ch.from[0]!, count: ch.count });
  } else if (out.character === undefined && c.characters.length === 1 && c.characters[0]!.count === 1) {
    const ch = c.characters[0]!;
    out.character = ch.from[0];
    if (ch.from.length > 1) out.choices.push({ count: 1, from: ch.from });
  } else {
    out.unsupported = 'adds more than one character';
  }
}

/**
 * An upgrade's effect: "Add ...", "Replace ... with ...", "Give ... <rule>". Anything else
 * ("Transport a formation ...", rules text) is kept with `unsupported` set.
 */
export function parseUpgradeEffect(text: string, each: boolean, resolver: UnitResolver, groups: NameGroups): UpgradeEffect {
  const out: UpgradeEffect = { add: [], remove: [], choices: [], notes: [], problems: [], corrections: [] };
  // "Iron Eagle Battlecar (and one Recon Iron Eagle), or Fire Shield": a unit that comes with one
  // option only; read as a note, it would go unfielded.
  if (/\(and (?:one|an?)\s+[^)]+\)\s*,?\s+or\b/i.test(text)) {
    out.unsupported = 'a choice between options one of which brings a unit of its own ("(and one ...)"): fielding it would leave that unit out';
    return out;
  }
  const t = stripQualifiers(separateNotes(text, out.notes), out.notes);
  if (/\bdaemon pool\b/i.test(text)) {
    out.unsupported = 'buys daemons for the Daemon Pool (summoning is not modelled)';
    return out;
  }
  let m = /^add\s+(.+)$/i.exec(t);
  if (m) {
    let body = m[1]!;
    // "Add any one of the following characters to any unit in the formation: Captain, Chaplain, Librarian"
    let list = '';
    const colon = body.indexOf(':');
    if (colon >= 0) {
      list = body.slice(colon + 1).trim();
      body = body.slice(0, colon);
    }
    body = stripTarget(body, out);
    const q = quantity(body, each);
    out.notes.push(...q.notes);
    if (q.repeatable) out.repeatable = q.repeatable;
    const names = list || q.rest;
    if (!names.trim()) {
      out.problems.push(`no unit named in "${text}"`);
      return out;
    }
    const c = emptyComposition();
    if (list || (/,|\s+or\s+/.test(names) && !/\s+(?:and|with)\s+/.test(names) && !COUNTED_OR.test(names))) {
      // A list to choose from.
      const from = parseChoiceList(names, c, resolver, groups);
      if (from.length > 0) addChoice(c, q.count ?? 1, from);
      else mergeInto(out, parseComposition(q.count !== undefined ? `${q.count} ${names}` : names, resolver, groups), 'add');
    } else {
      mergeInto(out, parseComposition(q.count !== undefined ? `${q.count} ${names}` : names, resolver, groups), 'add');
    }
    mergeInto(out, c, 'add');
    if (out.add.length === 0 && out.character === undefined && out.problems.length === 0) out.problems.push(`no unit found in "${text}"`);
    return out;
  }
  // "Replace a Land Raider with a Land Raider Prometheus with Supreme Commander": the unit that
  // comes in has the ability.
  const endsWithAbility = /^replace\b/i.test(t) ? ABILITY_NAMES.find((a) => new RegExp(`\\s+with${a.re.source}`, 'i').test(t)) : undefined;
  m = /^replace\s+(.+)\s+with\s+(.+)$/i.exec(endsWithAbility ? t.replace(new RegExp(`\\s+with${endsWithAbility.re.source}`, 'i'), '') : t);
  if (m) {
    let a = m[1]!;
    // "Replace a unit with a Chaos Lord character with a Daemon Prince": the character goes.
    const host = /^(?:a|one|the)\s+units?\s+with\s+(?:an?\s+)?(.+)$/i.exec(a);
    if (host) a = `one ${host[1]}`;
    // "Replace between one and four Berserker Battlecar characters with ... for +25 points": a price
    // for a choice of how many is a price for each.
    const q = quantity(a, each || /^between\b/i.test(a));
    out.notes.push(...q.notes);
    if (q.repeatable) out.repeatable = q.repeatable;
    const rest = q.rest.replace(/^(?:the|a|an)\s+/i, '');
    let removed = parseComposition(`${q.count ?? 1} ${rest}`, resolver, groups);
    // "... with any of the following characters: Dragon, Skyhammer or Mortar Battlecar": each one
    // replaced becomes one of those.
    const replacement = m[2]!.replace(/^any of the following(?:\s+units|\s+characters)?\s*:\s*/i, 'an equal number of ');
    const withCount = (count: number) => replacement.trim().replace(/^an equal number of\s+/i, `${count} `).replace(/^(?:a|an)\s+/i, 'one ');
    if (removed.problems.length > 0) {
      // A name shared by what is replaced and what replaces it ("Land Speeders" in an Ordo Xenos
      // list whose Land Speeders are Tornadoes and Typhoons) is read among the other units.
      const replacing = parseComposition(withCount(q.count ?? 1), resolver, groups);
      const others = resolver.without([...replacing.units.map((u) => u.unit), ...replacing.characters.flatMap((c) => c.from)]);
      const retried = parseComposition(`${q.count ?? 1} ${rest}`, others, groups);
      if (replacing.problems.length === 0 && retried.problems.length === 0) removed = retried;
    }
    mergeInto(out, removed, 'remove');
    const removedCount = removed.units[0]?.count ?? removed.characters[0]?.count ?? 1;
    mergeInto(out, parseComposition(withCount(removedCount), resolver, groups), 'add');
    if (endsWithAbility && out.add.length === 1) out.grant = { rule: endsWithAbility.id, unit: out.add[0]!.unit, count: out.add[0]!.count };
    return out;
  }
  m = /^give\s+(.+)$/i.exec(t);
  if (m) parseGive(m[1]!, each, resolver, out);
  else if (/^transport\b/i.test(t)) out.unsupported = 'transports the formation in other units, priced per unit';
  else out.unsupported = 'the text is a rule, not units to add or replace (kept in notes)';
  return out;
}

/** Unit abilities by their printed names, longest first ("Self Planetfall" before "Planetfall"). */
const ABILITY_NAMES = UnitAbility.options
  .map((id) => ({ id, re: new RegExp(`\\s+${id.replace(/-/g, '[\\s-]+')}$`, 'i') }))
  .sort((a, b) => b.id.length - a.id.length);

/** The rule a "Give ..." upgrade ends with: a unit ability by name, or else one capitalised (hyphenated) word ("Self-Reliant"). */
function ruleAtEnd(body: string): { id: string; at: number } | null {
  for (const a of ABILITY_NAMES) {
    const m = a.re.exec(body);
    if (m) return { id: a.id, at: m.index };
  }
  const m = /\s+([A-Z][a-z]+(?:-[A-Z][a-z]+)*)$/.exec(body);
  return m ? { id: m[1]!.toLowerCase(), at: m.index } : null;
}

/**
 * "Give up to four Scout units Sniper", "Give any number of Scout units Sniper" (one unit per
 * purchase), "Give a Land Raider Supreme Commander", "Give all infantry units in the formation
 * Self-Reliant", "Give all units in the formation Planetfall": the rule, and which units take it.
 */
function parseGive(body: string, each: boolean, resolver: UnitResolver, out: UpgradeEffect): void {
  const rule = ruleAtEnd(body);
  if (rule === null) {
    out.unsupported = `gives units a rule whose name cannot be read in "${body}"`;
    return;
  }
  const q = quantity(body.slice(0, rule.at).replace(/\s+in the formation$/i, ''), each);
  out.notes.push(...q.notes);
  if (q.repeatable) out.repeatable = q.repeatable;
  const all = /^all\s+(.*)$/i.exec(q.rest.trim());
  const who = (all ? all[1]! : q.rest).replace(/(?:^|\s+)units?$/i, '').replace(/^(?:a|an|one)\s+/i, '').trim();
  const grant: NonNullable<UpgradeEffect['grant']> = { rule: rule.id };
  if (!all) grant.count = q.count ?? 1;
  if (/^infantry$/i.test(who)) grant.type = 'INF';
  else if (who !== '') {
    const r = resolver.resolve(who);
    if (!r.ok) {
      out.problems.push(r.reason);
      return;
    }
    grant.unit = r.unit.id;
  }
  out.grant = grant;
}

/** An inline upgrade in an "Extras" cell: "Add up to three Knight Paladins for +90 points each". */
export function splitInline(text: string): Array<{ effect: string; cost: string }> {
  const t = squash(text);
  const m = /^(.*?)\s+for\s+(free\b.*|\+?\s*[0-9]+\b.*)$/i.exec(t);
  if (!m) return [{ effect: t, cost: '' }];
  let effect = m[1]!;
  let cost = m[2]!;
  // "Add any number of the following units for +25 points each: Skorcha, Warbikes, Warbuggy"
  const list = /^([^:]*?):\s*(.+)$/.exec(cost);
  if (list) {
    cost = list[1]!;
    effect = `${effect}: ${list[2]}`;
  }
  const out = [{ effect, cost }];
  // "Add one Seneschal character for +25 points or one Baron per army for +200 points"
  const or = INLINE_OR.exec(cost);
  if (or) {
    out[0]!.cost = or[1]!;
    const replaced = /^(replace\s+.+?)\s+with\s+/i.exec(effect);
    const verb = /^(add|replace)\b/i.exec(effect)?.[1] ?? 'Add';
    // "Replace four Rangers with three War Walkers for free or four Falcons for +200 points"
    out.push({ effect: replaced ? `${replaced[1]} with ${or[2]}` : `${verb} ${or[2]}`, cost: or[3]! });
  }
  return respectively(out[0]!) ?? out;
}

const RESPECTIVE_COST = /^\+?\s*([0-9]+)\s+or\s+\+?\s*([0-9]+)\s+points?(\s+each)?,?\s+respectively$/i;
const COUNTED_ALTERNATIVE = new RegExp(`^(?:up\\s+to\\s+)?(?:${C})\\s`, 'i');

/**
 * Two alternatives priced in one phrase ("... for +75 or +25 points, respectively"), as two
 * upgrades. Where the second alternative starts with a count ("Add up to one Autarch character
 * per army or one Exarch character to an infantry unit"), each is its own quantity and they share
 * the verb and the "to ..." target; otherwise the two are the names either side of "or", sharing
 * what comes before and after ("Add the number of Termites or Moles required to transport the
 * formation").
 */
function respectively(only: { effect: string; cost: string }): Array<{ effect: string; cost: string }> | null {
  const price = RESPECTIVE_COST.exec(only.cost);
  if (!price) return null;
  const each = price[3] !== undefined ? ' each' : '';
  const costs = [`+${price[1]} points${each}`, `+${price[2]} points${each}`];
  const counted = /^(add|replace)\s+(.+?)\s+or\s+(.+?)(\s+to\s+(?:an?|any|one|the)\s+.+)?$/i.exec(only.effect);
  if (counted && COUNTED_ALTERNATIVE.test(counted[3]!)) {
    const tail = counted[4] ?? '';
    return [
      { effect: `${counted[1]} ${counted[2]}${tail}`, cost: costs[0]! },
      { effect: `${counted[1]} ${counted[3]}${tail}`, cost: costs[1]! },
    ];
  }
  const names = /^(.*\s)(\S+)\s+or\s+(\S+)(\s.*)?$/.exec(only.effect);
  if (!names) return null;
  const after = names[4] ?? '';
  return [
    { effect: `${names[1]}${names[2]}${after}`, cost: costs[0]! },
    { effect: `${names[1]}${names[3]}${after}`, cost: costs[1]! },
  ];
}
