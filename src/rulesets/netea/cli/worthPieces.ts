import { existsSync, lstatSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { InputError } from '../../../model/inputError.js';
import type { ExchangeRecord } from '../run/worth/worthSweep.js';
import type { Shard } from './tournamentPieces.js';

/**
 * A worth sweep in pieces (issue 30, item 6): `worth --shard i/N --partial-out <file>` measures the
 * exchanges whose number (worthSweep.ts exchangeTasks) is i - 1 modulo N, each whole in its piece,
 * and keeps them in the piece's file as they finish (written whole: a temporary file renamed over
 * it); the same command again measures only what the file lacks. `worth --merge <files...>`
 * checks the pieces are of one sweep and cover every shard once, then computes what the unsplit
 * sweep prints: an exchange is the same numbers in any piece (its batches are seeded by its names).
 */

export const WORTH_PIECE_FORMAT = 'epic-balance/worth-piece';

/** Everything that decides a sweep's numbers. */
export interface WorthIdentity {
  data: string | null;
  datasheets: string[];
  dataVersion: string;
  lists: string[];
  armies: number;
  formations: string;
  games: number;
  points: number;
  policies: string[];
  seed: string;
  /** The games' prices (--prices), by policy and formation text, or null for equal worth. */
  prices: Array<[string, Array<[string, number]>]> | null;
}

interface WorthPieceFile {
  format: typeof WORTH_PIECE_FORMAT;
  identity: WorthIdentity;
  shard: Shard;
  tasks: number;
  done: ExchangeRecord[];
}

function readPiece(path: string): WorthPieceFile | null {
  try {
    const json = JSON.parse(readFileSync(path, 'utf8')) as Partial<WorthPieceFile>;
    return json.format === WORTH_PIECE_FORMAT && typeof json.identity === 'object' && Array.isArray(json.done) && typeof json.tasks === 'number' ? (json as WorthPieceFile) : null;
  } catch {
    return null;
  }
}

const key = (r: { policy: number; list: number; item: string; army: number }) => `${r.policy} ${r.list} ${r.army} ${r.item}`;

/** A piece being measured: what its file already holds, and a way to add to it. */
export class WorthPiece {
  private readonly file: WorthPieceFile;

  constructor(
    private readonly path: string,
    identity: WorthIdentity,
    shard: Shard,
    tasks: number,
  ) {
    this.file = { format: WORTH_PIECE_FORMAT, identity, shard, tasks, done: [] };
    if (!existsSync(path)) return;
    const refuse = (why: string) => new InputError([{ file: 'option --partial-out', path: '', message: `"${path}" ${why}; expected a new file, or this piece's file to go on with` }]);
    if (!lstatSync(path).isFile()) throw refuse('is not a file');
    const old = readPiece(path);
    if (old === null) throw refuse('is an existing file that is not a piece of an epic-balance worth sweep');
    if (JSON.stringify(old.identity) !== JSON.stringify(identity) || old.shard.index !== shard.index || old.shard.count !== shard.count) throw refuse(`is shard ${old.shard.index}/${old.shard.count} of another sweep or shard (seed "${old.identity.seed}")`);
    this.file.done = old.done;
  }

  has(task: { policy: number; list: number; item: string; army: number }): ExchangeRecord | null {
    return this.file.done.find((d) => key(d) === key(task)) ?? null;
  }

  get done(): number {
    return this.file.done.length;
  }

  add(r: ExchangeRecord): void {
    this.file.done.push(r);
    this.save();
  }

  save(): void {
    const tmp = `${this.path}.tmp-${process.pid}`;
    writeFileSync(tmp, `${JSON.stringify(this.file)}\n`);
    renameSync(tmp, this.path);
  }
}

/** The pieces of one sweep, checked: each a finished piece, all of one sweep, each shard once. */
export function readWorthPieces(paths: readonly string[]): { identity: WorthIdentity; records: Map<string, ExchangeRecord> } {
  const refuse = (file: string, why: string) => new InputError([{ file, path: '', message: why }]);
  const pieces = paths.map((p) => {
    const piece = existsSync(p) ? readPiece(p) : null;
    if (piece === null) throw refuse(p, existsSync(p) ? 'not a piece of an epic-balance worth sweep; expected a file worth --shard --partial-out wrote' : 'no such file; expected a file worth --shard --partial-out wrote');
    if (piece.done.length < piece.tasks) throw refuse(p, `shard ${piece.shard.index}/${piece.shard.count} has ${piece.done.length} of its ${piece.tasks} exchanges; run its command again to finish it`);
    return { path: p, piece };
  });
  const first = pieces[0]!;
  const seen = new Map<number, string>();
  for (const { path, piece } of pieces) {
    if (JSON.stringify(piece.identity) !== JSON.stringify(first.piece.identity) || piece.shard.count !== first.piece.shard.count) throw refuse(path, `a piece of another sweep than ${first.path} (seed "${piece.identity.seed}", ${piece.shard.count} shards); expected pieces of one sweep`);
    const twice = seen.get(piece.shard.index);
    if (twice !== undefined) throw refuse(path, `shard ${piece.shard.index}/${piece.shard.count} again (also ${twice}); expected each shard once`);
    seen.set(piece.shard.index, path);
  }
  const count = first.piece.shard.count;
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length > 0) throw refuse('option --merge', `shards ${missing.map((i) => `${i}/${count}`).join(', ')} missing; expected all ${count} pieces of the sweep`);
  const records = new Map<string, ExchangeRecord>();
  for (const { piece } of pieces) for (const d of piece.done) records.set(key(d), d);
  return { identity: first.piece.identity, records };
}

export { key as exchangeKey };
