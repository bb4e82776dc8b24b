import { existsSync, lstatSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { InputError } from '../../../model/inputError.js';
import { badOption } from '../../../cli/options.js';
import { checkOutTarget } from '../../../reports/outTarget.js';

/**
 * A round robin in pieces (issue 30, item 6): `tournament --shard i/N --partial-out <file>` plays
 * the pairs of armies whose number among those played is i - 1 modulo N (each pair with all its
 * policies, so its assault odds are reckoned in one piece), and keeps what it has played in its
 * piece file, rewritten whole (write, then rename) as runs finish; run again with the same command,
 * it plays only what the file lacks, so a piece is resumable and safe to rerun.
 * `tournament --merge <files...>` checks that the pieces are of one run and cover every shard
 * once, then prints and writes what the unsplit run does: the outcomes are whole counts, so the
 * merge is exact whatever the pieces' order.
 */

export const PIECE_FORMAT = 'epic-balance/tournament-piece';

/** Which piece: index from 1 to count. */
export interface Shard {
  index: number;
  count: number;
}

/** What makes two pieces parts of one run: everything that decides its numbers. */
export interface RunIdentity {
  data: string | null;
  datasheets: string[];
  dataVersion: string;
  lists: string[];
  armies: number;
  games: number;
  points: number;
  policies: string[];
  mirrors: boolean;
  seed: string;
}

/** One run's outcome for army A of a pair of armies under one policy (game/tournament.ts PairingOutcome). */
export interface RunOutcome {
  wins: number;
  draws: number;
  games: number;
  notPlayed: number[];
}

interface PieceFile {
  format: typeof PIECE_FORMAT;
  identity: RunIdentity;
  shard: Shard;
  /** The runs of this shard, and those played so far (pairing and policy index with the outcome). */
  runs: number;
  done: Array<{ pairing: number; policy: number } & RunOutcome>;
}

/**
 * --shard: "i/N" (1 <= i <= N), or "slurm": the array task's place among the array's tasks, from
 * SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN (0 when unset) and SLURM_ARRAY_TASK_COUNT.
 */
export function parseShard(text: string, env: NodeJS.ProcessEnv = process.env): Shard {
  const refuse = (why: string) => new InputError([{ file: 'option --shard', path: '', message: `${why}; expected i/N with 1 <= i <= N (the i-th of N pieces), or slurm in a Slurm array job` }]);
  if (text.trim() === 'slurm') {
    const id = env.SLURM_ARRAY_TASK_ID;
    const count = env.SLURM_ARRAY_TASK_COUNT;
    if (id === undefined || count === undefined) throw refuse('"slurm": SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT are not set');
    const min = env.SLURM_ARRAY_TASK_MIN ?? '0';
    if (![id, count, min].every((v) => /^[0-9]+$/.test(v))) throw refuse(`"slurm": SLURM_ARRAY_TASK_ID=${id}, SLURM_ARRAY_TASK_MIN=${min}, SLURM_ARRAY_TASK_COUNT=${count} are not whole numbers`);
    return checked({ index: Number(id) - Number(min) + 1, count: Number(count) }, refuse, `"slurm" (task ${id} from ${min}, ${count} tasks)`);
  }
  const m = /^\s*([0-9]+)\s*\/\s*([0-9]+)\s*$/.exec(text);
  if (m === null) throw refuse(`got "${text}"`);
  return checked({ index: Number(m[1]), count: Number(m[2]) }, refuse, `got "${text}"`);
}

function checked(s: Shard, refuse: (why: string) => InputError, what: string): Shard {
  if (!Number.isSafeInteger(s.count) || s.count < 1 || s.index < 1 || s.index > s.count) throw refuse(what);
  return s;
}

/** Does the k-th pair of armies played belong to this shard? */
export function inShard(k: number, shard: Shard): boolean {
  return k % shard.count === shard.index - 1;
}

/**
 * A piece file being played: the runs already in it (when it holds this run's shard) and a way to
 * add more. A path holding anything else is refused before anything is played.
 */
export class Piece {
  private readonly file: PieceFile;
  private lastWrite = 0;

  constructor(
    private readonly path: string,
    identity: RunIdentity,
    shard: Shard,
    runs: number,
  ) {
    this.file = { format: PIECE_FORMAT, identity, shard, runs, done: [] };
    if (!existsSync(path)) return;
    const refuse = (why: string) => new InputError([{ file: 'option --partial-out', path: '', message: `"${path}" ${why}; expected a new file, or this piece's file to go on with` }]);
    if (!lstatSync(path).isFile()) throw refuse('is not a file');
    const old = readPiece(path);
    if (old === null) throw refuse('is an existing file that is not a piece of an epic-balance tournament');
    if (JSON.stringify(old.identity) !== JSON.stringify(identity) || old.shard.index !== shard.index || old.shard.count !== shard.count) {
      throw refuse(`is shard ${old.shard.index}/${old.shard.count} of another round robin or shard (seed "${old.identity.seed}")`);
    }
    this.file.done = old.done;
  }

  /** The outcome already played for a run, or null. */
  outcome(pairing: number, policy: number): RunOutcome | null {
    const d = this.file.done.find((x) => x.pairing === pairing && x.policy === policy);
    return d === undefined ? null : { wins: d.wins, draws: d.draws, games: d.games, notPlayed: d.notPlayed };
  }

  get played(): number {
    return this.file.done.length;
  }

  /** Adds a finished run; the file is rewritten at most every `everyMs` milliseconds (and by `save`). */
  add(pairing: number, policy: number, o: RunOutcome, everyMs = 2000): void {
    this.file.done.push({ pairing, policy, ...o });
    if (performance.now() - this.lastWrite >= everyMs) this.save();
  }

  /** Writes the file whole: a temporary file renamed over it, so it is never seen half-written. */
  save(): void {
    const tmp = `${this.path}.tmp-${process.pid}`;
    writeFileSync(tmp, `${JSON.stringify(this.file)}\n`);
    renameSync(tmp, this.path);
    this.lastWrite = performance.now();
  }
}

function readPiece(path: string): PieceFile | null {
  try {
    const json = JSON.parse(readFileSync(path, 'utf8')) as Partial<PieceFile>;
    return json.format === PIECE_FORMAT && typeof json.identity === 'object' && Array.isArray(json.done) && typeof json.runs === 'number' ? (json as PieceFile) : null;
  } catch {
    return null;
  }
}

/**
 * The pieces of one run, read and checked: every file a finished piece, all of one run (the same
 * identity and number of shards), each shard once. Returns the identity and every run's outcome
 * by "pairing policy".
 */
export function readPieces(paths: readonly string[]): { identity: RunIdentity; outcomes: Map<string, RunOutcome> } {
  const refuse = (file: string, why: string) => new InputError([{ file, path: '', message: why }]);
  const pieces = paths.map((p) => {
    const piece = existsSync(p) ? readPiece(p) : null;
    if (piece === null) throw refuse(p, existsSync(p) ? 'not a piece of an epic-balance tournament; expected a file tournament --shard --partial-out wrote' : 'no such file; expected a file tournament --shard --partial-out wrote');
    if (piece.done.length < piece.runs) throw refuse(p, `shard ${piece.shard.index}/${piece.shard.count} has ${piece.done.length} of its ${piece.runs} runs; run its command again to finish it`);
    return { path: p, piece };
  });
  const first = pieces[0]!;
  const seen = new Map<number, string>();
  for (const { path, piece } of pieces) {
    if (JSON.stringify(piece.identity) !== JSON.stringify(first.piece.identity) || piece.shard.count !== first.piece.shard.count) {
      throw refuse(path, `a piece of another round robin than ${first.path} (seed "${piece.identity.seed}", ${piece.shard.count} shards); expected pieces of one run`);
    }
    const twice = seen.get(piece.shard.index);
    if (twice !== undefined) throw refuse(path, `shard ${piece.shard.index}/${piece.shard.count} again (also ${twice}); expected each shard once`);
    seen.set(piece.shard.index, path);
  }
  const count = first.piece.shard.count;
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length > 0) throw refuse('option --merge', `shards ${missing.map((i) => `${i}/${count}`).join(', ')} missing; expected all ${count} pieces of the run`);
  const outcomes = new Map<string, RunOutcome>();
  for (const { piece } of pieces) for (const d of piece.done) outcomes.set(`${d.pairing} ${d.policy}`, { wins: d.wins, draws: d.draws, games: d.games, notPlayed: d.notPlayed });
  return { identity: first.piece.identity, outcomes };
}

/**
 * The piece a `--shard i/N` run plays, or null for a whole run: a piece is kept in its
 * `--partial-out` file and writes no `--out` (`<command> --merge` of the pieces does), so each
 * option without its partner is refused. `whole` ends the message refusing --partial-out alone.
 */
export function shardOf(o: { shard?: string; partialOut?: string; out?: string }, command: string, whole: string): Shard | null {
  const shard = o.shard === undefined ? null : parseShard(o.shard);
  if (shard !== null && o.partialOut === undefined) throw badOption('--shard', o.shard!, 'with --partial-out <file>, where the piece is kept');
  if (shard === null && o.partialOut !== undefined) throw badOption('--partial-out', o.partialOut, `with --shard i/N${whole}`);
  if (shard !== null && o.out !== undefined) throw badOption('--out', o.out, `no --out with --shard: ${command} --merge of the pieces writes the report`);
  return shard;
}

/**
 * `<command> --merge <pieces>`: what was played is the pieces' to say, so the options that choose
 * it are refused beside --merge; the report folder's target is checked before anything is read.
 */
export function checkMergeOptions(given: ReadonlyArray<[string, string | undefined]>, out: string | undefined): void {
  for (const [flag, value] of given) if (value !== undefined) throw badOption(flag, value, `no ${flag} with --merge (the pieces say what was played)`);
  if (out !== undefined) checkOutTarget(out, '--out', 'report');
}
