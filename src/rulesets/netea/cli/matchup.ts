import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Option, type Command } from 'commander';
import type { Dataset } from '../../../model/dataset.js';
import { displayPath } from '../../../model/displayPath.js';
import type { FormationSpec } from '../../../model/formation.js';
import { InputError } from '../../../model/inputError.js';
import { loadBattle, type LoadedBattle } from '../../../model/loadBattle.js';
import { type MatchupField, fieldResult, matchupResult, type FieldResult, type MatchupResult } from '../reports/matchup/matchupResult.js';
import { fieldSection, matchupSection } from '../reports/matchup/matchupSection.js';
import { hasFliers, matchupJson, matchupNotes, matchupRun, unsupportedOf } from '../reports/matchup/listMatchup.js';
import { formationShortName, matchupSide, readMatchupList } from '../reports/matchup/matchupSide.js';
import { runPairs } from '../reports/matchup/runPairs.js';
import { checkOutTarget } from '../../../reports/outTarget.js';
import { chartContext } from '../../../reports/report.js';
import { RULES_NAMES } from '../../../model/registry.js';
import { runMeta } from '../../../reports/runReport.js';
import { writeRunReport } from '../../../reports/writeRunReport.js';
import { battleAirDefence, battleAirRaid, battleField } from '../../../cli/audit.js';
import { rejectRunOptions } from '../../../cli/fairCost.js';
import { printMatchup, printField } from './matchupText.js';
import { warnNotSimulated } from '../../../cli/print.js';
import { datasetFor } from './roster.js';
import { addDatasheetOption } from '../../../cli/options.js';
import { addSimOptions, type SimOptions } from '../../../cli/simOptions.js';
import { DEFAULT_BATTLE_TRIALS } from '../../../model/runDefaults.js';

/**
 * `epic-balance matchup <my list> <their list>`: every formation of each list against every
 * formation of the other over the battle's scenes, aggregated to the lists (docs/rosters.md,
 * "Matchups"); `matchup <my list> --field [folder]` against the battle's field or a folder of list
 * files, ranking my formations.
 */

interface MatchupOptions extends SimOptions {
  field?: string | true;
  battle?: string;
  out?: string;
}

/** The list files of a folder (*.json), in name order; a folder without one is bad input. */
function folderLists(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder).filter((n) => n.endsWith('.json')).sort();
  } catch (e) {
    throw new InputError([{ file: 'option --field', path: '', message: `cannot read the folder "${displayPath(folder)}" (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); expected a folder of list files` }]);
  }
  const files = names.map((n) => join(folder, n)).filter((p) => statSync(p).isFile());
  if (files.length === 0) throw new InputError([{ file: 'option --field', path: '', message: `"${displayPath(folder)}" holds no .json file; expected a folder of list files` }]);
  return files;
}

/** The field: the battle's, each formation one share; or each list of a folder one share, within it by points. */
function loadField(data: Dataset, loaded: LoadedBattle, field: string | true): { field: MatchupField; specs: FormationSpec[]; breaches: string[] } {
  if (field === true) {
    const specs = battleField(data, loaded, 'or give --field a folder of list files');
    return { field: { source: `the field of ${loaded.battle.name} v${loaded.battle.version}`, lists: [], formations: specs.map((s) => ({ text: s.text, name: formationShortName(data, s), points: s.points ?? 0, weight: 1 / specs.length, list: null })) }, specs, breaches: [] };
  }
  const sides = folderLists(field).map((p) => matchupSide(data, readMatchupList(p)));
  const formations = sides.flatMap((s, k) => s.side.formations.map((f) => ({ ...f, weight: f.weight / sides.length, list: k })));
  return {
    field: { source: displayPath(field), lists: sides.map((s) => ({ name: s.side.name, file: s.side.file, army: s.side.army.id, points: s.side.points })), formations },
    specs: sides.flatMap((s) => s.specs),
    breaches: sides.flatMap((s) => s.breaches.map((b) => `${s.side.file}: ${b}`)),
  };
}

export function registerMatchup(program: Command): void {
  const cmd = program
    .command('matchup')
    .description('two list files against each other: every formation of each against every formation of the other over the battle\'s scenes, points destroyed per 100 points each way, the losses and the best answers; with --field, my list against a field')
    .argument('<my list>', 'a list file (roster import writes one)')
    .argument('[their list]', 'the opposing list file')
    .addOption(new Option('--field [folder]', 'instead of a second list: the battle\'s field for the data set, or every list file (*.json) of a folder'))
    .addOption(new Option('--battle <file>', 'the battle file: scenes, weights, field and value credits (default: battles/reference.json)'))
    .option('--out <dir>', 'write the report folder (report.html, CSV, heat map, manifest.json) to this directory');
  // --datasheet here, not through index.ts's READ_DATA: a proposal (a cost, a weapon) laid over the
  // lists' data; the lists, written against the data without it, are re-priced by it (matchupSide).
  addDatasheetOption(addSimOptions(cmd, DEFAULT_BATTLE_TRIALS))
    .addHelpText('after', '\nExamples:\n  epic-balance matchup my-list.json their-list.json --out out/matchup\n  epic-balance matchup my-list.json --field rosters/field/\n  epic-balance matchup my-list.json --field --json\n  epic-balance matchup my-list.json their-list.json --datasheet cheaper-bikes.json')
    .action(async (minePath: string, theirsPath: string | undefined, o: MatchupOptions) => {
      rejectRunOptions(o, 'matchup');
      if ((theirsPath === undefined) === (o.field === undefined)) {
        throw new InputError([{ file: theirsPath === undefined ? 'argument [their list]' : 'option --field', path: '', message: theirsPath === undefined ? 'expected the opposing list file, or --field' : 'give the opposing list file or --field, not both' }]);
      }
      if (o.out !== undefined) checkOutTarget(o.out, '--out', 'report');
      const started = performance.now();
      const mineList = readMatchupList(minePath);
      const theirsList = theirsPath === undefined ? null : readMatchupList(theirsPath);
      const data = datasetFor(mineList.roster, minePath, mineList.file, o.data, o.datasheet);
      const loaded = loadBattle(o.battle);
      const mine = matchupSide(data, mineList);
      const theirs = theirsList === null ? null : matchupSide(data, theirsList);
      const field = o.field === undefined ? null : loadField(data, loaded, o.field);
      const opponents = theirs?.specs ?? field!.specs;
      const airDefence = battleAirDefence(data, loaded);
      const airRaid = battleAirRaid(data, loaded);
      const run = matchupRun(data, loaded, o);
      const tty = process.stderr.isTTY === true && o.quiet !== true;
      const { pairs, meetings } = await runPairs(mine.specs, opponents, loaded.battle, { seed: o.seed, trials: o.trials, chunkSize: o.chunkSize, airDefence, airRaid, workers: o.workers }, tty ? (done, total) => process.stderr.write(`\rmatchup: ${done}/${total} pairs${done === total ? '\n' : ''}`) : undefined);
      const all = [...mine.specs, ...opponents];
      const unsupported = unsupportedOf(all);
      const notes = matchupNotes([mine.side, ...(theirs !== null ? [theirs.side] : [])], [...mine.breaches.map((b) => `${mine.side.file}: ${b}`), ...(theirs?.breaches.map((b) => `${theirs.side.file}: ${b}`) ?? []), ...(field?.breaches ?? [])], airDefence, hasFliers(all));
      const result: MatchupResult | FieldResult = theirs !== null ? matchupResult(mine.side, theirs.side, pairs, meetings) : fieldResult(mine.side, field!.field, pairs, meetings);
      if (o.json) process.stdout.write(`${JSON.stringify(matchupJson(run, result, notes, unsupported), null, 2)}\n`);
      else {
        if ('theirs' in result) printMatchup(result, run);
        else printField(result, run);
        for (const n of notes) process.stderr.write(`note: ${n}\n`);
        warnNotSimulated(unsupported);
      }
      if (o.out !== undefined) {
        const battleName = `${loaded.battle.name} v${loaded.battle.version}`;
        const meta = runMeta({
          title: 'theirs' in result ? `Matchup: ${result.mine.name} against ${result.theirs.name}` : `Matchup: ${result.mine.name} against ${result.field.source}`,
          argv: process.argv.slice(2),
          seed: o.seed,
          trials: o.trials,
          chunkSize: o.chunkSize,
          data,
          simulations: meetings,
          timings: { simulationMs: Math.round(performance.now() - started) },
          notes: [`Rules: ${RULES_NAMES.netea}.`, `Battle: ${battleName} (${loaded.file}).`, ...notes, ...unsupported.map((n) => `Not simulated: ${n}`)],
        });
        const ctx = chartContext(meta, `battle ${battleName} · rules ${RULES_NAMES.netea}`);
        const section = 'theirs' in result ? matchupSection(result, battleName, o.trials, ctx) : fieldSection(result, battleName, o.trials, ctx);
        const written = await writeRunReport({ meta, sections: [section] }, o.out);
        if (o.quiet !== true) process.stderr.write(`wrote ${written.dir}/report.html and ${written.files.length - 1} more files\n`);
      }
    });
}
