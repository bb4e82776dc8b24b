import { COUNT_RE, countWord, fold, squash } from './text.js';

/**
 * The sentences of a Tournament Pack army list that say how an army is built, read into claims
 * whose nouns ("support formations", "company") are still words: construction.ts resolves them to
 * the list's formations and upgrades. A table note's claims may leave the subject out (`null`): it
 * is the table the note is printed under ("(Any two support formations may be fielded per each
 * company.)" counts that table's formations). A sentence that looks like a rule of construction
 * but matches no pattern here is returned unread, so the import report can name it.
 */

export type Claim =
  /** How many of `subject` (`each` of them, on its own) an army fields; per every full `perPoints` of the points limit, or per each `per`, less `except`. */
  | { kind: 'count'; subject: string | null; each: boolean; min?: number; max?: number; perPoints?: number; per?: string; except?: string }
  /** `subject` costs at most this share of the points available. */
  | { kind: 'points-share'; subject: string | null; numerator: number; denominator: number }
  /** A formation of `subject` takes at most `max` different upgrades of `upgrades` (null: the table's). */
  | { kind: 'upgrades-per-formation'; subject: string; upgrades: string | null; max: number }
  | { kind: 'units-per-formation'; type: 'INF'; max: number }
  /** Every weapon mount carries a weapon; `subject` null: every formation with mounts. */
  | { kind: 'mounts-filled'; subject: string | null }
  /** The formation reader refuses what breaks it (an upgrade taken twice, too many rare variants). */
  | { kind: 'when-fielded' }
  /** "you can only take X if you first take Y": what a `count` per Y already says. */
  | { kind: 'requires'; subject: string; per: string };

export type Reading = { claims: Claim[] } | { unread: string };

/** Words that mark a sentence as a rule of construction, not a description of the list. */
const CANDIDATE =
  /\b(points available|per army|by the army|per each|for every full|allows you to field (?:any )?(?:one|two|three|four|[0-9]+)\b|at least one|may not have more|no more than|(?:may|can) only be taken|can only take|may be given up to|once per|once by|must (?:belong|be transported|take|be given)|may not be given|never exceed)/i;

/** Whether a sentence of the list's prose states a rule of construction. */
export function isConstructionText(sentence: string): boolean {
  return CANDIDATE.test(fold(sentence));
}

/** A page's prose as sentences, tags and Markdown emphasis removed; a parenthesis inside one is a clause of its own. */
export function sentencesOf(text: string): string[] {
  const plain = squash(
    text
      .replace(/<[^>]+>/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/\*\*/g, '')
      .replace(/(^|[\s(])_([^_]+)_(?=[\s.,;:)]|$)/g, '$1$2'),
  );
  return plain
    .split(/(?<=[.!?])\s+(?=[A-Z(])/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

const FRACTIONS: Record<string, number> = { third: 3, fourth: 4, quarter: 4 };
const N = `(${COUNT_RE})`;

/** A count word as a number ("two" → 2); the patterns above only let count words through. */
const num = (w: string): number => countWord(w)!;

/** The parts of a limit printed before a formation or upgrade name: "0–1", "1+", "1", "0–2 per 1500 points", "0–1 per Scout detachment". */
export function parseLimit(limit: string): { min?: number; max?: number; perPoints?: number; per?: string } | undefined {
  const m = /^([0-9]+)(?:-([0-9]+)|(\+))?(?:\s+per\s+(.+))?$/.exec(fold(limit).trim());
  if (!m) return undefined;
  const low = Number(m[1]);
  const out: { min?: number; max?: number; perPoints?: number; per?: string } = {};
  if (m[2] !== undefined) out.max = Number(m[2]);
  else if (m[3] === undefined) out.max = low;
  if (low > 0) out.min = low;
  const per = m[4]?.trim();
  if (per !== undefined && !/^army$/i.test(per)) {
    const points = /^(?:full\s+)?([0-9][0-9,]*)\s+points$/i.exec(per);
    if (points) out.perPoints = Number(points[1]!.replace(/,/g, ''));
    else out.per = per;
  }
  return out;
}

/** "each each company" (a typo in the Krieg list) → "company"; "the army" → "army". */
const cleanNoun = (s: string): string => s.replace(/^(?:each\s+)+/i, '').replace(/^(?:the|an?)\s+/i, '').replace(/\.$/, '').trim();

/**
 * The claims of one clause, or undefined when it matches no pattern. `inTable`: the clause is a
 * table's note, whose "these formations" and unnamed subjects are the table's own.
 */
function readClause(clause: string, inTable: boolean): Claim[] | undefined {
  const c = squash(fold(clause)).replace(/[.;:]+$/, '').replace(/^(?:in addition|additionally|finally),?\s+/i, '');
  const tableSubject = (s: string): string | null => (inTable && /^(?:these|this)\s+formations?$/i.test(s.trim()) ? null : s.trim());
  let m: RegExpExecArray | null;

  m = /^(?:a maximum of |no more than |up to )*(?:a|one) (third|fourth|quarter) of the points available(?: to (?:the|an?) [\w ]*?army)? (?:may|can) be spent on (.+)$/i.exec(c);
  if (m) return [{ kind: 'points-share', subject: tableSubject(m[2]!), numerator: 1, denominator: FRACTIONS[m[1]!.toLowerCase()]! }];
  m = /^you can take any number of (.+?) so long as no more than (?:a|one) (third|fourth|quarter) of the points available is spent on them$/i.exec(c);
  if (m) return [{ kind: 'points-share', subject: m[1]!, numerator: 1, denominator: FRACTIONS[m[2]!.toLowerCase()]! }];

  m = /^each (.+?) (?:you include in the army )?allows you to field (.+)$/i.exec(c);
  if (m) {
    const per = cleanNoun(m[1]!);
    const claims: Claim[] = [];
    for (const part of m[2]!.split(/,?\s+(?:plus|and)\s+(?=any\b|one\b|two\b|three\b|four\b|[0-9])/i)) {
      const p = new RegExp(`^(?:any\\s+)?${N}\\s+(?:set of\\s+)?(.+)$`, 'i').exec(part.trim());
      if (!p) return undefined;
      claims.push({ kind: 'count', subject: cleanNoun(p[2]!), each: false, max: num(p[1]!), per });
    }
    return claims;
  }

  m = new RegExp(`^(?:any |up to )?${N}\\s+(?:(.+?)\\s+)?may be fielded per (.+?)(?:,\\s*not (.+))?$`, 'i').exec(c);
  if (m) {
    const claim: Claim = { kind: 'count', subject: inTable ? null : (m[2] ?? null), each: false, max: num(m[1]!), per: cleanNoun(m[3]!) };
    if (m[4] !== undefined) claim.except = cleanNoun(m[4]);
    return [claim];
  }

  m = /^(?:you )?may not have more (.+?) than (?:you have )?(.+)$/i.exec(c);
  if (m) {
    const each = /\s+of any one type$/i.test(m[1]!);
    const subject = m[1]!.replace(/\s+of any one type$/i, '');
    return [{ kind: 'count', subject, each, max: 1, per: cleanNoun(m[2]!) }];
  }

  m = /^you must have at least one (.+)$/i.exec(c);
  if (m) return [{ kind: 'count', subject: cleanNoun(m[1]!), each: false, min: 1 }];

  m = new RegExp(`^a maximum of ${N} (.+?) may be fielded for every full ([0-9][0-9,]*) points(?: of the army)?$`, 'i').exec(c);
  if (m) return [{ kind: 'count', subject: m[2]!, each: false, max: num(m[1]!), perPoints: Number(m[3]!.replace(/,/g, '')) }];

  m = new RegExp(`^no more than ${N} of each of (.+?) may be included in the army$`, 'i').exec(c);
  if (m) return [{ kind: 'count', subject: m[2]!, each: true, max: num(m[1]!) }];

  if (/^up to one of each type of individual may be taken per army$/i.test(c)) return [{ kind: 'count', subject: inTable ? null : 'individuals', each: true, max: 1 }];
  m = /^each (individual) may only be taken once by the army$/i.exec(c) ?? /^(.+?) are [^,]+? which may only be taken once by the army$/i.exec(c);
  if (m) return [{ kind: 'count', subject: m[1]!, each: true, max: 1 }];

  m = new RegExp(`^up to ${N} (?:(.+?) )?upgrades may be taken once per (.+)$`, 'i').exec(c);
  if (m) return [{ kind: 'upgrades-per-formation', subject: cleanNoun(m[3]!), upgrades: null, max: num(m[1]!) }];
  m = new RegExp(`^(.+?) may be given up to ${N} (?:(.+?) )?upgrades$`, 'i').exec(c);
  if (m) return [{ kind: 'upgrades-per-formation', subject: m[1]!, upgrades: m[3] ?? '', max: num(m[2]!) }];

  if (
    /^each (?:type of )?upgrade (?:may|can) (?:only )?be taken once (?:per|by) (?:an? )?[\w-]+$/i.test(c) ||
    /^add any of the following upgrades to a unit up to once per formation$/i.test(c) ||
    /^each upgrade may be added to .+ once$/i.test(c) ||
    /^(?:no more than )?one in five leman russ variants may be rare per formation$/i.test(c) ||
    /^.+? may not be given (?:[\w-]+ )?upgrades$/i.test(c)
  ) return [{ kind: 'when-fielded' }];

  if (/^mount each weapon mount in the formation with one of the following upgrades$/i.test(c) || /^each weapon mount in the formation must be mounted with a weapon$/i.test(c) || /^they are mand[ai]tory upgrades that the formation must take and pay for$/i.test(c)) {
    return [{ kind: 'mounts-filled', subject: null }];
  }
  m = /^(?:although )?(.+?) must be given (?:.+?) weapon upgrades$/i.exec(c);
  if (m) return [{ kind: 'mounts-filled', subject: m[1]! }];

  m = new RegExp(`^each formation may never exceed more than ${N} infantry units$`, 'i').exec(c) ?? new RegExp(`^(?:note that )?you may never exceed more than ${N} infantry units in a formation$`, 'i').exec(c);
  if (m) return [{ kind: 'units-per-formation', type: 'INF', max: num(m[1]!) }];

  m = /^although you can only take (?:an? )?(.+?) (?:if|is) you first take (?:an? )?(.+?),/i.exec(c);
  if (m) return [{ kind: 'requires', subject: m[1]!, per: m[2]! }];

  return undefined;
}

/** Why a sentence is left unread, where the reason is known; otherwise that no pattern reads it. */
function unreadReason(sentence: string): string {
  if (/\b(?:belongs? to|same faction)\b/i.test(sentence)) return 'it depends on the faction (Chaos Undivided, Khorne, Nurgle, Slaanesh, Tzeentch) a formation belongs to, which the importer does not read';
  return 'no pattern of the construction reader (model/tp/constructionText.ts) reads it';
}

/**
 * Reads one sentence (a table note, or a sentence of the list's prose) into claims. Clauses joined
 * by "and may not", "and no more than", "but each upgrade" or in parentheses are read one by one;
 * a clause that states no rule ("formations may be given upgrades") adds none. Undefined: the
 * sentence states no rule of construction at all (`isConstructionText` false, and not a table note).
 */
export function readConstructionText(sentence: string, inTable: boolean): Reading | undefined {
  const text = squash(sentence).replace(/^\((.*)\)$/, '$1');
  if (!inTable && !isConstructionText(text)) return undefined;
  const parens: string[] = [];
  const outer = text.replace(/\s*\(([^()]*)\)/g, (_, inner: string) => {
    parens.push(inner);
    return '';
  });
  const clauses = [...outer.split(/\s+and\s+(?=may not have more|no more than)|,?\s+but\s+(?=each upgrade)|,\s+(?=each upgrade may only)/i), ...parens];
  const claims: Claim[] = [];
  for (const clause of clauses) {
    if (!isConstructionText(clause) && !(inTable && clauses.length === 1)) continue;
    const read = readClause(clause, inTable);
    if (read === undefined) return { unread: unreadReason(text) };
    claims.push(...read);
  }
  return claims.length > 0 ? { claims } : { unread: unreadReason(text) };
}
