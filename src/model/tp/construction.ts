import type { ConstructionItems, ConstructionRule, ConstructionSource, Formation, Unit, Upgrade } from '../schema.js';
import { parseLimit, readConstructionText, sentencesOf, type Claim } from './constructionText.js';
import { splitLimit } from './armyText.js';
import type { UnitResolver } from './names.js';
import type { ReportLog } from './report.js';
import { COUNT_RE, countWord, fold, nameKey } from './text.js';

/**
 * An army list's rules of construction, read from its page (TP army lists) into ConstructionRule:
 * the limits printed before formation names ("0–1 Strike Cruiser", "1+ Great Company"), before a
 * table's caption ("0–2 Titan Legion Battlegroups") and before upgrade names ("0–1 Supreme Commander
 * per army", "0–1 Oddboy" in an Extras cell), the "per army" of an upgrade's text ("Add one Chaos
 * Warlord character per army"), the notes under tables and the sentences of the "Using the army
 * list" text (constructionText.ts). The nouns those texts use ("support formations", "company",
 * "Warmonger Class Titan") are resolved to the list's tables, formations, upgrades and units.
 * Rules that several texts state alike become one rule naming every text. Every text is counted;
 * each one that cannot be read is named in the import report (kind `construction`) with the reason.
 */

/** A limit as printed before a name: "0–1 per 1500 points" and "Death Rider Company" → "0–1 Death Rider Company per 1500 points". */
function printedLimit(limit: string, name: string): string {
  const m = /^(\S+)\s+(per\s+.+)$/.exec(limit);
  return m ? `${m[1]} ${name} ${m[2]}` : `${limit} ${name}`;
}

/** One table of the page as the importer read it: what it holds, for the notes and captions about it. */
export interface ConstructionGrid {
  index: number;
  caption: string;
  parents: string[];
  notes: string[];
  formations: string[];
  upgrades: string[];
}

export interface ConstructionInput {
  file: string;
  listId: string;
  grids: ConstructionGrid[];
  /** `row`: the name its row prints (several formations come from one row: "0–1 Spacecraft" with a Wraithship and a Dragonship). */
  formations: Array<{ formation: Formation; grid?: number; row?: string; upgradeLimits: Array<{ text: string; upgrades: string[] }> }>;
  upgrades: Array<{ upgrade: Upgrade; grid: number; group: string; limit?: string; effect: string }>;
  /** The page's prose, by where it is printed ("Using the army list"). */
  prose: Array<{ where: string; text: string }>;
  resolver: UnitResolver;
  units: Map<string, Unit>;
  /** Weapons that stand for a weapon mount (a titan's, a Gargant's): units carrying one have mounts. */
  mountWeapons: Set<string>;
  log: ReportLog;
}

export interface ConstructionImport {
  rules: ConstructionRule[];
  /** Construction texts found, and those read into a rule. */
  texts: { total: number; read: number };
}

const emptyItems = (): ConstructionItems => ({ formations: [], upgrades: [], units: [] });

function singular(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(x|ch|sh|ss)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

/** A name's words, singular, without a leading limit ("0–2 Titan Legion Battlegroups") or a trailing "formation". */
function keyWords(s: string): string[] {
  const words = nameKey(s).split(' ').filter((w) => w !== '').map(singular);
  while (words.length > 0 && /^[0-9]+$/.test(words[0]!)) words.shift();
  while (words.length > 1 && words[words.length - 1] === 'formation') words.pop();
  return words;
}

const endsWith = (words: string[], tail: string[]): boolean => tail.length > 0 && tail.length <= words.length && tail.every((w, i) => words[words.length - tail.length + i] === w);
const same = (a: string[], b: string[]): boolean => a.length === b.length && a.every((w, i) => w === b[i]);

function union(parts: ConstructionItems[]): ConstructionItems {
  const out = emptyItems();
  const upgradeKeys = new Set<string>();
  for (const p of parts) {
    for (const f of p.formations) if (!out.formations.includes(f)) out.formations.push(f);
    for (const u of p.units) if (!out.units.includes(u)) out.units.push(u);
    for (const u of p.upgrades) {
      const key = `${u.upgrade}@${u.option ?? ''}`;
      if (!upgradeKeys.has(key)) {
        upgradeKeys.add(key);
        out.upgrades.push(u);
      }
    }
  }
  return out;
}

/** A rule's identity without its sources: rules that say the same thing are merged. */
function ruleKey(r: ConstructionRule): string {
  const sortItems = (i: ConstructionItems) => ({ f: [...i.formations].sort(), u: i.upgrades.map((x) => `${x.upgrade}@${x.option ?? ''}`).sort(), n: [...i.units].sort() });
  const { sources: _sources, ...rest } = r;
  return JSON.stringify(rest, (k, v: unknown) => {
    if (v !== null && typeof v === 'object' && 'formations' in v && 'upgrades' in v && 'units' in v) return sortItems(v as ConstructionItems);
    if (Array.isArray(v) && (k === 'formations' || k === 'upgrades')) return [...(v as string[])].sort();
    return v;
  });
}

export function readConstruction(input: ConstructionInput): ConstructionImport {
  const { file, listId, grids, log } = input;
  const allFormations = input.formations.map((f) => f.formation);
  const rules: ConstructionRule[] = [];
  let total = 0;
  let read = 0;
  const unread = (where: string, text: string, reason: string) => log.unmap('construction', file, `${listId}/${where}`, text, reason);
  const decide = (message: string) => log.decide(file, listId, message);

  const gridItems = (gs: ConstructionGrid[]): ConstructionItems => ({
    formations: [...new Set(gs.flatMap((g) => g.formations))],
    upgrades: [...new Set(gs.flatMap((g) => g.upgrades))].map((upgrade) => ({ upgrade })),
    units: [],
  });
  const formationGrids = grids.filter((g) => g.formations.length > 0);
  /** The words of a table's caption and of the captions it is nested in, that end with `key`: the shortest, or undefined. */
  const captionMatch = (g: ConstructionGrid, key: string[]): number | undefined => {
    const lengths = [g.caption, ...g.parents].map(keyWords).filter((c) => endsWith(c, key)).map((c) => c.length);
    return lengths.length > 0 ? Math.min(...lengths) : undefined;
  };

  /** One noun ("support formations", "Regimental HQ", "Warmonger Class Titan") as items, or undefined. */
  const resolveOne = (noun: string, want: 'items' | 'formations'): ConstructionItems | undefined => {
    const key = keyWords(noun);
    if (key.length === 0 || same(key, ['formation'])) return { ...emptyItems(), formations: allFormations.map((f) => f.id) };
    const byCaption = grids.filter((g) => g.formations.length + g.upgrades.length > 0 && captionMatch(g, key) !== undefined);
    if (byCaption.length > 0) {
      const shortest = Math.min(...byCaption.map((g) => captionMatch(g, key)!));
      return gridItems(byCaption.filter((g) => captionMatch(g, key) === shortest));
    }
    const bare = key.filter((w, i) => i < key.length - 1 || !['detachment', 'formation'].includes(w));
    const byName = allFormations.filter((f) => same(keyWords(f.name), key) || same(keyWords(f.name), bare));
    if (byName.length > 0) return { ...emptyItems(), formations: byName.map((f) => f.id) };
    const byGroup = input.upgrades.filter((u) => same(keyWords(u.group), key));
    if (byGroup.length > 0) return { ...emptyItems(), upgrades: byGroup.map((u) => ({ upgrade: u.upgrade.id })) };
    const kinds: Record<string, Formation['kind']> = { aircraft: 'aircraft', 'war engine': 'war-engine', spacecraft: 'spacecraft' };
    const kind = kinds[key.join(' ')];
    if (kind !== undefined) return { ...emptyItems(), formations: allFormations.filter((f) => f.kind === kind).map((f) => f.id) };
    if (key.length === 1) {
      const containing = allFormations.filter((f) => keyWords(f.name).includes(key[0]!));
      if (containing.length > 0) return { ...emptyItems(), formations: containing.map((f) => f.id) };
    }
    const unit = input.resolver.resolve(noun.replace(/\s+formations?$/i, ''));
    if (unit.ok) {
      if (want === 'items') return { ...emptyItems(), units: [unit.unit.id] };
      const fielding = allFormations.filter((f) => f.units.some((u) => u.unit === unit.unit.id) || f.choices.some((c) => c.from.includes(unit.unit.id)));
      return { ...emptyItems(), formations: fielding.map((f) => f.id) };
    }
    if (key.includes('core') && formationGrids.length > 0) {
      decide(`construction: "${noun}" names no table; read as the page's first formation table, "${formationGrids[0]!.caption}"`);
      return gridItems([formationGrids[0]!]);
    }
    return undefined;
  };

  /**
   * A noun, its "or"/"and" parts each resolved ("Regimental HQ or Infantry Company"), a part that
   * names nothing alone taking the last part's words after its first ("battle or scout titan
   * formation": "battle titan formation"). Undefined when a part names nothing of the list.
   */
  const resolve = (noun: string, want: 'items' | 'formations'): ConstructionItems | undefined => {
    const parts = noun.split(/\s*,\s*|\s+(?:or|and)\s+/i).filter((p) => p !== '');
    const last = parts[parts.length - 1]!.split(/\s+/);
    const out: ConstructionItems[] = [];
    const missing: string[] = [];
    for (const part of parts) {
      const found = resolveOne(part, want) ?? (part.split(/\s+/).length === 1 && last.length > 1 ? resolveOne(`${part} ${last.slice(1).join(' ')}`, want) : undefined);
      if (found === undefined) missing.push(part);
      else out.push(found);
    }
    // "aircraft and Gargants" in a list with no Gargant: the formations of the kinds it has.
    if (missing.length > 0 && (want === 'items' || out.length === 0)) return undefined;
    if (missing.length > 0) decide(`construction: "${noun}": the list has no ${missing.map((m) => `"${m}"`).join(', ')}; read as the rest`);
    return union(out);
  };

  const add = (rule: ConstructionRule) => {
    const key = ruleKey(rule);
    const same = rules.find((r) => ruleKey(r) === key);
    if (same === undefined) rules.push(rule);
    else for (const s of rule.sources) if (!same.sources.some((x) => x.text === s.text && x.where === s.where)) same.sources.push(s);
  };

  /** Grids that print a points-share note, for "these formations" in the prose. */
  const shareGrids = grids.filter((g) => g.notes.some((n) => sentencesOf(n.replace(/^\((.*)\)$/, '$1')).some((s) => readOne(s, true)?.some((c) => c.kind === 'points-share'))));
  const limitedCaptionGrids = grids.filter((g) => splitLimit(g.caption).limit !== undefined);

  /** "each of" these: one formation, unit, or printed upgrade (its alternatives and rows together: the Warsmith's three) at a time. */
  const eachOf = (i: ConstructionItems): ConstructionItems[] => {
    const groups = new Map<string, ConstructionItems['upgrades']>();
    for (const u of i.upgrades) {
      const group = input.upgrades.find((x) => x.upgrade.id === u.upgrade)?.group ?? u.upgrade;
      groups.set(group, [...(groups.get(group) ?? []), u]);
    }
    return [
      ...i.formations.map((f) => ({ ...emptyItems(), formations: [f] })),
      ...[...groups.values()].map((upgrades) => ({ ...emptyItems(), upgrades })),
      ...i.units.map((u) => ({ ...emptyItems(), units: [u] })),
    ];
  };

  /** The claims of a table note or prose sentence turned into rules; a reason when one cannot be. */
  const toRules = (claims: Claim[], source: ConstructionSource, table: ConstructionGrid[]): ConstructionRule[] | string => {
    const out: ConstructionRule[] = [];
    const items = (subject: string | null, want: 'items' | 'formations'): ConstructionItems | string => {
      if (subject === null) return table.length > 0 ? gridItems(table) : 'it names no table, and is printed under none';
      if (/^these formations?\b/i.test(subject)) {
        const rest = subject.replace(/^these formations?\s*(?:and\s+)?/i, '');
        const these = want === 'formations' ? shareGrids : limitedCaptionGrids;
        if (these.length === 0) return `"these formations": no table of the page says which`;
        const more = rest === '' ? emptyItems() : resolve(rest, want);
        return more === undefined ? `"${rest}" names no table, formation, upgrade or unit of the list` : union([gridItems(these), more]);
      }
      const found = resolve(subject, want);
      return found ?? `"${subject}" names no table, formation, upgrade or unit of the list`;
    };
    for (const c of claims) {
      switch (c.kind) {
        case 'count': {
          const counted = items(c.subject, 'items');
          if (typeof counted === 'string') return counted;
          let per: ConstructionItems | undefined;
          if (c.per !== undefined) {
            const found = items(c.per, 'items');
            if (typeof found === 'string') return found;
            if (c.except !== undefined) {
              const except = items(c.except, 'items');
              if (typeof except === 'string') return except;
              found.formations = found.formations.filter((f) => !except.formations.includes(f));
            }
            per = found;
          }
          for (const one of c.each ? eachOf(counted) : [counted]) {
            const rule: Extract<ConstructionRule, { kind: 'count' }> = { kind: 'count', items: one, sources: [source] };
            if (c.min !== undefined) rule.min = c.min;
            if (c.max !== undefined) rule.max = c.max;
            if (c.perPoints !== undefined) rule.per = { points: c.perPoints };
            if (per !== undefined) rule.per = { items: per };
            out.push(rule);
          }
          break;
        }
        case 'points-share': {
          const counted = items(c.subject, 'formations');
          if (typeof counted === 'string') return counted;
          if (counted.formations.length === 0) return 'it names formations the list does not have';
          out.push({ kind: 'points-share', formations: counted.formations, numerator: c.numerator, denominator: c.denominator, sources: [source] });
          break;
        }
        case 'upgrades-per-formation': {
          const formations = items(c.subject, 'formations');
          if (typeof formations === 'string') return formations;
          let upgrades: string[];
          if (c.upgrades === null) upgrades = gridItems(table).upgrades.map((u) => u.upgrade);
          else if (c.upgrades !== '') {
            const named = resolve(`${c.upgrades} upgrades`, 'items');
            if (named === undefined) return `"${c.upgrades} upgrades" names no upgrade table of the list`;
            upgrades = named.upgrades.map((u) => u.upgrade);
          } else {
            // "formations may be given up to four upgrades": those a table's note limits alike, else every upgrade they take.
            const alike = rules.find((r) => r.kind === 'upgrades-per-formation' && r.counting === 'distinct' && r.max === c.max);
            const offered = new Set(allFormations.filter((f) => formations.formations.includes(f.id)).flatMap((f) => f.upgrades));
            upgrades = alike?.kind === 'upgrades-per-formation' ? alike.upgrades : [...offered];
          }
          if (upgrades.length === 0) return 'it names no upgrades of the list';
          const all = formations.formations.length === allFormations.length;
          out.push({ kind: 'upgrades-per-formation', formations: all ? [] : formations.formations, upgrades, max: c.max, counting: 'distinct', sized: false, sources: [source] });
          break;
        }
        case 'units-per-formation': {
          const formations = table.length > 0 ? gridItems(table).formations : allFormations.map((f) => f.id);
          out.push({ kind: 'units-per-formation', formations, type: c.type, max: c.max, sources: [source] });
          break;
        }
        case 'mounts-filled': {
          const mounted = allFormations.filter((f) => hasMounts(f, input.units, input.mountWeapons)).map((f) => f.id);
          const named = c.subject === null ? undefined : resolve(c.subject, 'formations');
          if (c.subject !== null && named === undefined) return `"${c.subject}" names no formation of the list`;
          const formations = named === undefined ? mounted : named.formations.filter((f) => mounted.includes(f));
          if (formations.length === 0) return 'no formation of the list has a weapon mount';
          out.push({ kind: 'mounts-filled', formations, sources: [source] });
          break;
        }
        case 'when-fielded':
          out.push({ kind: 'when-fielded', sources: [source] });
          break;
        case 'requires': {
          const per = resolve(c.per, 'items');
          const parts = c.subject.split(/\s+(?:or|and)\s+/i);
          const last = parts[parts.length - 1]!.split(/\s+/);
          const covering: ConstructionRule[] = [];
          for (const part of parts) {
            const subject = resolve(part, 'items') ?? (last.length > 1 ? resolve(`${part} ${last.slice(1).join(' ')}`, 'items') : undefined);
            const rule = subject === undefined || per === undefined ? undefined : rules.find((r) => r.kind === 'count' && r.per !== undefined && 'items' in r.per && covers(r.items, subject) && covers(r.per.items, per));
            if (rule === undefined) return 'it restates no "per each" rule read from the list\'s tables, and says no number of its own';
            covering.push(rule);
          }
          for (const r of covering) if (!r.sources.some((s) => s.text === source.text)) r.sources.push(source);
          break;
        }
      }
    }
    return out;
  };

  const readText = (text: string, where: string, table: ConstructionGrid[], inTable: boolean) => {
    const reading = readConstructionText(text, inTable);
    if (reading === undefined) return;
    total += 1;
    if ('unread' in reading) {
      unread(where, text, reading.unread);
      return;
    }
    const made = toRules(reading.claims, { text, where }, table);
    if (typeof made === 'string') {
      unread(where, text, made);
      return;
    }
    read += 1;
    for (const r of made) add(r);
  };

  // Limits before formation names; the formations of one row ("0–1 Spacecraft": a Wraithship, a Dragonship) share one.
  const rows = new Map<string, ConstructionRule & { kind: 'count' }>();
  for (const { formation: f, grid, row } of input.formations) {
    if (f.limit === undefined) continue;
    const bringer = grid === undefined ? input.upgrades.find((u) => u.upgrade.formation === f.id) : undefined;
    if (bringer !== undefined) {
      // A formation an upgrade brings (upgradeFormations.ts): one with each formation that takes the upgrade.
      total += 1;
      read += 1;
      add({ kind: 'count', items: { ...emptyItems(), formations: [f.id] }, min: 1, max: 1, per: { items: { ...emptyItems(), upgrades: [{ upgrade: bringer.upgrade.id }] } }, sources: [{ text: bringer.effect, where: `upgrade "${bringer.upgrade.name}"` }] });
      continue;
    }
    const rowKey = `${grid ?? ''}\0${row ?? f.name}\0${f.limit}`;
    const known = rows.get(rowKey);
    if (known !== undefined) {
      known.items.formations.push(f.id);
      continue;
    }
    total += 1;
    const text = printedLimit(f.limit, row ?? f.name);
    const where = `formation row "${text}"${grid === undefined ? '' : ` in table "${grids.find((g) => g.index === grid)?.caption ?? ''}"`}`;
    const limit = parseLimit(f.limit);
    if (limit === undefined) {
      unread(where, text, `the limit "${f.limit}" is not "N", "N+", "N–M" or one of those "per" something`);
      continue;
    }
    const rule: Extract<ConstructionRule, { kind: 'count' }> = { kind: 'count', items: { ...emptyItems(), formations: [f.id] }, sources: [{ text, where }] };
    if (limit.min !== undefined) rule.min = limit.min;
    if (limit.max !== undefined) rule.max = limit.max;
    if (limit.perPoints !== undefined) rule.per = { points: limit.perPoints };
    if (limit.per !== undefined) {
      const per = resolve(limit.per, 'items');
      if (per === undefined) {
        unread(where, text, `"per ${limit.per}" names no table, formation or unit of the list`);
        continue;
      }
      rule.per = { items: per };
    }
    read += 1;
    rows.set(rowKey, rule);
  }
  for (const rule of rows.values()) add(rule);

  // Limits before table captions ("0–2 Titan Legion Battlegroups"): each formation of the table.
  const byCaptionLimit = new Map<string, ConstructionGrid[]>();
  for (const g of limitedCaptionGrids) {
    const lim = splitLimit(g.caption).limit!;
    byCaptionLimit.set(lim, [...(byCaptionLimit.get(lim) ?? []), g]);
  }
  for (const [lim, gs] of byCaptionLimit) {
    total += gs.length;
    const where = `table captions ${gs.map((g) => `"${g.caption}"`).join(', ')}`;
    const limit = parseLimit(lim);
    if (limit === undefined || limit.per !== undefined || limit.perPoints !== undefined) {
      for (const g of gs) unread(`table "${g.caption}"`, g.caption, `the limit "${lim}" before a caption is read as "N–M of each", and this is not one`);
      continue;
    }
    decide(`construction: the limit "${lim}" before ${where} is read as a limit on each of their formations (as "No more than two of each of these formations" says where the Scions of Iron print it)`);
    read += gs.length;
    for (const one of eachOf(gridItems(gs))) {
      const rule: Extract<ConstructionRule, { kind: 'count' }> = { kind: 'count', items: one, sources: gs.map((g) => ({ text: g.caption, where: `table caption "${g.caption}"` })) };
      if (limit.min !== undefined) rule.min = limit.min;
      if (limit.max !== undefined) rule.max = limit.max;
      add(rule);
    }
  }

  // Table notes: a sentence printed under several tables is one rule over all of them.
  const noteTables = new Map<string, ConstructionGrid[]>();
  for (const g of grids) {
    for (const note of g.notes) {
      for (const s of sentencesOf(note.replace(/^\((.*)\)$/, '$1'))) noteTables.set(s, [...(noteTables.get(s) ?? []), g]);
    }
  }
  for (const [sentence, gs] of noteTables) readText(sentence, `note of table${gs.length > 1 ? 's' : ''} ${gs.map((g) => `"${g.caption}"`).join(', ')}`, gs, true);

  // Limits before upgrade names ("0–1 Supreme Commander per army"); the rows of one printed upgrade share
  // its limit ("0–1 Warsmith" over three ways to take him), as do the options under a heading ("0–1 of
  // one of the following options per army:", read as "0–1 of them per army").
  const limited = new Map<string, Array<(typeof input.upgrades)[number]>>();
  for (const u of input.upgrades) {
    if (u.limit === undefined) continue;
    const key = `${u.grid}\0${u.group}\0${u.limit}`;
    limited.set(key, [...(limited.get(key) ?? []), u]);
  }
  for (const us of limited.values()) {
    total += 1;
    const heading = /\bof them\b/.test(us[0]!.limit!);
    const lim = us[0]!.limit!.replace(/\s+of them\b/, '');
    const text = heading ? `${lim.replace(/^(\S+)/, '$1 of one of the following options')}: ${us.map((u) => u.upgrade.name).join('; ')}` : printedLimit(lim, us[0]!.group);
    const where = `upgrade "${us[0]!.group}" in table "${grids.find((g) => g.index === us[0]!.grid)?.caption ?? ''}"`;
    const limit = parseLimit(lim);
    if (limit === undefined || limit.per !== undefined) {
      unread(where, text, limit?.per !== undefined && /faction/i.test(limit.per) ? 'it depends on the faction (Chaos Undivided, Khorne, Nurgle, Slaanesh, Tzeentch) a formation belongs to, which the importer does not read' : `the limit "${lim}" on an upgrade is not "N–M" per army or per full N points`);
      continue;
    }
    if (!/\bper\b/.test(lim)) decide(`construction: "${text}" is read as a limit per army (each upgrade may be taken once per formation already)`);
    read += 1;
    const rule: Extract<ConstructionRule, { kind: 'count' }> = { kind: 'count', items: { ...emptyItems(), upgrades: us.map((u) => ({ upgrade: u.upgrade.id })) }, sources: [{ text, where }] };
    if (limit.min !== undefined) rule.min = limit.min;
    if (limit.max !== undefined) rule.max = limit.max;
    if (limit.perPoints !== undefined) rule.per = { points: limit.perPoints };
    add(rule);
  }

  // An upgrade printed for several formations ("Add one Baron per army" in two tables) is one limit over all of them.
  const PER_ARMY = new RegExp(`\\b(?:up to\\s+)?(${COUNT_RE})\\s+(.+?)\\s+per\\s+(army|full\\s+([0-9][0-9,]*)\\s+points)\\b`, 'i');
  const perArmy = new Map<string, Extract<ConstructionRule, { kind: 'count' }>>();
  for (const u of input.upgrades) {
    const m = PER_ARMY.exec(fold(u.effect));
    if (!m) continue;
    total += 1;
    read += 1;
    const where = `upgrade "${u.upgrade.name}" in table "${grids.find((g) => g.index === u.grid)?.caption ?? ''}"`;
    const noun = m[2]!.replace(/\s+character$/i, '');
    const unit = input.resolver.resolve(noun);
    const options = u.upgrade.choices.flatMap((c) => c.from);
    const option = unit.ok && options.length > 1 && options.includes(unit.unit.id) ? unit.unit.id : undefined;
    const item = option === undefined ? { upgrade: u.upgrade.id } : { upgrade: u.upgrade.id, option };
    const key = `${m[0].toLowerCase()}`;
    const known = perArmy.get(key);
    if (known !== undefined) {
      known.items.upgrades.push(item);
      if (!known.sources.some((s) => s.where === where)) known.sources.push({ text: u.effect, where });
      continue;
    }
    const rule: Extract<ConstructionRule, { kind: 'count' }> = { kind: 'count', items: { ...emptyItems(), upgrades: [item] }, max: countWord(m[1]!)!, sources: [{ text: u.effect, where }] };
    if (m[4] !== undefined) rule.per = { points: Number(m[4].replace(/,/g, '')) };
    perArmy.set(key, rule);
  }
  for (const rule of perArmy.values()) add(rule);

  // Limits in a formation's upgrades cell ("0–1 Oddboy", "0–2 Kustom Upgrades"): per formation, scaled with its size.
  for (const { formation: f, upgradeLimits } of input.formations) {
    for (const { text, upgrades } of upgradeLimits) {
      total += 1;
      const where = `upgrades of formation "${f.name}"`;
      const limit = parseLimit(splitLimit(text).limit ?? '');
      if (limit === undefined || limit.max === undefined || limit.per !== undefined || limit.perPoints !== undefined || upgrades.length === 0) {
        unread(where, text, upgrades.length === 0 ? 'it names no upgrade of the list' : `the limit in "${text}" is not "N–M" per formation`);
        continue;
      }
      read += 1;
      add({ kind: 'upgrades-per-formation', formations: [f.id], upgrades, max: limit.max, counting: 'times', sized: (f.sizes?.length ?? 0) > 1, sources: [{ text, where }] });
    }
  }

  // The page's prose.
  for (const p of input.prose) for (const s of sentencesOf(p.text)) readText(s, p.where, [], false);

  return { rules: mergeAlike(rules), texts: { total, read } };
}

/** Whether `outer` counts everything `inner` does. */
function covers(outer: ConstructionItems, inner: ConstructionItems): boolean {
  return (
    inner.formations.every((f) => outer.formations.includes(f)) &&
    inner.units.every((u) => outer.units.includes(u)) &&
    inner.upgrades.every((u) => outer.upgrades.some((o) => o.upgrade === u.upgrade && (o.option === undefined || o.option === u.option)))
  );
}

/**
 * Rules a list states in several places over different tables, for the whole list: one rule each,
 * over all their formations, naming all their texts (the Dark Eldar's eight infantry units under two
 * tables and in the prose; the weapon mounts of every weapon table).
 */
function mergeAlike(rules: ConstructionRule[]): ConstructionRule[] {
  const out: ConstructionRule[] = [];
  const perFormation = new Map<string, Extract<ConstructionRule, { kind: 'units-per-formation' }>>();
  for (const r of rules) {
    if (r.kind !== 'units-per-formation') continue;
    const key = `${r.type}\0${r.max}`;
    const known = perFormation.get(key);
    if (known === undefined) perFormation.set(key, { ...r, formations: [...r.formations], sources: [...r.sources] });
    else {
      for (const f of r.formations) if (!known.formations.includes(f)) known.formations.push(f);
      known.sources.push(...r.sources);
    }
  }
  out.push(...perFormation.values());
  for (const kind of ['when-fielded', 'mounts-filled'] as const) {
    const alike = rules.filter((r) => r.kind === kind);
    if (alike.length === 0) continue;
    const sources = alike.flatMap((r) => r.sources).filter((s, i, all) => all.findIndex((x) => x.text === s.text && x.where === s.where) === i);
    if (kind === 'when-fielded') out.push({ kind, sources });
    else out.push({ kind, formations: [...new Set(alike.flatMap((r) => (r.kind === 'mounts-filled' ? r.formations : [])))], sources });
  }
  return [...rules.filter((r) => r.kind !== 'when-fielded' && r.kind !== 'mounts-filled' && r.kind !== 'units-per-formation'), ...out];
}

/** Whether a formation fields a unit with weapon mounts (a titan, a Gargant) by default or as an option. */
function hasMounts(f: Formation, units: Map<string, Unit>, mountWeapons: Set<string>): boolean {
  const ids = [...f.units.map((u) => u.unit), ...f.choices.flatMap((c) => c.from)];
  return ids.some((id) => units.get(id)?.weapons.some((w) => mountWeapons.has(w.weapon)) === true);
}

/** Reads one sentence's claims, or undefined: for finding which tables print a points-share note. */
function readOne(sentence: string, inTable: boolean): Claim[] | undefined {
  const r = readConstructionText(sentence, inTable);
  return r !== undefined && 'claims' in r ? r.claims : undefined;
}
