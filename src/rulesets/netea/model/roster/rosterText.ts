import type { Dataset } from '../../../../model/dataset.js';
import { splitUpgradeOptions } from '../../../../model/formationUpgrades.js';
import { InputError } from '../../../../model/inputError.js';
import type { Army, Formation } from '../../../../model/schema.js';
import type { RosterCheck } from './check.js';
import type { ImportedList } from './importedList.js';
import { formationText, type RosterFile } from './listFile.js';
import { lines } from './snapfire/snapfireText.js';

/**
 * A list file as Snapfire's plain text (war/js/Force.js plainText), with the Tournament Pack's
 * names and prices, so it can be pasted where players paste Snapfire lists, and read back:
 *
 *   <name>, <total> POINTS
 *   <army list name> (<data set> <version>), <points limit> points limit
 *   ==================================================
 *
 *   <FORMATION NAME> [<points>]
 *   <its options>, <count> <upgrade> (<option> & <option>), ...
 *
 * Options are the `@` choices of the formation text (units, sizes, alternatives) by name, runs of
 * the same one counted ("3 Land Speeder"); upgrades likewise, with the options picked in
 * parentheses. The army's own upgrades (an Avatar, a Wraithgate) are lines of their own with no
 * units line, as Snapfire lists them. The second line names the Tournament Pack list (not a
 * Snapfire list file): its prices are the Tournament Pack's, not Snapfire's.
 */

const RULE = '='.repeat(50);

interface Parts {
  formation: string;
  options: string[];
  upgrades: string[];
}

/** "army/formation@a,b+up@x+up2" → its parts (the text has been fielded: it is well formed). */
function partsOf(text: string): Parts {
  const [head, ...upgrades] = text.split('+').map((s) => s.trim());
  const at = head!.indexOf('@');
  const path = at < 0 ? head! : head!.slice(0, at);
  return { formation: path.slice(path.indexOf('/') + 1), options: at < 0 ? [] : head!.slice(at + 1).split(',').map((s) => s.trim()), upgrades };
}

/** The name a formation's option is printed by, and back: its units, sizes and alternatives. */
function optionNames(data: Dataset, f: Formation): Map<string, string> {
  const names = new Map<string, string>();
  for (const s of f.sizes ?? []) names.set(s.id, s.id.charAt(0).toUpperCase() + s.id.slice(1));
  for (const a of f.alternatives ?? []) names.set(a.id, a.name);
  for (const c of [...f.choices, ...(f.characters ?? [])]) for (const u of c.from) names.set(u, data.units.get(u)?.name ?? u);
  return names;
}

/** Runs of the same item, counted: ["a", "a", "b"] → "2 a, b". */
function counted(items: string[]): string[] {
  const out: string[] = [];
  for (let k = 0; k < items.length; ) {
    let n = 1;
    while (items[k + n] === items[k]) n++;
    out.push(n > 1 ? `${n} ${items[k]}` : items[k]!);
    k += n;
  }
  return out;
}

/** The list file as plain text, priced as `check` (checkRoster on the same file) prices it. */
export function exportRosterText(data: Dataset, roster: RosterFile, check: RosterCheck): string {
  const army = data.armies.get(roster.army)!;
  const out = [`${roster.name}, ${check.points.total} POINTS`, `${army.name} (${data.id} ${data.version}), ${roster.points} points limit`, RULE];
  roster.formations.forEach((entry, k) => {
    const p = partsOf(formationText(entry));
    const f = army.formations.find((x) => x.id === p.formation)!;
    const names = optionNames(data, f);
    const options = p.options.map((o) => names.get(o) ?? o);
    const upgrades = p.upgrades.map((raw) => {
      const { name, options: picked } = splitUpgradeOptions(raw);
      const u = army.upgrades.find((x) => x.id === name)!;
      return picked.length === 0 ? u.name : `${u.name} (${picked.map((o) => data.units.get(o)?.name ?? o).join(' & ')})`;
    });
    out.push('', `${f.name.toUpperCase()} [${check.formations[k]!.points ?? 0}]`);
    const units = [...counted(options), ...counted(upgrades)].join(', ');
    if (units !== '') out.push(units);
  });
  check.upgrades.forEach((u) => out.push('', `${army.upgrades.find((x) => x.id === u.id)!.name.toUpperCase()} [${u.points}]`));
  return `${out.join('\n')}\n`;
}

/** The Tournament Pack army a plain text's list line names, if it is one this export wrote. */
export function armyPrinted(data: Dataset, line: string): Army | undefined {
  return [...data.armies.values()].find((a) => line === `${a.name} (${data.id} ${data.version})` || line.startsWith(`${a.name} (${data.id} `));
}

/** Reads back a text exportRosterText wrote (any version of the same army list). */
export function readRosterText(data: Dataset, text: string, file = 'list text'): ImportedList {
  const ls = lines(text);
  let k = 0;
  const next = () => {
    while (k < ls.length && ls[k] === '') k++;
    return k < ls.length ? { line: ls[k]!, n: ++k } : undefined;
  };
  const head = next()!;
  const m = /^(.*), *([0-9]+) POINTS$/i.exec(head.line)!;
  const listLine = next()!;
  next();
  const army = armyPrinted(data, listLine.line);
  if (army === undefined) throw new InputError([{ file, path: `line ${listLine.n}`, message: `"${listLine.line}": expected "<army list name> (${data.id} <version>)" naming an army list of the data set` }]);
  const limit = /, ([0-9]+) points limit$/.exec(listLine.line);
  const out: ImportedList = { name: m[1]!.trim(), army: army.id, formations: [], upgrades: [], unmapped: [], notes: [], sourcePoints: Number(m[2]), against: listLine.line.replace(/, [0-9]+ points limit$/, '') };
  if (limit) out.pointsLimit = Number(limit[1]);
  for (let line = next(); line !== undefined; line = next()) {
    const f = /^(.*?) *\[([0-9]+)\]$/.exec(line.line);
    if (!f) throw new InputError([{ file, path: `line ${line.n}`, message: `"${line.line}": expected "<FORMATION NAME> [<points>]"` }]);
    const name = f[1]!.toUpperCase();
    const points = Number(f[2]);
    const formation = army.formations.find((x) => x.name.toUpperCase() === name);
    const upgrade = army.upgrades.find((x) => x.name.toUpperCase() === name);
    const units = k < ls.length && ls[k] !== '' && !/\[[0-9]+\]$/.test(ls[k]!) ? ls[k++]! : '';
    if (formation === undefined && upgrade !== undefined && units === '') {
      out.upgrades.push({ id: upgrade.id, source: { name: upgrade.name, points } });
      continue;
    }
    if (formation === undefined) throw new InputError([{ file, path: `line ${line.n}`, message: `no formation "${f[1]}" in ${army.id}; expected one of ${army.formations.map((x) => x.name.toUpperCase()).join(', ')}` }]);
    out.formations.push({ text: readUnitsLine(data, army, formation, units, file, `line ${k}`), source: { name: formation.name, points } });
  }
  return out;
}

/** The units line as a formation text: options first, then upgrades, each `[<count> ]<name>[ (<option> & ...)]`. */
function readUnitsLine(data: Dataset, army: Army, f: Formation, units: string, file: string, where: string): string {
  const options = [...optionNames(data, f)].map(([id, name]) => ({ id, name })).sort((a, b) => b.name.length - a.name.length);
  const offered = f.upgrades.map((id) => army.upgrades.find((u) => u.id === id)!).sort((a, b) => b.name.length - a.name.length);
  const unitId = (name: string) => [...data.units.values()].find((u) => u.name === name)?.id ?? name;
  const picked: string[] = [];
  const taken: string[] = [];
  let rest = units;
  const item = (count: number, s: string): string | undefined => {
    if (taken.length === 0) {
      const o = options.find((x) => s.startsWith(x.name) && (s.length === x.name.length || s.startsWith(', ', x.name.length)));
      if (o !== undefined) {
        for (let n = 0; n < count; n++) picked.push(o.id);
        return s.slice(o.name.length);
      }
    }
    const u = offered.find((x) => s.startsWith(x.name));
    if (u === undefined) return undefined;
    let after = s.slice(u.name.length);
    let at = '';
    const paren = /^ \(([^()]*)\)/.exec(after);
    if (paren && (after.length === paren[0].length || after.startsWith(', ', paren[0].length))) {
      at = `@${paren[1]!.split(' & ').map(unitId).join(',')}`;
      after = after.slice(paren[0].length);
    }
    if (after !== '' && !after.startsWith(', ')) return undefined;
    for (let n = 0; n < count; n++) taken.push(`${u.id}${at}`);
    return after;
  };
  while (rest !== '') {
    const c = /^([0-9]+) (.*)$/s.exec(rest);
    const after = item(1, rest) ?? (c ? item(Number(c[1]), c[2]!) : undefined);
    if (after === undefined) throw new InputError([{ file, path: where, message: `"${rest}": expected an option or upgrade of ${f.name} by name, "<count> <name>" for several, separated by ", "` }]);
    rest = after.replace(/^, /, '');
  }
  return `${army.id}/${f.id}${picked.length > 0 ? `@${picked.join(',')}` : ''}${taken.map((t) => `+${t}`).join('')}`;
}
