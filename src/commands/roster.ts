import { dirname, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import type { Dataset } from '../model/dataset.js';
import { InputError } from '../model/inputError.js';
import { loadDataset } from '../model/loadDataset.js';
import { checkRoster, type Breach, type RosterCheck } from '../rulesets/netea/model/roster/check.js';
import { loadRosterFile, type RosterFile } from '../rulesets/netea/model/roster/listFile.js';
import { pathOption } from './options.js';

/**
 * `epic-balance roster check <file>`: a list file re-priced from the data set in use and checked
 * against its army list's construction rules; `roster import` and `roster export` (below) read
 * and write the list builders' formats.
 */

/** The data set a list is checked against: `--data`, else the checkout the file names, else the built-in lists for a built-in list. */
function datasetFor(roster: RosterFile, path: string, file: string, data: string | undefined): Dataset {
  if (data !== undefined) return loadDataset(data);
  if (roster.data.tournamentPack !== undefined) return loadDataset(resolve(dirname(path), roster.data.tournamentPack));
  if (roster.data.set === 'rulebook-2004') return loadDataset();
  throw new InputError([{ file, path: 'data', message: 'a list of the Tournament Pack (data set netea-tp) is checked against a checkout of it: give --data <checkout>, or "tournamentPack" in "data"' }]);
}

/** A breach as one line: what the list does, then the rule's words and where they are printed. */
export function breachLine(b: Breach): string {
  const said = b.sources.map((s) => `"${s.text}" (${s.where})`).join('; ');
  return said === '' ? b.message : `${b.message}: ${said}`;
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

export function registerRoster(program: Command): void {
  const roster = program.command('roster').description('check a whole army list (a list file), import one from Snapfire, BattleScribe or New Recruit, export it as Snapfire text');
  roster
    .command('check')
    .description('re-price a list file from the data set in use and check it against its army list\'s construction rules; exit code 2 when it breaks one')
    .argument('<file>', 'a list file (rosters/roster.schema.json)')
    .addOption(new Option('--data <path>', 'a NetEA Tournament Pack checkout (default: the one the file names)').argParser(pathOption('--data')))
    .option('--json', 'print as JSON')
    .addHelpText('after', '\nExample:\n  epic-balance roster check rosters/codex-astartes-3000.json --data ../shared/netea-tp')
    .action((path: string, o: { data?: string; json?: boolean }) => {
      const { file, roster: list } = loadRosterFile(path);
      const result = checkRoster(datasetFor(list, path, file, o.data), list, file);
      process.stdout.write(o.json ? `${JSON.stringify(result, null, 2)}\n` : `${formatRosterCheck(result)}\n`);
      if (result.breaches.length > 0) process.exitCode = 2;
    });
}
