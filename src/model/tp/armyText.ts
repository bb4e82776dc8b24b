import type { Unit } from '../schema.js';
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
const LEADING_COUNT = new RegExp(`^${C}\\s`, 'i');
const Q_UP_TO = new RegExp(`^up\\s+to\\s+(?:any\\s+)?(${C})\\s+(?:of\\s+(?:any\\s+of\\s+)?the following(?:\\s+units)?\\s*)?(.*)$`, 'i');
const Q_BETWEEN = new RegExp(`^between\\s+(${C})\\s+and\\s+(${C})\\s+(?:of\\s+(?:any\\s+of\\s+)?the following(?:\\s+units)?\\s*)?(.*)$`, 'i');
const Q_OF_FOLLOWING = new RegExp(`^(?:any\\s+)?(${C})\\s+of\\s+(?:any\\s+of\\s+)?the following(?:\\s+units|\\s+characters)?\\s*(.*)$`, 'i');
const Q_ANY = new RegExp(`^any\\s+(${C})\\s+(.*)$`, 'i');
const INLINE_OR = new RegExp(`^(.*?)\\s+or\\s+((?:${C})\\s+\\S.*?)\\s+for\\s+(\\+?\\s*[0-9]+\\s*points?.*)$`, 'i');

/** "0–1 Strike Cruiser" → limit "0–1"; "0–1 Shining Spears per Wild Rider Clan" → limit "0–1 per Wild Rider Clan". */
export function splitLimit(text: string): { name: string; limit?: string } {
  const t = squash(text).replace(/\*+$/, '').trim();
  const m = /^([0-9]+(?:\s*[–-]\s*[0-9]+)?)\s+(.+)$/.exec(t);
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
  if (/^per\s+(unit|extra|[0-9]+\s*dc|model)/i.test(rest)) out.unsupported = `priced "${t}"`;
  else if (/^for\s+(two|three|four|[0-9]+)\b/i.test(rest)) out.unsupported = `priced "${t}"`;
  if (rest) out.notes.push(rest);
  return out;
}

export interface Composition {
  units: Array<{ unit: string; count: number }>;
  choices: Array<{ count: number; from: string[] }>;
  characters: Array<{ count: number; from: string[] }>;
  /** Unit ids in the order written, with the counts of the default pick (for per-unit prices). */
  picked: Array<{ unit: Unit; count: number }>;
  notes: string[];
  problems: string[];
  corrections: string[];
  /** "Any one of the following units:" with the list in other cells (variants). */
  openChoice?: { count: number; text: string };
}

export interface NameGroups {
  /** Units of a table named in prose ("Leman Russ variants" → the "Leman Russ Variants" table). */
  unitsOfGroup(name: string): Unit[] | undefined;
}

function emptyComposition(): Composition {
  return { units: [], choices: [], characters: [], picked: [], notes: [], problems: [], corrections: [] };
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
  return t.replace(/[.:;,]\s*$/, '').trim();
}

const TAIL_QUANT = new RegExp(`^(?:(any)\\s+)?(?:(up\\s+to)\\s+(?:any\\s+)?)?(?:between\\s+(${C})~(${C})|(${C}))?\\s*(?:of\\s+any\\s*)?$`, 'i');

/**
 * A list of units as a formation or an upgrade writes it. Names resolve against the list's
 * forces; characters (type CH) go to `characters`; alternatives ("Three Bombards or
 * Manticores") become a choice with the first name as the default pick.
 */
export function parseComposition(text: string, resolver: UnitResolver, groups: NameGroups): Composition {
  const out = emptyComposition();
  let t = separateNotes(text, out.notes);
  t = t.replace(/^(?:add|field)\s+/i, '');
  t = t.replace(/,?\s*plus transport\b/i, () => {
    out.notes.push('plus transport');
    return '';
  });
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
    const count = countWord(q[3] ?? q[5] ?? 'one') ?? 1;
    if (q[4]) out.notes.push(`between ${q[3]} and ${q[4]} of the following`);
    if (q[2]) out.notes.push(`up to ${q[5] ?? 'one'} of the following`);
    const list = fol[2]!.trim();
    if (fixed) parseFixed(fixed, out, resolver, groups);
    if (list === '') {
      out.openChoice = { count, text: squash(t) };
      return out;
    }
    const from: Unit[] = [];
    for (const name of list.split(/\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+/)) {
      if (!name.trim()) continue;
      const u = resolveOrGroup(name, resolver, groups, out);
      if (u) from.push(...u);
    }
    if (from.length > 0) addChoice(out, count, from);
    return out;
  }
  parseFixed(t, out, resolver, groups);
  return out;
}

function resolveOrGroup(name: string, resolver: UnitResolver, groups: NameGroups, out: Composition): Unit[] | undefined {
  const r = resolver.resolve(name);
  if (r.ok) {
    if (r.corrected) out.corrections.push(r.corrected);
    return [r.unit];
  }
  const g = groups.unitsOfGroup(name);
  if (g && g.length > 0) return g;
  out.problems.push(r.reason);
  return undefined;
}

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

const ITEM = new RegExp(`^(?:(up\\s+to)\\s+(?:any\\s+)?)?(?:between\\s+(${C})~(${C})|(${C})(?:\\s*(?:or|to)\\s*(${C}))?)\\s+(.+)$`, 'i');

function parseFixed(text: string, out: Composition, resolver: UnitResolver, groups: NameGroups): void {
  let t = text.trim();
  // "Eight Fire Warriors or Six Fire Warriors and three Devilfish": the first alternative is the default.
  const alt = TOP_ALT.exec(t);
  if (alt && !BARE_COUNT.test(alt[1]!.trim())) {
    out.notes.push(`or ${alt[2]}`);
    t = alt[1]!;
  }
  const items = t.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).filter((s) => s.trim() !== '');
  type Item = { count: number; names: string[]; character?: boolean };
  const parsed: Item[] = [];
  for (let raw of items) {
    raw = raw.trim().replace(/^either\s+/i, '');
    const withChar = /^one with (?:an?\s+)?(.+?)(?:\s+characters?)?$/i.exec(raw);
    if (withChar) {
      parsed.push({ count: 1, names: withChar[1]!.split(/\s+or\s+/), character: true });
      continue;
    }
    if (/^[0-9]+\s*\+\s*[0-9]*D[36]\b/i.test(raw)) {
      out.problems.push(`random number of units "${raw}"`);
      continue;
    }
    const m = ITEM.exec(raw);
    if (!m) {
      if (parsed.length > 0) parsed[parsed.length - 1]!.names.push(...raw.split(/\s+or\s+/));
      else parsed.push({ count: 1, names: raw.split(/\s+or\s+/) });
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
    if (/\bweapons?$/i.test(rest)) {
      // "three Gargant or Supa-Stompa Weapons": weapon mounts filled from the weapon upgrades.
      out.notes.push(`${raw} (chosen from the weapon upgrades)`);
      continue;
    }
    const wc = /^(.+?)\s+with\s+(?:an?|one)\s+(.+?)(?:\s+characters?)?$/i.exec(rest);
    const names: string[] = [];
    if (wc) {
      rest = wc[1]!;
      parsed.push({ count, names: rest.split(/\s+or\s+/) });
      parsed.push({ count: 1, names: wc[2]!.split(/\s+or\s+/), character: true });
      continue;
    }
    const alts = rest.split(/\s+or\s+/);
    for (const a of alts) {
      if (LEADING_COUNT.test(a) && names.length > 0) out.notes.push(`or ${a}`);
      else names.push(a);
    }
    parsed.push({ count, names });
  }
  for (const item of parsed) {
    const from: Unit[] = [];
    for (const n of item.names) {
      const u = resolveOrGroup(n, resolver, groups, out);
      if (u) from.push(...u);
    }
    if (from.length === 0) continue;
    // "with a Junkatrukk" adds a unit; only a CH unit joins another unit as a character.
    if (from[0]!.type === 'CH') {
      out.characters.push({ count: item.count, from: [...new Set(from.map((u) => u.id))] });
    } else addChoice(out, item.count, from);
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
}

function quantity(text: string, each: boolean): { phrase: string; repeatable?: { max?: number }; notes: string[] } {
  const notes: string[] = [];
  let t = text.trim().replace(/^a maximum of\s+/i, '');
  let m = /^any number of\s+(?:the following units\s*)?(.*)$/i.exec(t);
  if (m) return { phrase: `one ${m[1]}`, repeatable: {}, notes: ['any number'] };
  m = /^(?:just enough|the number)\s+(?:of\s+)?(?:any of the following units\s*)?(.*?)\s*(?:required\s+)?to transport\b.*$/i.exec(t);
  if (m) return { phrase: `one ${m[1]!.replace(/\s+required$/i, '')}`, repeatable: {}, notes: ['as many as needed to transport the formation'] };
  m = /^(.*?),?\s+up to the number required to transport.*$/i.exec(t);
  if (m) t = m[1]!;
  m = /^any number of\s+(.*)$/i.exec(t);
  if (m) return { phrase: `one ${m[1]}`, repeatable: {}, notes: ['any number'] };
  m = Q_UP_TO.exec(t);
  if (m) {
    const n = countWord(m[1]!)!;
    if (each && n > 1) return { phrase: `one ${m[2]}`, repeatable: { max: n }, notes: [`up to ${m[1]}`] };
    notes.push(`up to ${m[1]}`);
    return { phrase: `${m[1]} ${m[2]}`, notes };
  }
  m = Q_BETWEEN.exec(t);
  if (m) {
    const hi = countWord(m[2]!)!;
    if (each) return { phrase: `one ${m[3]}`, repeatable: { max: hi }, notes: [`between ${m[1]} and ${m[2]}`] };
    return { phrase: `${m[1]} ${m[3]}`, notes: [`between ${m[1]} and ${m[2]}`] };
  }
  m = Q_OF_FOLLOWING.exec(t);
  if (m) return { phrase: `${m[1]} ${m[2]}`, notes };
  m = Q_ANY.exec(t);
  if (m) return { phrase: `${m[1]} ${m[2]}`, notes };
  return { phrase: t, notes };
}

/** Strips " to any unit in the formation", " to a Gunfortress or Gunwagon unit" (not "up to"). */
function stripTarget(text: string, notes: string[]): string {
  return text.replace(/(?<!\bup)\s+to\s+((?:any|a|an|each|one|the|infantry|units?)\b.*)$/i, (_, target: string) => {
    notes.push(`to ${target}`);
    return '';
  });
}

/**
 * An upgrade's effect: "Add ...", "Replace ... with ...". Anything else ("Give ...",
 * "Transport a formation ...", rules text) is kept with `unsupported` set.
 */
export function parseUpgradeEffect(text: string, each: boolean, resolver: UnitResolver, groups: NameGroups): UpgradeEffect {
  const out: UpgradeEffect = { add: [], remove: [], choices: [], notes: [], problems: [], corrections: [] };
  let t = separateNotes(text, out.notes);
  t = t.replace(/\s+per army\b/i, () => {
    out.notes.push('per army');
    return '';
  });
  t = t.replace(/,?\s*plus transport\b/i, () => {
    out.notes.push('plus transport');
    return '';
  });
  const merge = (c: Composition, into: 'add' | 'remove') => {
    out.problems.push(...c.problems);
    out.corrections.push(...c.corrections);
    out.notes.push(...c.notes);
    out[into].push(...c.units);
    if (into === 'add') out.choices.push(...c.choices);
    if (c.characters.length > 0) {
      if (into === 'add' && out.character === undefined && c.characters.length === 1 && c.characters[0]!.count === 1) {
        const ch = c.characters[0]!;
        out.character = ch.from[0];
        if (ch.from.length > 1) out.choices.push({ count: 1, from: ch.from });
      } else if (into === 'remove') {
        for (const ch of c.characters) out.remove.push({ unit: ch.from[0]!, count: ch.count });
      } else {
        out.unsupported = 'adds more than one character';
      }
    }
  };
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
    body = stripTarget(body, out.notes);
    const q = quantity(list ? `${body} ${list}` : body, each);
    out.notes.push(...q.notes);
    if (q.repeatable) out.repeatable = q.repeatable;
    const phrase = q.phrase.replace(/\bone\s+(?=one\b)/i, '');
    merge(parseComposition(phrase, resolver, groups), 'add');
    if (out.add.length === 0 && out.character === undefined && out.problems.length === 0) out.problems.push(`no unit found in "${text}"`);
    return out;
  }
  m = /^replace\s+(.+)\s+with\s+(.+)$/i.exec(t);
  if (m) {
    const q = quantity(m[1]!, each);
    out.notes.push(...q.notes);
    if (q.repeatable) out.repeatable = q.repeatable;
    const removed = parseComposition(q.phrase.replace(/^(?:the|a|an)\s+/i, 'one '), resolver, groups);
    merge(removed, 'remove');
    const removedCount = removed.units[0]?.count ?? removed.characters[0]?.count ?? 1;
    let b = m[2]!.trim();
    b = b.replace(/^an equal number of\s+/i, `${removedCount} `).replace(/^(?:a|an)\s+/i, 'one ');
    merge(parseComposition(b, resolver, groups), 'add');
    return out;
  }
  if (/^give\b/i.test(t)) out.unsupported = 'gives units an ability or rule (the Upgrade schema has no field for that)';
  else if (/^transport\b/i.test(t)) out.unsupported = 'transports the formation in other units, priced per unit';
  else out.unsupported = 'not an "Add ..." or "Replace ... with ..." upgrade';
  return out;
}

/** An inline upgrade in an "Extras" cell: "Add up to three Knight Paladins for +90 points each". */
export function splitInline(text: string): Array<{ effect: string; cost: string }> {
  const t = squash(text);
  const m = /^(.*?)\s+for\s+(free\b.*|\+?\s*[0-9]+\s*points?\b.*)$/i.exec(t);
  if (!m) return [{ effect: t, cost: '' }];
  const effect = m[1]!;
  let cost = m[2]!;
  const out = [{ effect, cost }];
  // "Add one Seneschal character for +25 points or one Baron per army for +200 points"
  const or = INLINE_OR.exec(cost);
  if (or) {
    cost = or[1]!;
    out[0]!.cost = cost;
    const verb = /^(add|replace)\b/i.exec(effect)?.[1] ?? 'Add';
    out.push({ effect: `${verb} ${or[2]}`, cost: or[3]! });
  }
  return out;
}
