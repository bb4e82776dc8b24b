import { availableParallelism } from 'node:os';
import { Option, type Command } from 'commander';
import { InputError } from '../model/inputError.js';
import { DEFAULT_CHUNK_SIZE, DEFAULT_SEED, PRECISION_TRIAL_CAP } from '../model/runDefaults.js';
import type { ChunkRange } from '../run/simulate.js';
import { badOption, pathOption, seedText, wholeNumber } from './options.js';

export { resultCommandLine } from '../run/partial.js';

/** Options every simulating command shares. */
export interface SimOptions {
  trials: number;
  seed: string;
  json?: boolean;
  data?: string;
  /** --datasheet overlays laid over the data set, in order (the commands that read NetEA data; options.ts). */
  datasheet?: string[];
  chunkSize: number;
  /** Worker threads; default: the machine's available parallelism. */
  workers: number;
  /** Stop when every headline 95% interval's half-width is at most this (then `trials` is the cap). */
  precision?: number;
  /** No progress bar and no notes on stderr. */
  quiet?: boolean;
  /** Run only these chunks and write a partial result file. */
  chunks?: ChunkRange;
  /** Where the partial result goes (default: a name made from the command, in the current folder). */
  partialOut?: string;
}

/** Parses --precision: a half-width strictly between 0 and 0.5. */
export function precisionOption(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0 || n >= 0.5) {
    throw badOption('--precision', value, 'a 95% interval half-width between 0 and 0.5 (e.g. 0.002 for ±0.2 percentage points)');
  }
  return n;
}

/** Parses --chunks A-B (both included, numbered from 0) or a single chunk A. */
export function chunkRangeOption(value: string): ChunkRange {
  const m = /^\s*([0-9]+)\s*(?:-\s*([0-9]+)\s*)?$/.exec(value);
  const expected = 'a chunk range A-B with A <= B, chunks numbered from 0 (e.g. 0-99)';
  if (!m) throw badOption('--chunks', value, expected);
  const first = Number(m[1]);
  const last = m[2] === undefined ? first : Number(m[2]);
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last) || last < first) throw badOption('--chunks', value, expected);
  return { first, last };
}

/**
 * Adds --trials, --seed, --data, --chunk-size, --json, --workers, --precision,
 * --quiet, --chunks and --partial-out to a command.
 */
export function addSimOptions(cmd: Command, defaultTrials: number): Command {
  return cmd
    .addOption(new Option('--trials <n>', `number of simulated engagements (with --precision: the most to run, default ${PRECISION_TRIAL_CAP.toLocaleString('en')})`).default(defaultTrials).argParser(wholeNumber('--trials', 1)))
    .addOption(new Option('--seed <text>', 'seed: the same seed gives the same numbers').default(DEFAULT_SEED).argParser(seedText))
    .addOption(new Option('--data <path>', 'use a NetEA Tournament Pack checkout instead of the built-in 2004 rulebook data').argParser(pathOption('--data')))
    .addOption(new Option('--chunk-size <n>', 'trials per chunk (part of the result: keep it to reproduce a run)').default(DEFAULT_CHUNK_SIZE).argParser(wholeNumber('--chunk-size', 1)))
    .option('--json', 'print the result as JSON')
    .addOption(new Option('--workers <n>', 'worker threads (the numbers do not depend on it)').default(availableParallelism(), 'available parallelism').argParser(wholeNumber('--workers', 1)))
    .addOption(new Option('--precision <p>', 'run until every headline probability\'s 95% interval is within ±p (e.g. 0.002), at most --trials').argParser(precisionOption))
    .option('--quiet', 'no progress bar or notes on stderr (a warning of rules not simulated still prints)')
    .addOption(new Option('--chunks <A-B>', 'run only chunks A to B (from 0) of the run and write a partial result; combine the pieces with `epic-balance merge`').argParser(chunkRangeOption))
    .addOption(new Option('--partial-out <file>', 'where --chunks writes its partial result (default: <scenario>-<command hash>-chunks-A-B.partial.json)'))
    .hook('preAction', (_cmd, action) => {
      const o = action.opts<SimOptions>();
      if (o.precision !== undefined) {
        if (o.chunks !== undefined || o.partialOut !== undefined) {
          throw new InputError([{ file: 'option --precision', path: '', message: 'a run that stops for precision cannot be split with --chunks or written as a partial result (give a fixed --trials)' }]);
        }
        if (action.getOptionValueSource('trials') === 'default') action.setOptionValue('trials', PRECISION_TRIAL_CAP);
      }
    });
}
