import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Option, type Command } from 'commander';
import { InputError } from '../model/inputError.js';
import type { RunnableSpec } from '../scenarios/registry.js';
import { chunkCount } from '../run/chunkPlan.js';
import { countTrials, removeIfInterrupted } from '../run/interrupt.js';
import { partialFile, partialJob, resultCommandLine, writePartialFile, type PartialJob } from '../run/partial.js';
import { checkOutTarget } from '../reports/outTarget.js';
import { ChunkPool } from '../run/pool.js';
import { ProgressBar } from '../run/progress.js';
import { DEFAULT_CHUNK_SIZE, DEFAULT_SEED, PRECISION_TRIAL_CAP } from '../model/runDefaults.js';
import { simulate, specKey, type ChunkRange, type RunResult, type SimulationResult } from '../run/simulate.js';
import { badOption, pathOption, seedText, wholeNumber } from './options.js';

export { resultCommandLine } from '../run/partial.js';

/** Options every simulating command shares. */
export interface SimOptions {
  trials: number;
  seed: string;
  json?: boolean;
  data?: string;
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

/** What a command asks to simulate; the run options come from the command line. */
export interface SimulationJob {
  spec: RunnableSpec;
  /** Seeds chunks with the seed: comparisons that share both get common random numbers. */
  scenario: string;
  matchup: string;
}

/** One pool of threads per process, shared by the runs of a command. */
let sharedPool: ChunkPool | null = null;

function poolFor(workers: number, tasks: number): ChunkPool {
  const want = Math.max(1, Math.min(workers, tasks));
  if (sharedPool && sharedPool.workers >= want) return sharedPool;
  void sharedPool?.destroy();
  sharedPool = new ChunkPool({ workers: want });
  return sharedPool;
}

/** Jobs of this process's partial result so far (a command may simulate several scenarios), and its file. */
const partialJobs: PartialJob[] = [];
let partialPath: string | null = null;

function defaultPartialName(command: string[], scenario: string, range: ChunkRange): string {
  const hash = createHash('sha1').update(JSON.stringify(command)).digest('hex').slice(0, 8);
  const safe = scenario.replace(/[^A-Za-z0-9_-]+/g, '-') || 'run';
  return `${safe}-${hash}-chunks-${range.first}-${range.last}.partial.json`;
}

/**
 * Where this process writes its partial result (the first job names it;
 * later jobs rewrite the same file), checked before the first simulation
 * (checkOutTarget): an earlier partial result is replaced, saying so, and
 * nothing else is overwritten.
 */
function partialPathFor(o: SimOptions, job: SimulationJob, range: ChunkRange): string {
  if (partialPath !== null) return partialPath;
  const path = o.partialOut ?? defaultPartialName(resultCommandLine(process.argv.slice(2)), job.scenario, range);
  if (checkOutTarget(path, '--partial-out', 'partial').replaces) process.stderr.write(`replacing the earlier partial result in ${path}\n`);
  partialPath = path;
  return path;
}

/** This process has said, first on stdout, that it runs a piece of a split run. */
let pieceAnnounced = false;

/** Results that `epic-balance merge` supplies instead of simulating (see replayResults). */
let replay: Map<string, RunResult> | null = null;

function identity(key: string, seed: string, scenario: string, matchup: string, trials: number, chunkSize: number): string {
  return JSON.stringify([key, seed, scenario, matchup, trials, chunkSize]);
}

/**
 * Runs `fn` (a command's action) with these results standing in for its
 * simulations: each runSimulation call returns the result with the same spec,
 * seed, names, trials and chunk size, and fails with an InputError if there is
 * none. This is how merge prints exactly what the unsplit command prints.
 */
export async function replayResults<T>(results: readonly RunResult[], fn: () => Promise<T>): Promise<T> {
  const before = replay;
  replay = new Map(results.map((r) => [identity(r.run.specKey, r.run.seed, r.run.scenario, r.run.matchup, r.run.plannedTrials, r.chunkSize), r]));
  try {
    return await fn();
  } finally {
    replay = before;
  }
}

/**
 * Runs a job with the command's simulation options: on worker threads, with
 * a progress bar on a terminal, --precision stopping it early, and --chunks
 * writing a partial result file. Ctrl-C is the process's one handler
 * (workers/interrupt.ts): it counts the trials finished here.
 */
export async function runSimulation(o: SimOptions, job: SimulationJob): Promise<SimulationResult> {
  if (replay !== null) {
    const key = specKey(job.spec);
    const found = replay.get(identity(key, o.seed, job.scenario, job.matchup, o.trials, o.chunkSize));
    if (!found) {
      throw new InputError([{ file: 'merge', path: '', message: `the partial results hold no run of ${job.scenario} "${job.matchup}" with seed "${o.seed}", ${o.trials} trials in chunks of ${o.chunkSize} and this scenario spec (${key.slice(0, 12)}); were the pieces made with other options or data?` }]);
    }
    return found;
  }
  const count = chunkCount(o.trials, o.chunkSize);
  if (o.chunks !== undefined && o.chunks.last >= count) {
    throw badOption('--chunks', `${o.chunks.first}-${o.chunks.last}`, `chunks within 0-${count - 1}: ${o.trials} trials in chunks of ${o.chunkSize} make ${count} chunk${count === 1 ? '' : 's'}`);
  }
  const range = o.chunks ?? { first: 0, last: count - 1 };
  const partial = o.chunks !== undefined || o.partialOut !== undefined ? partialPathFor(o, job, range) : null;
  if (o.chunks !== undefined && !o.json && !pieceAnnounced) {
    // First on stdout: what follows is a piece's numbers, not the run's.
    pieceAnnounced = true;
    process.stdout.write(`partial result: chunks ${range.first}-${range.last} of ${count} only, not the whole run; \`epic-balance merge\` of every piece gives the run's numbers\n`);
  }
  const pool = poolFor(o.workers, range.last - range.first + 1);
  const bar = new ProgressBar({ precision: o.precision ?? null });
  const useBar = o.quiet !== true && bar.enabled;
  let counted = 0;
  countTrials(0);
  const result = await simulate({
    spec: job.spec,
    seed: o.seed,
    scenario: job.scenario,
    matchup: job.matchup,
    trials: o.trials,
    chunkSize: o.chunkSize,
    pool,
    ...(o.precision !== undefined ? { precision: o.precision } : {}),
    ...(o.chunks !== undefined ? { chunks: o.chunks } : {}),
    onProgress: (p) => {
      countTrials(p.trialsDone - counted);
      counted = p.trialsDone;
      if (useBar) bar.update(p);
    },
  }).finally(() => {
    if (useBar) bar.clear();
  });
  const stop = result.run.stop;
  if (o.precision !== undefined && o.quiet !== true) {
    process.stderr.write(
      stop.reason === 'precision'
        ? `stopped for precision: every headline 95% interval within ±${o.precision} (widest ±${stop.maxHalfWidth.toFixed(5)}) after ${result.trials.toLocaleString('en')} trials\n`
        : `stopped at the --trials cap of ${result.trials.toLocaleString('en')}: the widest headline 95% interval is ±${stop.maxHalfWidth.toFixed(5)}, wider than ±${o.precision}\n`,
    );
  }
  if (partial !== null) {
    const command = resultCommandLine(process.argv.slice(2));
    partialJobs.push(partialJob(result));
    // One file per process: a command that simulates several scenarios rewrites it with each.
    writePartialFile(partial, partialFile(command, partialJobs));
    // Complete only when the command ends: an interrupted one leaves no piece that looks whole.
    removeIfInterrupted(partial);
    if (o.quiet !== true) process.stderr.write(`wrote chunks ${range.first}-${range.last} of ${count} (${result.trials.toLocaleString('en')} trials) to ${partial}; combine the pieces with: epic-balance merge <files...>\n`);
  }
  return result;
}
