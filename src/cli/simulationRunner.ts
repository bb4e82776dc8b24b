import { createHash } from 'node:crypto';
import { InputError } from '../model/inputError.js';
import type { RunnableSpec } from '../scenarios/registry.js';
import { chunkCount } from '../run/chunkPlan.js';
import { countTrials, removeIfInterrupted } from '../run/interrupt.js';
import { partialFile, partialJob, resultCommandLine, writePartialFile, type PartialJob } from '../run/partial.js';
import { checkOutTarget } from '../reports/outTarget.js';
import { ChunkPool } from '../run/pool.js';
import { ProgressBar } from '../run/progress.js';
import { simulate, specKey, type ChunkRange, type RunResult, type SimulationResult } from '../run/simulate.js';
import { badOption } from './options.js';
import type { SimOptions } from './simOptions.js';

/** What a command asks to simulate; how to run it comes from its options. */
export interface SimulationJob {
  spec: RunnableSpec;
  /** Seeds chunks with the seed: comparisons that share both get common random numbers. */
  scenario: string;
  matchup: string;
}

/**
 * The worker threads the commands of a process share: one pool, grown when a
 * run asks for more workers. src/cli.ts keeps one for the process; tests that
 * run commands in-process keep one for their file.
 */
export class WorkerPools {
  private pool: ChunkPool | null = null;

  /** A pool of at least min(workers, tasks) threads (at least one). */
  poolFor(workers: number, tasks: number): ChunkPool {
    const want = Math.max(1, Math.min(workers, tasks));
    if (this.pool && this.pool.workers >= want) return this.pool;
    void this.pool?.destroy();
    this.pool = new ChunkPool({ workers: want });
    return this.pool;
  }
}

/** The file a --chunks / --partial-out command writes, and the jobs it holds so far (a command may simulate several scenarios). */
interface Piece {
  path: string;
  jobs: PartialJob[];
}

/**
 * How one command's simulations are answered: either simulated on worker
 * threads (`SimulationRunner.simulating`), or replayed from the merged
 * results of a split run (`SimulationRunner.replaying`, which is how `merge`
 * prints exactly what the unsplit command prints). The command layer makes
 * one per command line it parses (program.ts, merge.ts) and hands it to the
 * commands that simulate; nothing about the mode lives in module state.
 *
 * A simulating runner also writes the partial result file when the options
 * ask for a piece (--chunks, --partial-out): one file per command, rewritten
 * with each job, its name fixed by the first.
 */
export class SimulationRunner {
  private piece: Piece | null = null;
  /** The command has said, first on stdout, that it prints a piece of a split run. */
  private pieceAnnounced = false;

  private constructor(
    private readonly pools: WorkerPools | null,
    private readonly replay: ReadonlyMap<string, RunResult> | null,
  ) {}

  /** Simulates on `pools`' threads, writing a partial result when the options ask for a piece. */
  static simulating(pools: WorkerPools): SimulationRunner {
    return new SimulationRunner(pools, null);
  }

  /**
   * Simulates nothing: each run returns the one of `results` with the same
   * spec, seed, names, trials and chunk size, and fails with an InputError if
   * there is none.
   */
  static replaying(results: readonly RunResult[]): SimulationRunner {
    return new SimulationRunner(null, new Map(results.map((r) => [identity(r.run.specKey, r.run.seed, r.run.scenario, r.run.matchup, r.run.plannedTrials, r.chunkSize), r])));
  }

  /**
   * Runs a job with the command's simulation options: on worker threads, with
   * a progress bar on a terminal, --precision stopping it early, and --chunks
   * writing a partial result file; or, replaying, the merged result. Ctrl-C is
   * the process's one handler (run/interrupt.ts): it counts the trials
   * finished here.
   */
  async run(o: SimOptions, job: SimulationJob): Promise<SimulationResult> {
    if (this.replay !== null) return replayed(this.replay, o, job);
    const count = chunkCount(o.trials, o.chunkSize);
    if (o.chunks !== undefined && o.chunks.last >= count) {
      throw badOption('--chunks', `${o.chunks.first}-${o.chunks.last}`, `chunks within 0-${count - 1}: ${o.trials} trials in chunks of ${o.chunkSize} make ${count} chunk${count === 1 ? '' : 's'}`);
    }
    const range = o.chunks ?? { first: 0, last: count - 1 };
    const piece = o.chunks !== undefined || o.partialOut !== undefined ? this.pieceFor(o, job, range) : null;
    if (o.chunks !== undefined && !o.json && !this.pieceAnnounced) {
      // First on stdout: what follows is a piece's numbers, not the run's.
      this.pieceAnnounced = true;
      process.stdout.write(`partial result: chunks ${range.first}-${range.last} of ${count} only, not the whole run; \`epic-balance merge\` of every piece gives the run's numbers\n`);
    }
    const pool = this.pools!.poolFor(o.workers, range.last - range.first + 1);
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
    if (piece !== null) {
      const command = resultCommandLine(process.argv.slice(2));
      piece.jobs.push(partialJob(result));
      // One file per command: a command that simulates several scenarios rewrites it with each.
      writePartialFile(piece.path, partialFile(command, piece.jobs));
      // Complete only when the command ends: an interrupted one leaves no piece that looks whole.
      removeIfInterrupted(piece.path);
      if (o.quiet !== true) process.stderr.write(`wrote chunks ${range.first}-${range.last} of ${count} (${result.trials.toLocaleString('en')} trials) to ${piece.path}; combine the pieces with: epic-balance merge <files...>\n`);
    }
    return result;
  }

  /**
   * Where this command writes its partial result (the first job names it;
   * later jobs rewrite the same file), checked before the first simulation
   * (checkOutTarget): an earlier partial result is replaced, saying so, and
   * nothing else is overwritten.
   */
  private pieceFor(o: SimOptions, job: SimulationJob, range: ChunkRange): Piece {
    if (this.piece !== null) return this.piece;
    const path = o.partialOut ?? defaultPartialName(resultCommandLine(process.argv.slice(2)), job.scenario, range);
    if (checkOutTarget(path, '--partial-out', 'partial').replaces) process.stderr.write(`replacing the earlier partial result in ${path}\n`);
    this.piece = { path, jobs: [] };
    return this.piece;
  }
}

function identity(key: string, seed: string, scenario: string, matchup: string, trials: number, chunkSize: number): string {
  return JSON.stringify([key, seed, scenario, matchup, trials, chunkSize]);
}

function replayed(results: ReadonlyMap<string, RunResult>, o: SimOptions, job: SimulationJob): RunResult {
  const key = specKey(job.spec);
  const found = results.get(identity(key, o.seed, job.scenario, job.matchup, o.trials, o.chunkSize));
  if (!found) {
    throw new InputError([{ file: 'merge', path: '', message: `the partial results hold no run of ${job.scenario} "${job.matchup}" with seed "${o.seed}", ${o.trials} trials in chunks of ${o.chunkSize} and this scenario spec (${key.slice(0, 12)}); were the pieces made with other options or data?` }]);
  }
  return found;
}

function defaultPartialName(command: string[], scenario: string, range: ChunkRange): string {
  const hash = createHash('sha1').update(JSON.stringify(command)).digest('hex').slice(0, 8);
  const safe = scenario.replace(/[^A-Za-z0-9_-]+/g, '-') || 'run';
  return `${safe}-${hash}-chunks-${range.first}-${range.last}.partial.json`;
}
