import { Command } from 'commander';
import { InputError } from '../model/inputError.js';
import { checkOutTarget, withPiecesCommand } from '../reports/outTarget.js';
import { outcomeAt, probability } from '../reports/aggregate.js';
import { chunkList, mergePartials, missingChunks, readPartialFile, resultFromPartialJob, writePartialFile, type PartialFile } from '../run/partial.js';
import type { RunResult } from '../run/simulate.js';
import { isAuditPartial, mergeAuditPieces } from './mergeAudit.js';
import { SimulationRunner } from './simulationRunner.js';

interface MergeOptions {
  out?: string;
  json?: boolean;
}

/**
 * `epic-balance merge <files...>`: combines the partial results of one run
 * split with --chunks into the result the unsplit run gives, bit for bit.
 * Without --out, the pieces must cover the whole run, and merge prints what
 * the original command prints (its command line is in the files; add --json
 * to get JSON whatever it was). With --out, it writes the combined partial
 * result (any contiguous range), to merge further later; it replaces an
 * earlier partial result there, nothing else. The replayed command writes its
 * own --out report, if it has one, replacing only a report of the same run.
 * `registerCommands`
 * registers every command on a fresh program for the replay, with a runner
 * that replays the merged results instead of simulating; it is passed in by
 * cli/index.ts, which owns the list, so the two modules do not import each
 * other.
 */
export function registerMerge(program: Command, registerCommands: (program: Command, runner: SimulationRunner) => void): void {
  program
    .command('merge')
    .description('combine partial results of a run split with --chunks A-B into the result of the whole run')
    .argument('<files...>', 'partial result files written by --chunks (any order)')
    .option('--out <file>', 'write the combined partial result to this file instead of printing the result')
    .option('--json', 'print the result as JSON even if the original command did not ask for it')
    .addHelpText(
      'after',
      `
Example (one run of 200 chunks over two machines):
  machine 1: epic-balance shoot "4 Devastator" --at "8 Ork Boyz" --trials 10000000 --json --chunks 0-99 --partial-out a.json
  machine 2: epic-balance shoot "4 Devastator" --at "8 Ork Boyz" --trials 10000000 --json --chunks 100-199 --partial-out b.json
  then:      epic-balance merge a.json b.json      (prints what the command without --chunks prints)`,
    )
    .action(async (files: string[], o: MergeOptions) => {
      if (files.some(isAuditPartial)) {
        if (o.out !== undefined) throw new InputError([{ file: 'option --out', path: '', message: 'the pieces of an audit merge into the audit itself: leave out --out (the audit\'s own --out, if it had one, writes its report)' }]);
        await mergeAuditPieces(files, o.json === true);
        return;
      }
      const replaces = o.out !== undefined && checkOutTarget(o.out, '--out', 'partial').replaces;
      const parts = files.map((name) => ({ name, file: readPartialFile(name) }));
      const merged = mergePartials(parts);
      if (o.out !== undefined) {
        if (replaces) process.stderr.write(`replacing the earlier partial result in ${o.out}\n`);
        writePartialFile(o.out, merged);
        const [first, last] = merged.jobs[0]!.chunks;
        process.stderr.write(`wrote chunks ${first}-${last} of ${merged.jobs[0]!.chunkCount} to ${o.out}\n`);
        return;
      }
      merged.jobs.forEach((job, j) => {
        const gaps = missingChunks(job);
        if (gaps) {
          const list = gaps.map((g) => chunkList(g.first, g.last)).join(' and ');
          throw new InputError([{ file: 'merge', path: merged.jobs.length > 1 ? `jobs[${j}]` : '', message: `${list} missing (the run has chunks 0-${job.chunkCount - 1}): merge every piece, or write the combined piece with --out` }]);
        }
      });
      const results = merged.jobs.map(resultFromPartialJob);
      if (merged.command === null) {
        process.stdout.write(JSON.stringify(genericResult(merged, results), null, 2) + '\n');
        return;
      }
      await replay(merged, results, o.json === true, registerCommands);
    });
}

/** Runs the original command line with the merged results standing in for its simulations. */
async function replay(merged: PartialFile, results: RunResult[], json: boolean, registerCommands: (program: Command, runner: SimulationRunner) => void): Promise<void> {
  const program = new Command('epic-balance').exitOverride();
  registerCommands(program, SimulationRunner.replaying(results));
  for (const sub of program.commands) sub.exitOverride();
  const [name, ...rest] = merged.command!;
  if (name === undefined || name === 'merge') throw new InputError([{ file: 'merge', path: 'command', message: `cannot replay the command line ${JSON.stringify(merged.command)}` }]);
  // Quietly (nothing is simulated); the flags go right after the command's name, before any "--".
  const flags = ['--quiet', ...(json && !rest.includes('--json') ? ['--json'] : [])];
  await withPiecesCommand(merged.command!, () => program.parseAsync(['node', 'epic-balance', name, ...flags, ...rest]));
}

/** Layout-level metrics of merged results made through the library (no command line to replay). */
function genericResult(merged: PartialFile, results: RunResult[]) {
  return {
    jobs: results.map((r, j) => {
      const job = merged.jobs[j]!;
      return {
        scenario: job.scenario,
        matchup: job.matchup,
        seed: job.seed,
        trials: r.trials,
        chunkSize: r.chunkSize,
        records: r.layout.records.map((rec, i) => ({
          label: rec.label,
          turn: rec.turn,
          formations: rec.formations.map((_f, f) => {
            const o = outcomeAt(r.tally, r.layout, i, f);
            return { unitsKilled: o.unitsKilled, broken: o.broken, destroyed: o.destroyed, blastMarkers: o.blastMarkers, pointsLost: o.pointsLost, warEngineDamage: o.warEngineDamage };
          }),
          ...(rec.assault
            ? {
                assault: {
                  attackerWins: probability(r.tally[rec.assault.attackerWins]!, r.trials),
                  defenderWins: probability(r.tally[rec.assault.defenderWins]!, r.trials),
                  noResult: probability(r.tally[rec.assault.noResult]!, r.trials),
                },
              }
            : {}),
        })),
      };
    }),
  };
}
