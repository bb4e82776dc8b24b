import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import type { Dataset } from '../../../model/dataset.js';
import { InputError } from '../../../model/inputError.js';
import { loadDataset } from '../../../model/loadDataset.js';
import { breachLine, checkRoster, type RosterCheck } from '../model/roster/check.js';
import { loadRosterFile, type RosterFile } from '../model/roster/listFile.js';
import { importRoster } from '../model/roster/importRoster.js';
import type { RosterImport } from '../model/roster/importedList.js';
import { exportRosterText } from '../model/roster/rosterText.js';
import { checkOutTarget } from '../../../reports/outTarget.js';
import { pathOption, wholeNumber } from '../../../cli/options.js';

/**
 * `epic-balance roster check <file>`: a list file re-priced from the data set in use and checked
 * against its army list's construction rules; `roster import` and `roster export` (below) read
 * and write the list builders' formats.
 */

/**
 * The data set a list is checked against: `--data`, else the checkout the file names, else the
 * built-in lists for a built-in list; `datasheets` (--datasheet) laid over it.
 */
export function datasetFor(roster: RosterFile, path: string, file: string, data: string | undefined, datasheets: readonly string[] = []): Dataset {
  if (data !== undefined) return loadDataset(data, datasheets);
  if (roster.data.tournamentPack !== undefined) return loadDataset(resolve(dirname(path), roster.data.tournamentPack), datasheets);
  if (roster.data.set === 'rulebook-2004') return loadDataset(undefined, datasheets);
  throw new InputError([{ file, path: 'data', message: 'a list of the Tournament Pack (data set netea-tp) is checked against a checkout of it: give --data <checkout>, or "tournamentPack" in "data"' }]);
}

export function formatRosterCheck(c: RosterCheck): string {
  const lines: string[] = [];
  lines.push(`${c.name}: ${c.army.name} (${c.army.id}), ${c.points.total} of ${c.points.limit} points`);
  lines.push(`data ${c.data.set} ${c.data.version}${c.writtenFor === undefined ? '' : ` (the list was written against ${c.writtenFor.set} ${c.writtenFor.version})`}`);
  lines.push('');
  for (const f of c.formations) {
    const was = f.source === undefined ? '' : `  [source: ${f.source.name}${f.source.points === undefined ? '' : ` ${f.source.points}`}]`;
    lines.push(`${f.points === undefined ? '   ?' : String(f.points).padStart(4)}  ${f.text}${was}`);
    if (f.units !== undefined) lines.push(`      ${f.units}${f.mounted === undefined ? '' : `; mounts: ${f.mounted}`}`);
    if (f.choice !== undefined) lines.push(`      uses ${f.choice}`);
    if (f.error !== undefined) lines.push(`      cannot be fielded: ${f.error}`);
  }
  for (const u of c.upgrades) lines.push(`${String(u.points).padStart(4)}  +${u.id} (army upgrade: ${u.name})`);
  lines.push(`${String(c.points.total).padStart(4)}  total, points limit ${c.points.limit}`);
  lines.push('');
  const rules = `${c.rules} construction rule${c.rules === 1 ? '' : 's'} of the army list checked`;
  if (c.breaches.length === 0) lines.push(`${rules}; no breach`);
  else {
    lines.push(`${rules}; ${c.breaches.length} breach${c.breaches.length === 1 ? '' : 'es'}:`);
    for (const b of c.breaches) lines.push(`  - ${breachLine(b)}`);
  }
  return lines.join('\n');
}

/** What an import found: the source's price against the re-priced one, every difference, every entry left out and why, the breaches. */
export function formatRosterImport(r: RosterImport): string {
  const out: string[] = [];
  const src = r.roster.source!;
  out.push(`imported "${r.roster.name}" (${src.format}) as ${r.check.army.name} (${r.roster.army}), read against ${src.against}`);
  out.push(`points: ${src.points} in the source, ${r.check.points.total} re-priced from ${r.check.data.set} ${r.check.data.version}; points limit ${r.limit}`);
  out.push('');
  if (r.differences.length === 0) out.push('prices: every entry costs what the source says');
  else {
    out.push(`prices: ${r.differences.length} entr${r.differences.length === 1 ? 'y differs' : 'ies differ'} from the source:`);
    for (const d of r.differences) out.push(`  - ${d.entry}: ${d.source} in the source, ${d.repriced} re-priced (${d.repriced > d.source ? '+' : ''}${d.repriced - d.source})`);
  }
  if (r.unmapped.length === 0) out.push('unmapped: none, every entry of the source is in the list file');
  else {
    out.push(`unmapped: ${r.unmapped.length} entr${r.unmapped.length === 1 ? 'y' : 'ies'} of the source left out:`);
    for (const u of r.unmapped) out.push(`  - ${u.entry}: ${u.reason}`);
  }
  if (r.notes.length > 0) {
    out.push(`notes (${r.notes.length}):`);
    for (const n of r.notes) out.push(`  - ${n}`);
  }
  out.push('');
  out.push(formatRosterCheck(r.check));
  return out.join('\n');
}

/** Writes a file whole or not at all: a temporary file beside it, renamed into place. */
function writeWhole(path: string, text: string): void {
  mkdirSync(dirname(resolve(path)), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

export function registerRoster(program: Command): void {
  const roster = program
    .command('roster')
    .description('check a whole army list (a list file), import one from Snapfire, BattleScribe or New Recruit, export it as Snapfire text')
    .addHelpText('after', '\nExamples:\n  epic-balance roster import army.rosz --data ../shared/netea-tp --out my-list.json\n  epic-balance roster check my-list.json\n  epic-balance roster export my-list.json > my-list.txt');
  roster
    .command('check')
    .description('re-price a list file from the data set in use and check it against its army list\'s construction rules; exit code 2 when it breaks one, as for any list it cannot accept')
    .argument('<file>', 'a list file (rosters/roster.schema.json)')
    .addOption(new Option('--data <path>', 'a NetEA Tournament Pack checkout (default: the one the file names)').argParser(pathOption('--data')))
    .option('--json', 'print as JSON')
    .addHelpText('after', '\nExample:\n  epic-balance roster check rosters/codex-astartes-3000.json --data ../shared/netea-tp')
    .action((path: string, o: { data?: string; json?: boolean }) => {
      const { file, roster: list } = loadRosterFile(path);
      const result = checkRoster(datasetFor(list, path, file, o.data), list, file);
      process.stdout.write(o.json ? `${JSON.stringify(result, null, 2)}\n` : `${formatRosterCheck(result)}\n`);
      // A list that breaks its army list's construction rules is not a list the tournament accepts: exit code 2, as bad input.
      if (result.breaches.length > 0) process.exitCode = 2;
    });
  roster
    .command('import')
    .description('read a Snapfire link or plain text, a BattleScribe .ros/.rosz or a New Recruit JSON roster into a list file, re-priced from the Tournament Pack: every price difference, every entry it cannot map and every construction breach is printed; exit code 0 when the list file is written, breaches or not (`roster check` judges it), 2 for bad input')
    .argument('<source>', 'a Snapfire share link, or a file: Snapfire plain text, .ros, .rosz, New Recruit JSON')
    .requiredOption('--data <path>', 'a NetEA Tournament Pack checkout', pathOption('--data'))
    .option('--out <file>', 'write the list file there (a new file, or an earlier list file of epic-balance); without it the list file goes to standard output')
    .option('--list <snapfire list>', "the Snapfire list file a plain text was made with, where its list line is shared (e.g. CHAOS_corsairs_NETEA)")
    .addOption(new Option('--points <n>', 'the points limit (default: the roster\'s own, else its total rounded up to a whole 500)').argParser(wholeNumber('--points', 1)))
    .option('--json', 'print the import (list file, differences, unmapped entries, check) as JSON')
    .addHelpText('after', '\nExamples:\n  epic-balance roster import "https://.../chooser.html?list=SM_codex_NETEA&force=..." --data ../shared/netea-tp --out my-list.json\n  epic-balance roster import army.rosz --data ../shared/netea-tp --out my-list.json')
    .action((source: string, o: { data: string; out?: string; list?: string; points?: number; json?: boolean }) => {
      const target = o.out === undefined ? undefined : checkOutTarget(o.out, '--out', 'roster');
      const result = importRoster(loadDataset(o.data), source, { ...(o.list !== undefined ? { list: o.list } : {}), ...(o.points !== undefined ? { points: o.points } : {}) });
      const list = o.out === undefined ? result.roster : { ...result.roster, data: { ...result.roster.data, tournamentPack: relative(dirname(resolve(o.out)), resolve(o.data)) || '.' } };
      const fileText = `${JSON.stringify(list, null, 2)}\n`;
      if (o.out !== undefined) writeWhole(o.out, fileText);
      const report = o.json ? `${JSON.stringify({ ...result, roster: list }, null, 2)}\n` : `${formatRosterImport(result)}\n`;
      if (o.out === undefined && !o.json) {
        process.stderr.write(report);
        process.stdout.write(fileText);
      } else {
        process.stdout.write(report);
        if (o.out !== undefined && !o.json) process.stdout.write(`${target!.replaces ? 'replaced' : 'wrote'} ${o.out}\n`);
      }
    });
  roster
    .command('export')
    .description("print a list file as Snapfire's plain text, with the Tournament Pack's names and prices (roster import reads it back)")
    .argument('<file>', 'a list file')
    .addOption(new Option('--data <path>', 'a NetEA Tournament Pack checkout (default: the one the file names)').argParser(pathOption('--data')))
    .addHelpText('after', '\nExample:\n  epic-balance roster export my-list.json > my-list.txt')
    .action((path: string, o: { data?: string }) => {
      const { file, roster: list } = loadRosterFile(path);
      const data = datasetFor(list, path, file, o.data);
      process.stdout.write(exportRosterText(data, list, checkRoster(data, list, file)));
    });
}
