import type { Unit } from '../schema.js';
import { editDistance, fold, nameKey, pluralKeys } from './text.js';

export type Resolution =
  | { ok: true; unit: Unit; /** Set when the name only matched after a spelling correction. */ corrected?: string }
  | { ok: false; reason: string };

/**
 * Resolves unit names as army lists write them ("Six Tactical units", "Warhound Class Titans",
 * "Mutli-melta Attack Bikes") to units of the list's forces. Exact and plural forms first, in
 * force order (the list's own force before its allies); then a unique near-miss spelling
 * (one edit for names of 8+ letters, two for 14+), reported as a correction.
 */
export class UnitResolver {
  private readonly exact = new Map<string, Unit[]>();
  private readonly plural = new Map<string, Unit[]>();
  /** Every name and plural of every unit, without spaces, for near-miss matching. */
  private readonly compact: Array<{ form: string; unit: Unit }> = [];
  private readonly cache = new Map<string, Resolution>();

  constructor(units: Unit[]) {
    const seen = new Set<string>();
    for (const u of units) {
      if (seen.has(u.id)) continue;
      seen.add(u.id);
      for (const name of [u.name, ...u.aliases]) {
        const key = nameKey(name);
        push(this.exact, key, u);
        const plurals = pluralKeys(key);
        for (const p of plurals) push(this.plural, p, u);
        for (const form of [key, ...plurals]) this.compact.push({ form: form.replace(/ /g, ''), unit: u });
      }
    }
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
    const hit = this.exact.get(key) ?? this.plural.get(key) ?? this.singularGuess(key);
    if (hit && hit.length > 0) return { ok: true, unit: hit[0]! };
    // A unique near miss: typos such as "Mutli-melta", "Medrendgard", "Etheral".
    const compact = key.replace(/ /g, '');
    if (compact.length >= 8) {
      const max = compact.length >= 14 ? 2 : 1;
      const near = new Map<string, Unit>();
      for (const { form, unit } of this.compact) {
        if (editDistance(compact, form, max) <= max) near.set(unit.id, unit);
      }
      if (near.size === 1) {
        const unit = [...near.values()][0]!;
        return { ok: true, unit, corrected: `"${cleaned}" read as "${unit.name}"` };
      }
      if (near.size > 1) return { ok: false, reason: `"${cleaned}" is close to several units (${[...near.values()].map((u) => u.name).join(', ')})` };
    }
    return { ok: false, reason: `no unit named "${cleaned}" in the list's forces` };
  }

  /** "Lord of Battles" → "lord of battle", "Exocrine" as its own plural, "Boyz" → "boy". */
  private singularGuess(key: string): Unit[] | undefined {
    const words = key.split(' ');
    const last = words[words.length - 1]!;
    const forms = [last.replace(/ies$/, 'y'), last.replace(/es$/, ''), last.replace(/s$/, ''), last.replace(/z$/, '')];
    for (const f of forms) {
      if (f === last) continue;
      const hit = this.exact.get([...words.slice(0, -1), f].join(' '));
      if (hit) return hit;
    }
    return undefined;
  }
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
