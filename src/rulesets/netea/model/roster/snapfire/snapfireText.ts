import { InputError } from '../../../../../model/inputError.js';
import { decodeHtml, snapfirePoints } from './snapfireList.js';
import type { SnapfireForce } from './snapfireForce.js';
import { snapfireTable, type SnapfireTableList } from './snapfireTable.js';

/**
 * Snapfire's plain text (war/js/Force.js plainText), as players paste it into forums and
 * tournament submissions:
 *
 *   <name>, <total> POINTS
 *   <list id> (<list version>)
 *   ==================================================
 *
 *   <FORMATION NAME> [<points>]
 *   <units line>, <upgrade>, <count> <upgrade>, ...
 *
 * The page shows it as HTML, so `<br/>` may stand for newlines and entities for characters. The
 * text holds no ids: the list file is the one whose `id (version)` the second line prints (the
 * primary one where several share it, or the one `--list` names), formations are read by their
 * upper-cased name and upgrades against the formation's menu, longest name first, a leading
 * `<count> ` only where the rest is an upgrade name ("2x Land Raider" is a name). Where several
 * readings remain (two upgrades named "Baneblade"), the one Snapfire prices at the printed
 * points is taken.
 */

const RULE = /^=+$/;

/** The text's lines, from the page's HTML or the chooser's own text. */
export function lines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .split(/\r?\n/)
    .map((l) => decodeHtml(l));
}

/** Whether a text is Snapfire's plain text: a "<name>, <n> POINTS" line, a list line, then a rule of '='. */
export function isSnapfireText(text: string): boolean {
  const ls = lines(text).filter((l) => l !== '');
  return ls.length >= 3 && /, *[0-9]+ POINTS$/i.test(ls[0]!) && RULE.test(ls[2]!);
}

/** The Snapfire list files whose "id (version)" a plain text's second line prints. */
export function listsPrinting(line: string): string[] {
  const lists = snapfireTable().lists;
  // Versions may end in a space inside the parentheses, and a paste may lose or double spaces.
  const key = (s: string) => s.replace(/\s+/g, '');
  return Object.keys(lists).filter((id) => {
    const l = lists[id]!;
    return key(`${l.name} (${l.version})`) === key(line) || (l.version === '' && key(l.name) === key(line));
  });
}

type Reading = Array<{ id: number; count: number }>;

/** Every way a units line reads as upgrades of the formation's menu (after its own units line). */
function readings(rest: string, offered: Array<{ id: number; name: string }>): Reading[] {
  if (rest === '') return [[]];
  const out: Reading[] = [];
  const byLength = [...offered].sort((a, b) => b.name.length - a.name.length);
  const tryName = (count: number, from: string) => {
    for (const u of byLength) {
      if (!from.startsWith(u.name)) continue;
      const after = from.slice(u.name.length);
      if (after !== '' && !after.startsWith(', ')) continue;
      for (const r of readings(after.slice(2), offered)) {
        out.push([{ id: u.id, count }, ...r]);
        if (out.length > 64) return;
      }
    }
  };
  tryName(1, rest);
  const m = /^([0-9]+) (.*)$/s.exec(rest);
  if (m && Number(m[1]) > 1) tryName(Number(m[1]), m[2]!);
  return out;
}

/** A plain text read against the table's copy of its list file; `list` names the file where the text's list line is shared. */
export function readSnapfireText(text: string, list?: string, file = 'Snapfire text'): SnapfireForce {
  const ls = lines(text);
  let k = 0;
  const next = () => {
    while (k < ls.length && ls[k] === '') k++;
    return k < ls.length ? { line: ls[k]!, n: ++k } : undefined;
  };
  const head = next();
  const m = head && /^(.*), *([0-9]+) POINTS$/i.exec(head.line);
  if (!head || !m) throw new InputError([{ file, path: 'line 1', message: 'expected "<army name>, <points> POINTS", the first line of Snapfire\'s plain text' }]);
  const listLine = next();
  const rule = next();
  if (!listLine || !rule || !RULE.test(rule.line)) throw new InputError([{ file, path: `line ${listLine?.n ?? 2}`, message: 'expected the list line "<list> (<version>)" and a rule of "=" under it' }]);
  const printing = listsPrinting(listLine.line);
  const table = snapfireTable();
  let id: string;
  if (list !== undefined) {
    if (table.lists[list] === undefined) throw new InputError([{ file: 'option --list', path: '', message: `no Snapfire NetEA list file "${list}"; expected one of ${Object.keys(table.lists).filter((x) => table.lists[x]!.tp !== null).join(', ')}` }]);
    id = list;
  } else if (printing.length === 0) {
    throw new InputError([{ file, path: `line ${listLine.n}`, message: `"${listLine.line}" is no Snapfire NetEA list at Snapfire commit ${table.snapfire.commit.slice(0, 7)}; expected "<list> (<version>)" as a NetEA list file prints it (or --list <list file>)` }]);
  } else {
    const mapped = printing.filter((x) => table.lists[x]!.tp !== null);
    id = mapped.find((x) => table.lists[x]!.primary === true) ?? mapped[0] ?? printing[0]!;
  }
  const entry: SnapfireTableList = table.lists[id]!;
  if (entry.tp === null) throw new InputError([{ file, path: `line ${listLine.n}`, message: `Snapfire list ${id} (${entry.name}) has no Tournament Pack list: ${entry.reason ?? 'not mapped'}; expected a Snapfire NetEA list of an army the Tournament Pack has` }]);
  const force: SnapfireForce = { list: id, name: m[1]!.trim(), formations: [], printed: Number(m[2]) };
  const upgradeById = (u: number) => entry.upgrades[String(u)];
  for (let line = next(); line !== undefined; line = next()) {
    const f = /^(.*?) *\[([0-9]+)\]$/.exec(line.line);
    if (!f) throw new InputError([{ file, path: `line ${line.n}`, message: `"${line.line}": expected "<FORMATION NAME> [<points>]"` }]);
    const printed = Number(f[2]);
    const candidates = Object.entries(entry.formations).filter(([, x]) => x.name.toUpperCase() === f[1]!.toUpperCase());
    if (candidates.length === 0) throw new InputError([{ file, path: `line ${line.n}`, message: `no formation "${f[1]}" in Snapfire list ${id}; expected one of ${Object.values(entry.formations).map((x) => x.name.toUpperCase()).join(', ')}` }]);
    // The units line, when there is one: the next line that is not a formation line.
    let units = '';
    if (k < ls.length && ls[k] !== '' && !/\[[0-9]+\]$/.test(ls[k]!)) units = ls[k++]!;
    // Best: priced as printed and filling the mandatory choices (the chooser fills them first), then priced as printed.
    let best: { id: number; upgrades: Reading; score: number } | undefined;
    for (const [fid, sf] of candidates) {
      let rest = units;
      if (sf.units !== undefined) {
        if (rest !== sf.units && !rest.startsWith(`${sf.units}, `)) continue;
        rest = rest.slice(sf.units.length).replace(/^, /, '');
      }
      const offered = [...new Set([...sf.mandatory.flatMap((x) => x.from), ...sf.upgrades])].map((u) => ({ id: u, name: upgradeById(u)?.name ?? '' })).filter((u) => u.name !== '');
      for (const r of readings(rest, offered)) {
        const pts = snapfirePoints(sf, r.flatMap((u) => new Array<number>(u.count).fill(u.id)), upgradeById);
        const filled = sf.mandatory.every((c) => r.filter((u) => c.from.includes(u.id)).reduce((n, u) => n + u.count, 0) >= c.min);
        const score = (pts === printed ? 2 : 0) + (filled ? 1 : 0);
        if (best === undefined || score > best.score) best = { id: Number(fid), upgrades: r, score };
      }
    }
    if (best === undefined) throw new InputError([{ file, path: `line ${k}`, message: `"${units}": expected the units line of ${f[1]}: ${candidates.map(([, x]) => (x.units === undefined ? '' : `"${x.units}", then `)).join(' or ')}its upgrades as Snapfire names them, separated by ", "` }]);
    force.formations.push({ id: best.id, upgrades: best.upgrades, printed });
  }
  if (force.formations.length === 0) throw new InputError([{ file, path: `line ${rule.n + 1}`, message: 'no formation; expected "<FORMATION NAME> [<points>]" lines under the rule' }]);
  return force;
}
