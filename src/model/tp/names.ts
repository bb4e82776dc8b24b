import type { Unit } from '../schema.js';
import { editDistance, fold, nameKey, pluralKeys } from './text.js';

export type Resolution =
  | { ok: true; unit: Unit; /** Set when the name only matched after a spelling correction. */ corrected?: string }
  | { ok: false; reason: string };

/**
 * Resolves unit names as army lists write them ("Six Tactical units", "Warhound Class Titans",
 * "Mutli-melta Attack Bikes") to units of the list's forces. Exact, plural and singular forms
 * first, in force order (the list's own force before its allies). Then, each only when it
 * points at exactly one unit and reported as a correction: extra words ("Chaos Basilisks",
 * "Razorwing Bombers"), a shortened name ("Questor" for Questor Titan), a near-miss spelling
 * (one edit for names of 7+ letters, two for 14+).
 */
export class UnitResolver {
  private readonly exact = new Map<string, Unit[]>();
  private readonly plural = new Map<string, Unit[]>();
  /** Every name and plural of every unit, without spaces, for near-miss matching. */
  private readonly compact: Array<{ form: string; unit: Unit }> = [];
  private readonly names: Array<{ key: string; unit: Unit }> = [];
  private readonly cache = new Map<string, Resolution>();

  constructor(private readonly units: Unit[]) {
    const seen = new Set<string>();
    for (const u of units) {
      if (seen.has(u.id)) continue;
      seen.add(u.id);
      const names = [u.name, ...u.aliases];
      // "The Deceiver" is also written "Deceiver".
      if (/^the\s+/i.test(u.name)) names.push(u.name.replace(/^the\s+/i, ''));
      for (const name of names) {
        const key = nameKey(name);
        this.names.push({ key, unit: u });
        push(this.exact, key, u);
        const plurals = pluralKeys(key);
        for (const p of plurals) push(this.plural, p, u);
        for (const form of [key, ...plurals]) this.compact.push({ form: form.replace(/ /g, ''), unit: u });
      }
    }
  }

  /** A resolver over the same units but `ids`: "Replace up to five Land Speeders with ... Land Speeder Typhoons" never means the Typhoons. */
  without(ids: string[]): UnitResolver {
    return new UnitResolver(this.units.filter((u) => !ids.includes(u.id)));
  }

  resolve(text: string): Resolution {
    let hit = this.cache.get(text);
    if (!hit) {
      hit = this.lookup(text);
      this.cache.set(text, hit);
    }
    return hit;
  }

  private lookup(text: string): Resolution {
    const cleaned = cleanName(text);
    if (cleaned === '') return { ok: false, reason: `no unit name in "${text}"` };
    const key = nameKey(cleaned);
    const direct = this.byKey(key);
    if (direct) return { ok: true, unit: direct };
    // A list is never one unit: no guessing across commas.
    if (cleaned.includes(',')) return { ok: false, reason: `no unit named "${cleaned}" in the list's forces` };
    const corrected = (unit: Unit, how: string): Resolution => ({ ok: true, unit, corrected: `"${cleaned}" read as "${unit.name}" (${how})` });
    // A unique near miss of the whole name: typos such as "Mutli-melta", "Medrendgard", "Etheral".
    // Before the guesses that drop words: "Mutli-melta Attack Bikes" is the Multi-melta Attack Bike,
    // not the Attack Bike its last two words name.
    const compact = key.replace(/ /g, '');
    if (compact.length >= 7) {
      const max = compact.length >= 14 ? 2 : 1;
      const near = new Map<string, Unit>();
      for (const { form, unit } of this.compact) {
        if (editDistance(compact, form, max) <= max) near.set(unit.id, unit);
      }
      if (near.size === 1) return corrected([...near.values()][0]!, 'spelling');
      if (near.size > 1) return { ok: false, reason: `"${cleaned}" is close to several units (${[...near.values()].map((u) => u.name).join(', ')})` };
    }
    // Extra words around a name: one or two leading words ("Chaos Basilisks" → Basilisk) or a trailing
    // kind of unit ("Razorwing Bombers" → Razorwing). Never across "or", "and" or a list.
    const words = key.split(' ');
    if (words.length > 1 && !/\b(or|and|of|with|per|every|formation)\b/.test(key)) {
      const trimmed = new Map<string, Unit>();
      for (let drop = 1; drop <= 2 && words.length - drop >= drop; drop++) {
        const lead = this.byKey(words.slice(drop).join(' '));
        if (lead) trimmed.set(lead.id, lead);
      }
      if (TYPE_WORDS.has(words[words.length - 1]!)) {
        const trail = this.byKey(words.slice(0, -1).join(' '));
        if (trail) trimmed.set(trail.id, trail);
      }
      if (trimmed.size === 1) return corrected([...trimmed.values()][0]!, 'extra words');
    }
    // A shortened name: "Questor" → Questor Titan, "Shark AX-1-0s" → Tiger Shark AX-1-0.
    if (key.length >= 4 && !/\b(or|and|with|per|every|formation)\b/.test(key)) {
      const forms = [key, ...singulars(key)];
      const longer = new Map<string, Unit>();
      for (const { key: k, unit } of this.names) {
        const padded = ` ${k} `;
        if (forms.some((f) => padded.includes(` ${f} `))) longer.set(unit.id, unit);
      }
      if (longer.size === 1) return corrected([...longer.values()][0]!, 'shortened name');
    }
    // Ork lists write English names the Ork way: "Fighter Bombers" are Fighta Bommers.
    const orkish = key.split(' ').map((w) => ORKISH[w] ?? w).join(' ');
    if (orkish !== key) {
      const ork = this.byKey(orkish);
      if (ork) return corrected(ork, 'Ork spelling');
    }
    // Another faction's name for the list's own unit: "Chaos Space Marine Terminators" in the Iron
    // Warriors list, whose only Terminators are Iron Warriors Terminators.
    const own = /\b(or|and|of|with|per|every|formation)\b/.test(key) ? undefined : this.sameEnding(words);
    if (own) return corrected(own, 'the list\'s own unit of that kind');
    return { ok: false, reason: `no unit named "${cleaned}" in the list's forces` };
  }

  /**
   * The one unit whose name ends with the written name's last word, where the written name has
   * three words or more and that word is no kind of unit ("Terminators", not "Titans").
   */
  private sameEnding(words: string[]): Unit | undefined {
    const last = words[words.length - 1]!;
    if (words.length < 3 || last.length < 6 || TYPE_WORDS.has(last)) return undefined;
    const ends = new Set([last, ...singulars(last), ...pluralKeys(last)]);
    const hits = new Map<string, Unit>();
    for (const { key, unit } of this.names) if (ends.has(key.split(' ').at(-1)!) && key.split(' ').length > 1) hits.set(unit.id, unit);
    return hits.size === 1 ? [...hits.values()][0] : undefined;
  }

  /** Exact name, a plural of it, or a singular of it. */
  private byKey(key: string): Unit | undefined {
    const hit = this.exact.get(key) ?? this.plural.get(key) ?? this.singularGuess(key);
    return hit?.[0];
  }

  /** "Lord of Battles" → "lord of battle", "Exocrine" as its own plural, "Boyz" → "boy". */
  private singularGuess(key: string): Unit[] | undefined {
    for (const f of singulars(key)) {
      const hit = this.exact.get(f);
      if (hit) return hit;
    }
    // "Ranger" for a unit named "Rangers".
    for (const p of pluralKeys(key)) {
      const hit = this.exact.get(p);
      if (hit) return hit;
    }
    return undefined;
  }
}

/** English words the Ork lists spell the Ork way (TP Fighta Bommer). */
const ORKISH: Record<string, string> = { fighter: 'fighta', fighters: 'fightas', bomber: 'bommer', bombers: 'bommers' };

/** Words naming a kind of unit that a list may add after a unit's name. */
const TYPE_WORDS = new Set(['bomber', 'bombers', 'fighter', 'fighters', 'gunship', 'gunships', 'titan', 'titans', 'tank', 'tanks', 'unit', 'units', 'squadron', 'squadrons']);

/** Singular guesses for a plural written name: "lord of battles" → "lord of battle", "boyz" → "boy". */
function singulars(key: string): string[] {
  const words = key.split(' ');
  const last = words[words.length - 1]!;
  const out: string[] = [];
  for (const f of [last.replace(/ies$/, 'y'), last.replace(/es$/, ''), last.replace(/s$/, ''), last.replace(/z$/, '')]) {
    if (f !== last && f !== '') out.push([...words.slice(0, -1), f].join(' '));
  }
  return out;
}

function push(map: Map<string, Unit[]>, key: string, u: Unit): void {
  const list = map.get(key);
  if (list) list.push(u);
  else map.set(key, [u]);
}

/** Drops the words around a unit name: "units of", "unit", "character", "the", a trailing full stop. */
export function cleanName(text: string): string {
  return fold(text)
    .trim()
    .replace(/[.:;]+$/, '')
    .replace(/^(?:the|an?)\s+/i, '')
    .replace(/^units?\s+of\s+/i, '')
    .replace(/\s+(?:units?|characters?)$/i, '')
    .trim();
}
