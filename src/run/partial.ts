import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { InputError, formatPath } from '../model/inputError.js';
import { toolVersion } from '../model/projectRoot.js';
import { TRIALS, type TallyLayout } from '../sim/ruleset.js';
import { ExactTally, roundExpansion } from '../stats/exactSum.js';
import { headlineCounters, maxHalfWidth } from './headline.js';
import type { ChunkRange, RunResult } from './simulate.js';

/**
 * Partial results: one run split by chunk ranges over several processes or
 * machines (`--chunks A-B`), merged afterwards (`epic-balance merge`) into
 * exactly the result one run would have given.
 *
 * A partial result file is JSON:
 *
 *   {
 *     "format": "epic-balance/partial-result", "formatVersion": 1,
 *     "tool": "epic-balance 0.1.0",
 *     "command": ["shoot", "4 Devastator", "--at", "8 Ork Boyz", "--trials", "10000000", "--json"],
 *     "jobs": [{
 *       "specKey": "<sha1 of the scenario spec>", "scenario": "shoot", "matchup": "4 Devastator -> 8 Ork Boyz",
 *       "seed": "epic-balance", "trials": 10000000, "chunkSize": 50000, "chunkCount": 200,
 *       "chunks": [0, 99], "trialsInRange": 5000000,
 *       "layout": { ...TallyLayout... },
 *       "tally": [5000000, ...],  "residuals": { "17": [1.4e-12, 123456.789] }
 *     }]
 *   }
 *
 * `command` is the command line that made it, without --chunks and
 * --partial-out (null when written through the library); merge replays it to
 * print what the unsplit command prints. A command that simulates several
 * scenarios has one job per scenario. `trials`, `chunkSize` and `chunkCount`
 * describe the whole run; `chunks` (both ends included, from 0) and
 * `trialsInRange` this piece. `tally` holds the counters (layout in
 * src/sim/ruleset.ts) summed over the range; the few whose exact sum needs
 * more than one double (non-integer sums) also have their exact expansion in
 * `residuals`, so merging is exact and does not depend on how the run was cut.
 */

export const PARTIAL_FORMAT = 'epic-balance/partial-result';

/** The `kind` of what an audit split with --chunks writes (commands/audit.ts): its own partial result. */
export const AUDIT_PARTIAL_KIND = 'epic-balance-audit-partial';
export const PARTIAL_FORMAT_VERSION = 1;

const finite = z.number().refine(Number.isFinite, 'expected a finite number');
const whole = z.number().int().nonnegative();

const PartialJobSchema = z.object({
  specKey: z.string().regex(/^[0-9a-f]{40}$/, 'expected a 40-digit hex spec key'),
  scenario: z.string(),
  matchup: z.string(),
  seed: z.string(),
  trials: whole.min(1),
  chunkSize: whole.min(1),
  chunkCount: whole.min(1),
  chunks: z.tuple([whole, whole]),
  trialsInRange: whole,
  layout: z.object({ length: whole.min(1), records: z.array(z.any()) }).passthrough(),
  tally: z.array(finite),
  residuals: z.record(z.string().regex(/^[0-9]+$/), z.array(finite).min(2)),
});

const PartialFileSchema = z.object({
  format: z.literal(PARTIAL_FORMAT),
  formatVersion: z.literal(PARTIAL_FORMAT_VERSION),
  tool: z.string(),
  command: z.array(z.string()).nullable(),
  jobs: z.array(PartialJobSchema).min(1),
});

export type PartialJob = Omit<z.infer<typeof PartialJobSchema>, 'layout'> & { layout: TallyLayout };
export interface PartialFile {
  format: typeof PARTIAL_FORMAT;
  formatVersion: typeof PARTIAL_FORMAT_VERSION;
  tool: string;
  command: string[] | null;
  jobs: PartialJob[];
}

/** The options that change nothing in the result; left out of a partial file's command line. */
const RUN_ONLY_OPTIONS = new Map<string, boolean>([
  ['--chunks', true],
  ['--partial-out', true],
  ['--workers', true],
  ['--quiet', false],
]);

/** The command line without the options that only say how to run it. */
export function resultCommandLine(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      out.push(...argv.slice(i));
      break;
    }
    const eq = a.indexOf('=');
    const name = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    const takesValue = RUN_ONLY_OPTIONS.get(name);
    if (takesValue === undefined) {
      out.push(a);
      continue;
    }
    if (takesValue && eq < 0) i++;
  }
  return out;
}

/** The partial-file record of one result. */
export function partialJob(result: RunResult): PartialJob {
  const r = result.run;
  return {
    specKey: r.specKey,
    scenario: r.scenario,
    matchup: r.matchup,
    seed: r.seed,
    trials: r.plannedTrials,
    chunkSize: result.chunkSize,
    chunkCount: r.chunkCount,
    chunks: [r.chunkRange.first, r.chunkRange.last],
    trialsInRange: result.trials,
    layout: result.layout,
    tally: [...result.tally],
    residuals: r.exact.residuals(),
  };
}

export function partialFile(command: string[] | null, jobs: PartialJob[]): PartialFile {
  return { format: PARTIAL_FORMAT, formatVersion: PARTIAL_FORMAT_VERSION, tool: `epic-balance ${toolVersion()}`, command, jobs };
}

/** Writes a file whole or not at all: to a temporary name beside it, then renamed. */
export function writeFileAtomic(path: string, text: string): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

export function writePartialFile(path: string, file: PartialFile): void {
  writeFileAtomic(path, JSON.stringify(file, null, 1) + '\n');
}

/** Reads and checks a partial result file; bad input is an InputError naming the file and the field. */
export function readPartialFile(path: string): PartialFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new InputError([{ file: path, path: '', message: `cannot read the partial result file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` }]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new InputError([{ file: path, path: '', message: `not JSON: ${(e as Error).message}` }]);
  }
  if (typeof json === 'object' && json !== null && (json as { format?: unknown }).format !== PARTIAL_FORMAT) {
    throw new InputError([{ file: path, path: 'format', message: `expected "${PARTIAL_FORMAT}": this is not an epic-balance partial result file (write one with --chunks A-B)` }]);
  }
  const parsed = PartialFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new InputError([{ file: path, path: formatPath(issue.path), message: issue.message }]);
  }
  const file = parsed.data as PartialFile;
  file.jobs.forEach((job, j) => {
    const bad = (field: string, message: string) => new InputError([{ file: path, path: `jobs[${j}].${field}`, message }]);
    const [first, last] = job.chunks;
    if (first > last || last >= job.chunkCount) throw bad('chunks', `expected a range A-B with A <= B < chunkCount (${job.chunkCount}), got ${first}-${last}`);
    if (job.chunkCount !== Math.ceil(job.trials / job.chunkSize)) throw bad('chunkCount', `expected ${Math.ceil(job.trials / job.chunkSize)} chunks for ${job.trials} trials of ${job.chunkSize}, got ${job.chunkCount}`);
    if (job.tally.length !== job.layout.length) throw bad('tally', `expected ${job.layout.length} counters (the layout's length), got ${job.tally.length}`);
    if (job.tally[TRIALS] !== job.trialsInRange || job.trialsInRange !== rangeTrials(job.trials, job.chunkSize, first, last)) {
      throw bad('trialsInRange', `expected ${rangeTrials(job.trials, job.chunkSize, first, last)} trials in chunks ${first}-${last} (and as tally[0]), got ${job.trialsInRange} (tally[0] ${job.tally[TRIALS]})`);
    }
    for (const [i, terms] of Object.entries(job.residuals)) {
      if (Number(i) >= job.tally.length || roundExpansion(terms) !== job.tally[Number(i)]) throw bad(`residuals.${i}`, `does not add up to tally[${i}]`);
    }
  });
  return file;
}

/** Trials in chunks first..last of a plan. */
export function rangeTrials(trials: number, chunkSize: number, first: number, last: number): number {
  return Math.max(0, Math.min(trials, (last + 1) * chunkSize) - first * chunkSize);
}

export interface NamedPartial {
  name: string;
  file: PartialFile;
}

/**
 * Combines partial results of one run into one partial result covering their
 * union, which must be a single range without overlaps or gaps. Files from
 * different runs (another scenario, seed, trial count, chunk size, data or
 * command line) are refused. The tallies add exactly, so the result does not
 * depend on how the run was cut or in which order the files come.
 */
export function mergePartials(parts: readonly NamedPartial[]): PartialFile {
  if (parts.length === 0) throw new InputError([{ file: 'merge', path: '', message: 'expected at least one partial result file' }]);
  const [head, ...rest] = parts;
  const ref = head!;
  const problem = (p: NamedPartial, path: string, message: string) => new InputError([{ file: p.name, path, message }]);
  for (const p of rest) {
    if (p.file.jobs.length !== ref.file.jobs.length) throw problem(p, 'jobs', `has ${p.file.jobs.length} scenarios, ${ref.name} has ${ref.file.jobs.length}: these are pieces of different runs`);
    p.file.jobs.forEach((job, j) => {
      const r = ref.file.jobs[j]!;
      for (const field of ['seed', 'scenario', 'matchup', 'specKey', 'trials', 'chunkSize'] as const) {
        if (job[field] !== r[field]) {
          const what = field === 'seed' ? 'different seeds' : field === 'trials' || field === 'chunkSize' ? 'different run sizes' : field === 'specKey' ? 'different scenario specs (other formations, options or data)' : 'different scenarios';
          throw problem(p, `jobs[${j}].${field}`, `${JSON.stringify(job[field])} where ${ref.name} has ${JSON.stringify(r[field])}: pieces of ${what} cannot be merged`);
        }
      }
      if (JSON.stringify(job.layout) !== JSON.stringify(r.layout)) throw problem(p, `jobs[${j}].layout`, `differs from the layout in ${ref.name}: pieces of different runs cannot be merged`);
    });
    if (JSON.stringify(p.file.command) !== JSON.stringify(ref.file.command)) {
      throw problem(p, 'command', `was made by ${describeCommand(p.file.command)}, ${ref.name} by ${describeCommand(ref.file.command)}: pieces of different commands cannot be merged`);
    }
  }
  const jobs = ref.file.jobs.map((r, j) => {
    const pieces = parts.map((p) => ({ name: p.name, job: p.file.jobs[j]! })).sort((a, b) => a.job.chunks[0] - b.job.chunks[0]);
    for (let i = 1; i < pieces.length; i++) {
      const prev = pieces[i - 1]!;
      const cur = pieces[i]!;
      const [pf, pl] = prev.job.chunks;
      const [cf, cl] = cur.job.chunks;
      if (cf <= pl) throw new InputError([{ file: cur.name, path: `jobs[${j}].chunks`, message: `chunks ${cf}-${cl} overlap chunks ${pf}-${pl} of ${prev.name}: each chunk must be merged once` }]);
      if (cf > pl + 1) throw new InputError([{ file: cur.name, path: `jobs[${j}].chunks`, message: `${chunkList(pl + 1, cf - 1)} missing between ${prev.name} (chunks ${pf}-${pl}) and ${cur.name} (chunks ${cf}-${cl})` }]);
    }
    const exact = new ExactTally(r.layout.length);
    for (const piece of pieces) exact.addExact(ExactTally.fromParts(piece.job.tally, piece.job.residuals));
    const tally = [...exact.rounded()];
    const first = pieces[0]!.job.chunks[0];
    const last = pieces[pieces.length - 1]!.job.chunks[1];
    return { ...r, chunks: [first, last] as [number, number], trialsInRange: tally[TRIALS]!, tally, residuals: exact.residuals() };
  });
  return { ...ref.file, jobs };
}

/** "chunk 5 is" or "chunks 5-7 are". */
export function chunkList(first: number, last: number): string {
  return first === last ? `chunk ${first} is` : `chunks ${first}-${last} are`;
}

function describeCommand(command: string[] | null): string {
  return command === null ? 'the library' : `"epic-balance ${command.join(' ')}"`;
}

/** The chunks a job still lacks to be a whole run, or null when it is whole. */
export function missingChunks(job: PartialJob): ChunkRange[] | null {
  const gaps: ChunkRange[] = [];
  if (job.chunks[0] > 0) gaps.push({ first: 0, last: job.chunks[0] - 1 });
  if (job.chunks[1] < job.chunkCount - 1) gaps.push({ first: job.chunks[1] + 1, last: job.chunkCount - 1 });
  return gaps.length > 0 ? gaps : null;
}

/** A job of a (merged) partial file as the result simulate() would have returned for its range. */
export function resultFromPartialJob(job: PartialJob): RunResult {
  const exact = ExactTally.fromParts(job.tally, job.residuals);
  const tally = exact.rounded();
  const whole = missingChunks(job) === null;
  return {
    tally,
    layout: job.layout,
    trials: tally[TRIALS]!,
    chunks: job.chunks[1] - job.chunks[0] + 1,
    chunkSize: job.chunkSize,
    elapsedMs: 0,
    run: {
      specKey: job.specKey,
      seed: job.seed,
      scenario: job.scenario,
      matchup: job.matchup,
      plannedTrials: job.trials,
      chunkCount: job.chunkCount,
      chunkRange: { first: job.chunks[0], last: job.chunks[1] },
      stop: { reason: whole ? 'trials' : 'chunks', precision: null, maxHalfWidth: maxHalfWidth(tally, headlineCounters(job.layout)) },
      exact,
    },
  };
}
