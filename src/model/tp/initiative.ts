import { splitLimit } from './armyText.js';
import { nameKey, pluralKeys, squash } from './text.js';

/** A formation as the initiative sentences may name it: by its name or its table's caption. */
export interface NamedFormation {
  id: string;
  name: string;
  /** Captions of the table it is listed in and of the tables around it. */
  captions: string[];
}

export interface InitiativeResult {
  default?: number;
  /** Initiative by formation id, for the formations the sentences name. */
  byFormation: Map<string, number>;
  /** Groups the sentences name that match no formation or table. */
  unresolved: Array<{ group: string; reason: string }>;
  notes: string[];
}

const same = (a: string, b: string): boolean => a === b || pluralKeys(a).includes(b) || pluralKeys(b).includes(a);

/** "formations" and the like removed from a group name before matching. */
const groupKey = (s: string): string =>
  nameKey(splitLimit(s).name)
    .replace(/\b(formations?|battlegroups?)\b/g, (w) => (w.startsWith('battlegroup') ? 'battlegroups' : ''))
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Reads "X, Y and Z formations have an initiative rating of 2+. All other formations have an
 * initiative rating of 1+." Names resolve to formations by table caption ("Imperial Navy
 * aircraft" → the "Imperial Navy Aircraft" table) or by formation name ("Questor", "Blight
 * Drone"). Conditional clauses ("... if they do not contain synapse units") are left to the notes.
 */
export function parseInitiative(text: string, formations: NamedFormation[]): InitiativeResult {
  const out: InitiativeResult = { byFormation: new Map(), unresolved: [], notes: [] };
  const clauses = squash(text)
    .split(/(?<=\.)\s+|,\s+(?=all\b)|\s+but\s+(?=[^.]*\binitiative\b)/i)
    .map((c) => c.trim())
    .filter((c) => c !== '');
  const explicit = new Map<string, number>();
  for (const clause of clauses) {
    const m = /^(.*?)\s+(?:have|has)\s+an\s+initiative(?:\s+rating|\s+value)?\s+of\s+([1-6])\+(.*)$/i.exec(clause);
    if (!m) continue;
    const subject = m[1]!.trim();
    const value = Number(m[2]);
    if (/\bif\b/i.test(m[3]!)) {
      out.notes.push(`"${clause}" is conditional; kept in the army notes only`);
      continue;
    }
    if (/^all( other)? formations$/i.test(subject)) {
      out.default = value;
      continue;
    }
    const allOf = /^all\s+(.+?)\s+formations(?:,?\s+except\s+(?:for\s+)?(.+?))?,?$/i.exec(subject);
    if (allOf) {
      const named = resolveGroup(allOf[1]!, formations);
      if (!named) {
        // "All Tyranid formations": the army's own name, i.e. every formation.
        out.default = value;
        out.notes.push(`"${subject}" read as all formations`);
        continue;
      }
      const except = allOf[2] ? allOf[2].split(/\s*,\s*(?:and\s+)?|\s+and\s+/).flatMap((e) => resolveGroup(e, formations) ?? []) : [];
      for (const f of named) if (!except.includes(f)) explicit.set(f, value);
      continue;
    }
    const cleaned = subject.replace(/,?\s+as well as\s+(.+)$/i, (_, extra: string) => `, ${extra}`);
    for (const part of splitGroups(cleaned)) {
      const named = part.ids;
      if (!named) {
        out.unresolved.push({ group: part.text, reason: `initiative ${value}+ for "${part.text}": no formation or table of that name in the list (the value stays in the army notes)` });
        continue;
      }
      for (const f of named) explicit.set(f, value);
    }
    function splitGroups(s: string): Array<{ text: string; ids?: string[] }> {
      const result: Array<{ text: string; ids?: string[] }> = [];
      for (const commaPart of s.split(/\s*,\s*(?:and\s+)?/).filter((x) => x.trim() !== '')) {
        const whole = resolveGroup(commaPart, formations);
        if (whole) {
          result.push({ text: commaPart, ids: whole });
          continue;
        }
        const ands = commaPart.split(/\s+and\s+/);
        ands.forEach((a, k) => {
          let ids = resolveGroup(a, formations);
          // "Battle and Scout Titan formations": "Battle" shares "Titan" with the next name.
          if (!ids && k + 1 < ands.length) {
            const tail = ands[k + 1]!.trim().split(/\s+/).slice(1).join(' ');
            if (tail) ids = resolveGroup(`${a} ${tail}`, formations);
          }
          result.push(ids ? { text: a, ids } : { text: a });
        });
      }
      return result;
    }
  }
  if (out.default !== undefined) {
    for (const [f, v] of explicit) if (v !== out.default) out.byFormation.set(f, v);
  }
  return out;
}

const keyCache = new Map<string, string>();
const cachedKey = (s: string): string => {
  let k = keyCache.get(s);
  if (k === undefined) {
    k = groupKey(s);
    keyCache.set(s, k);
  }
  return k;
};

function resolveGroup(text: string, formations: NamedFormation[]): string[] | undefined {
  const key = groupKey(text);
  if (key === '') return undefined;
  const byCaption = formations.filter((f) => f.captions.some((c) => same(cachedKey(c), key)));
  if (byCaption.length > 0) return byCaption.map((f) => f.id);
  const byName = formations.filter((f) => same(cachedKey(f.name.replace(/\s*\(.*\)$/, '')), key));
  if (byName.length > 0) return byName.map((f) => f.id);
  return undefined;
}
