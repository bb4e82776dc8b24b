import type { Dataset } from '../../../../model/dataset.js';
import { fieldedSummary } from '../../../../model/fieldedUnits.js';
import { parseFormation, type FormationSpec } from '../../../../model/formation.js';
import { InputError } from '../../../../model/inputError.js';
import { mounts } from '../../../../model/resolvedUnit.js';
import type { Army, ConstructionItems, ConstructionRule, ConstructionSource } from '../../../../model/schema.js';
import { formationText, type RosterFile } from './listFile.js';
import { picksOption, takenOf, type Taken } from './taken.js';

/**
 * A list file checked against the data set in use: each formation fielded and priced as every
 * command fields it, the army's own upgrades priced, the total against the points limit, and every
 * construction rule the army list states (ConstructionRule, read from the Tournament Pack by
 * model/tp/construction.ts) checked. Each breach names what the list does, what the rule allows,
 * and the rule's words with where the Tournament Pack prints them.
 */

export interface FormationCheck {
  /** 1-based, as the list file orders them. */
  index: number;
  text: string;
  /** The formation's readable name, once fielded. */
  name?: string;
  /** Its points as the data set in use prices them. */
  points?: number;
  /** What it fields ("6 Tactical, 3 Rhino (with Captain)") and the weapons its mounts carry. */
  units?: string;
  mounted?: string;
  /** What was chosen for it where the list leaves a choice (the default option, transports, a titan's default weapons). */
  choice?: string;
  /** What the list it was imported from said of it. */
  source?: { name: string; points?: number };
  /** Why it cannot be fielded (the formation reader's refusal). */
  error?: string;
}

export interface Breach {
  /** What kind of rule: a construction rule's kind, the points limit, or a formation or upgrade the data set refuses. */
  rule: ConstructionRule['kind'] | 'points-limit' | 'formation' | 'upgrade';
  message: string;
  /** The rule's words and where they are printed (empty for the list's own points limit). */
  sources: ConstructionSource[];
  /** For a construction rule: its place in the army list's `construction`, and for a `count` rule whether too few or too many are fielded (too few can be mended by adding). */
  construction?: { index: number; bound?: 'min' | 'max' };
}

export interface RosterCheck {
  name: string;
  army: { id: string; name: string };
  /** The data set in use, and the one the list names where they differ. */
  data: { set: string; version: string };
  writtenFor?: { set: string; version: string };
  points: { limit: number; total: number };
  formations: FormationCheck[];
  upgrades: Array<{ id: string; name: string; points: number }>;
  /** How many construction rules of the army list were checked. */
  rules: number;
  breaches: Breach[];
}

/** A breach as one line: what the list does, then the rule's words and where they are printed. */
export function breachLine(b: Breach): string {
  const said = b.sources.map((s) => `"${s.text}" (${s.where})`).join('; ');
  return said === '' ? b.message : `${b.message}: ${said}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A formation text of the army as the check fields it: its spec, what it fields and what it takes, or why it cannot be fielded. */
export type FieldedText = { spec: FormationSpec; units: string; mounted: string; taken: Taken } | { error: string };

/**
 * Formation texts already fielded, by text, for one data set: a caller that checks many lists
 * sharing formations (the random army builder tries each addition on the army it has) passes one,
 * and each text is read once, not once per check.
 */
export type FieldedTexts = Map<string, FieldedText>;

/** Fields a formation text of `army` (its army prefix already checked), or says why it cannot be. */
export function fieldText(data: Dataset, army: Army, text: string, cache?: FieldedTexts): FieldedText {
  const known = cache?.get(text);
  if (known !== undefined) return known;
  let out: FieldedText;
  try {
    const spec = parseFormation(data, text);
    const summary = fieldedSummary(spec);
    out = { spec, units: summary.units, mounted: summary.mounted, taken: takenOf(data, army, text) };
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    out = { error: e.problems.map((p) => p.message).join('; ') };
  }
  cache?.set(text, out);
  return out;
}

/**
 * Checks a list against the data set in use. An army the data set does not have is bad input
 * (InputError); everything else is a finding. `cache` (formation texts already fielded from `data`)
 * spares reading a text again.
 */
export function checkRoster(data: Dataset, roster: RosterFile, file = 'list', cache?: FieldedTexts): RosterCheck {
  const army = data.armies.get(roster.army);
  if (army === undefined) {
    throw new InputError([{ file, path: 'army', message: `data set ${data.id} has no army "${roster.army}"; expected one of ${[...data.armies.keys()].map((k) => `"${k}"`).join(', ')}` }]);
  }
  const breaches: Breach[] = [];
  const whenFielded = (army.construction ?? []).filter((r) => r.kind === 'when-fielded').flatMap((r) => r.sources);
  const fielded: Array<{ check: FormationCheck; spec: FormationSpec; taken: Taken }> = [];
  const formations: FormationCheck[] = roster.formations.map((entry, k) => {
    const text = formationText(entry);
    const check: FormationCheck = { index: k + 1, text };
    if (typeof entry !== 'string' && entry.source !== undefined) check.source = entry.source;
    const slash = text.indexOf('/');
    const armyOf = slash < 0 ? '' : text.slice(0, slash).trim().toLowerCase();
    if (armyOf !== army.id) {
      check.error = `not a formation of "${army.id}": expected "${army.id}/<formation>[+<upgrade>...]"`;
      breaches.push({ rule: 'formation', message: `formation ${k + 1} "${text}": ${check.error}`, sources: [] });
      return check;
    }
    const f = fieldText(data, army, text, cache);
    if ('error' in f) {
      check.error = f.error;
      const limit = /\b(taken|rare|variants?)\b/.test(check.error);
      breaches.push({ rule: 'formation', message: `formation ${k + 1} "${text}": ${check.error}`, sources: limit ? whenFielded : [] });
      return check;
    }
    check.name = f.spec.name;
    check.points = f.spec.points ?? 0;
    check.units = f.units;
    if (f.mounted !== '') check.mounted = f.mounted;
    if (f.spec.choice !== undefined) check.choice = f.spec.choice;
    fielded.push({ check, spec: f.spec, taken: f.taken });
    return check;
  });

  const upgrades = roster.upgrades.map((id) => {
    const u = army.upgrades.find((x) => x.id === id);
    if (u === undefined) {
      breaches.push({ rule: 'upgrade', message: `upgrade "${id}": not an upgrade of "${army.id}"; expected one of its army upgrades (list ${army.id} shows them)`, sources: [] });
      return { id, name: id, points: 0 };
    }
    if (army.formations.some((f) => f.upgrades.includes(u.id))) {
      breaches.push({ rule: 'upgrade', message: `upgrade "${id}": a formation's upgrade, taken with the formation ("${army.id}/<formation>+${id}"), not on its own`, sources: [] });
    }
    return { id, name: u.name, points: u.points };
  });

  const total = fielded.reduce((n, f) => n + f.check.points!, 0) + upgrades.reduce((n, u) => n + u.points, 0);
  if (total > roster.points) breaches.push({ rule: 'points-limit', message: `${total} points, over the points limit of ${roster.points} by ${total - roster.points}`, sources: [] });

  const rules = army.construction ?? [];
  rules.forEach((rule, index) => breaches.push(...checkRule(rule, index, army, roster, fielded, upgrades.map((u) => u.id))));

  const out: RosterCheck = {
    name: roster.name,
    army: { id: army.id, name: army.name },
    data: { set: data.id, version: data.version },
    points: { limit: roster.points, total },
    formations,
    upgrades,
    rules: rules.length,
    breaches,
  };
  if (roster.data.set !== data.id || roster.data.version !== data.version) out.writtenFor = { set: roster.data.set, version: roster.data.version };
  return out;
}

/** The breaches of one construction rule (none when the list keeps it). */
function checkRule(rule: ConstructionRule, index: number, army: Army, roster: RosterFile, fielded: Array<{ check: FormationCheck; spec: FormationSpec; taken: Taken }>, armyUpgrades: string[]): Breach[] {
  const breach = (message: string, bound?: 'min' | 'max'): Breach => ({ rule: rule.kind, message, sources: rule.sources, construction: bound === undefined ? { index } : { index, bound } });
  const formationName = (id: string) => army.formations.find((f) => f.id === id)?.name ?? id;
  const upgradeName = (id: string) => army.upgrades.find((u) => u.id === id)?.name ?? id;
  const at = (f: { check: FormationCheck }) => `formation ${f.check.index} (${f.check.text})`;
  switch (rule.kind) {
    case 'count': {
      const n = countItems(rule.items, fielded, armyUpgrades);
      let scale = 1;
      let per = '';
      if (rule.per !== undefined && 'points' in rule.per) {
        scale = Math.floor(roster.points / rule.per.points);
        per = ` (${rule.max ?? rule.min} for every full ${rule.per.points} points of the ${roster.points})`;
      } else if (rule.per !== undefined) {
        scale = countItems(rule.per.items, fielded, armyUpgrades);
        per = ` (${rule.max ?? rule.min} per each of ${describeItems(rule.per.items, formationName, upgradeName)}, of which the list has ${scale})`;
      }
      const what = describeItems(rule.items, formationName, upgradeName);
      const out: Breach[] = [];
      if (rule.max !== undefined && n > rule.max * scale) out.push(breach(`${what}: ${n} fielded, at most ${rule.max * scale}${per}`, 'max'));
      if (rule.min !== undefined && n < rule.min * scale) out.push(breach(`${what}: ${n} fielded, at least ${rule.min * scale}${per}`, 'min'));
      return out;
    }
    case 'points-share': {
      const on = fielded.filter((f) => rule.formations.includes(f.taken.formation.id));
      const points = on.reduce((n, f) => n + f.check.points!, 0);
      const allowed = Math.floor((roster.points * rule.numerator) / rule.denominator);
      if (points <= allowed) return [];
      return [breach(`${points} points on ${on.map((f) => formationName(f.taken.formation.id)).join(', ')}: at most ${allowed}, ${rule.numerator}/${rule.denominator} of the ${roster.points} points available`)];
    }
    case 'upgrades-per-formation': {
      const out: Breach[] = [];
      for (const f of fielded) {
        if (rule.formations.length > 0 && !rule.formations.includes(f.taken.formation.id)) continue;
        const taken = f.taken.upgrades.map((u) => u.offered.id).filter((id) => rule.upgrades.includes(id));
        const n = rule.counting === 'distinct' ? new Set(taken).size : taken.length;
        const max = rule.max * (rule.sized ? f.taken.times : 1);
        if (n > max) out.push(breach(`${at(f)} takes ${rule.counting === 'distinct' ? plural(n, 'different upgrade') : `${n} times`} of ${[...new Set(taken)].map(upgradeName).join(', ')}: at most ${max}`));
      }
      return out;
    }
    case 'units-per-formation': {
      const out: Breach[] = [];
      for (const f of fielded) {
        if (!rule.formations.includes(f.taken.formation.id)) continue;
        const n = f.spec.units.filter((u) => u.unit.type === rule.type).length;
        if (n > rule.max) out.push(breach(`${at(f)} fields ${n} ${rule.type} units: at most ${rule.max}`));
      }
      return out;
    }
    case 'mounts-filled': {
      const out: Breach[] = [];
      for (const f of fielded) {
        if (!rule.formations.includes(f.taken.formation.id)) continue;
        const empty = f.spec.units.reduce((n, u) => n + mounts(u).free, 0);
        if (empty > 0) out.push(breach(`${at(f)} leaves ${plural(empty, 'weapon mount')} empty`));
      }
      return out;
    }
    case 'when-fielded':
      return [];
  }
}

/** How many of `items` the list fields: formations, upgrades taken (with the option where one is named), units and characters. */
function countItems(items: ConstructionItems, fielded: Array<{ spec: FormationSpec; taken: Taken }>, armyUpgrades: string[]): number {
  let n = 0;
  for (const f of fielded) {
    if (items.formations.includes(f.taken.formation.id)) n += 1;
    for (const u of f.taken.upgrades) {
      if (items.upgrades.some((i) => i.upgrade === u.offered.id && (i.option === undefined || picksOption(u.picked, i.option)))) n += 1;
    }
    for (const ru of f.spec.units) {
      if (items.units.includes(ru.unit.id)) n += 1;
      n += ru.characters.filter((c) => items.units.includes(c.id)).length;
    }
  }
  n += armyUpgrades.filter((id) => items.upgrades.some((i) => i.upgrade === id && i.option === undefined)).length;
  return n;
}

function describeItems(items: ConstructionItems, formationName: (id: string) => string, upgradeName: (id: string) => string): string {
  const names = [
    ...items.formations.map(formationName),
    ...items.upgrades.map((u) => `${upgradeName(u.upgrade)}${u.option === undefined ? '' : ` (${u.option})`}`),
    ...items.units,
  ];
  return names.length <= 4 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}
