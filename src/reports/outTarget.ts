import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmdirSync, type Stats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { InputError } from '../model/inputError.js';
import { commandLine } from './report.js';
import { AUDIT_PARTIAL_KIND, PARTIAL_FORMAT, resultCommandLine } from '../run/partial.js';
import { SYSTEM_FILE_FORMATS } from './registry.js';

/** The manifest.json of a report folder says it is one with these two fields (writeRunReport.ts). */
export const REPORT_FORMAT = 'epic-balance/run-report';
export const REPORT_FORMAT_VERSION = 1;

/**
 * What a command writes at a path: a report folder (--out), one partial
 * result file (--partial-out, merge --out), a battle file of fitted weights
 * (audit --fit-out), or a list file (roster import --out).
 */
export type OutKind = 'report' | 'partial' | 'fitted-battle' | 'roster';

/** What each kind of file output may replace, as its refusal says. */
const FILE_EXPECTED: Record<Exclude<OutKind, 'report'>, { what: string; expected: string; ours: (file: string) => boolean }> = {
  partial: { what: 'a partial result of epic-balance', expected: 'a new file, or an earlier partial result of epic-balance', ours: (f) => isPartialResult(f) },
  roster: { what: 'a list file of epic-balance', expected: 'a new file, or an earlier list file of epic-balance', ours: (f) => isRosterFile(f) },
  'fitted-battle': { what: 'a battle file written by epic-balance audit --fit-out', expected: 'a new file, or a battle file an earlier audit --fit-out wrote', ours: (f) => isFittedBattle(f) },
};

export interface OutTarget {
  /** Writing there replaces an earlier output of this tool (say so when it happens). */
  replaces: boolean;
}

/**
 * Checks where a command will write, before it simulates anything, so that
 * it never destroys what is not its own: a path that does not exist yet (in
 * a folder it can write), an empty folder, or an earlier output of this tool,
 * which it may replace. A report folder counts as earlier output when its
 * manifest.json is one writeRunReport wrote and it holds nothing but the
 * files that manifest lists; a partial result file when it is one.
 * Anything else (a file where a folder goes, a folder with other files, a
 * symbolic link, a folder that cannot be written) is refused with an
 * InputError: one line naming the option, the path and what was expected,
 * exit code 2, nothing written or deleted.
 *
 * While merge replays the pieces of a split run (withPiecesCommand), an
 * earlier report is replaced only if it is a report of that same run.
 * writeRunReport checks again when it renames the finished report into
 * place, since another process may have written there in the meantime.
 */
export function checkOutTarget(path: string, option: string, kind: OutKind): OutTarget {
  const expected =
    kind !== 'report' ? FILE_EXPECTED[kind].expected
    : piecesCommand !== null ? 'a new folder, an empty one, or a report of the same run (move that folder away, then merge again)'
    : 'a new folder, an empty one, or an earlier report folder of epic-balance';
  const refuse = (what: string, wanted = expected) => new InputError([{ file: `option ${option}`, path: '', message: `${what}; expected ${wanted}` }]);
  if (path.trim() === '') throw refuse('the path is empty');
  let stats: Stats | null;
  try {
    stats = lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw refuse(`cannot look at "${path}" (${errorCode(e)})`);
    stats = null;
  }
  let replaces = false;
  if (stats !== null) {
    if (stats.isSymbolicLink()) throw refuse(`"${path}" is a symbolic link`);
    if (kind === 'report') {
      if (!stats.isDirectory()) throw refuse(`"${path}" is an existing file`);
      let why: string | null;
      try {
        why = notReplaceableReport(path);
      } catch (e) {
        throw refuse(`cannot look into "${path}" (${errorCode(e)})`);
      }
      if (why !== null) throw refuse(`"${path}" ${why}`);
      replaces = readdirSync(path).length > 0;
    } else {
      if (!stats.isFile()) throw refuse(`"${path}" is a folder`);
      if (!FILE_EXPECTED[kind].ours(path)) throw refuse(`"${path}" is an existing file that is not ${FILE_EXPECTED[kind].what}`);
      replaces = true;
    }
  }
  const folder = nearestFolder(dirname(resolve(path)));
  if (folder.error !== null) throw refuse(`cannot write "${path}": ${folder.error}`, 'a path in a folder this user can write');
  return { replaces };
}

/**
 * Why the folder at `dir` may not be replaced by a report (null when it may):
 * it must be empty, or hold a report this tool wrote and nothing else; while
 * merge replays a split run, a report of that run.
 */
function notReplaceableReport(dir: string): string | null {
  const entries = readdirSync(dir, { withFileTypes: true });
  if (entries.length === 0) return null;
  const manifest = readManifest(join(dir, 'manifest.json'));
  if (manifest === null) {
    return entries.some((e) => e.name === 'manifest.json') ? 'holds a manifest.json that no epic-balance report wrote' : `holds ${entries.map((e) => e.name).sort()[0]} and no manifest.json of an epic-balance report`;
  }
  const listed = new Set(manifest.files);
  const foreign = entries.find((e) => !e.isFile() || !listed.has(e.name));
  if (foreign !== undefined) return `holds ${foreign.name}, which is not part of its epic-balance report`;
  if (piecesCommand !== null && !sameRun(manifest.argv, piecesCommand)) {
    const other = manifest.argv !== undefined ? commandLine(manifest.argv) : manifest.command;
    return `holds the report of another run (${other}, seed "${manifest.seed}"), not of the pieces' run (${commandLine([...piecesCommand])})`;
  }
  return null;
}

interface ReportManifest {
  files: string[];
  command: string;
  seed: string;
  /** The command's arguments (reports written before it was recorded have none). */
  argv?: string[];
}

/**
 * manifest.json as writeRunReport writes it, or null when the file is
 * missing or not one. Reports written before the manifest said its format
 * are recognised by the fields every one of them has.
 */
function readManifest(file: string): ReportManifest | null {
  let m: Record<string, unknown>;
  try {
    m = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof m !== 'object' || m === null) return null;
  const files = m.files;
  if (!Array.isArray(files) || !files.every((f) => typeof f === 'string') || typeof m.command !== 'string' || typeof m.seed !== 'string') return null;
  const ours = m.format === REPORT_FORMAT || (m.format === undefined && typeof m.toolVersion === 'string' && m.command.startsWith('epic-balance '));
  if (!ours) return null;
  const argv = Array.isArray(m.argv) && m.argv.every((a) => typeof a === 'string') ? (m.argv as string[]) : undefined;
  return { files: files as string[], command: m.command, seed: m.seed, ...(argv !== undefined ? { argv } : {}) };
}

/** A partial result file of this tool: a run's (workers/partial.ts) or an audit's. */
function isPartialResult(file: string): boolean {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { format?: unknown; kind?: unknown };
    return json.format === PARTIAL_FORMAT || json.kind === AUDIT_PARTIAL_KIND;
  } catch {
    return false;
  }
}

/**
 * A battle file that `audit --fit-out` wrote (fittedBattle): JSON whose every
 * scene's reason starts with the sentence fittedBattle gives it.
 */
function isFittedBattle(file: string): boolean {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { scenes?: unknown };
    const scenes = json.scenes;
    return Array.isArray(scenes) && scenes.length > 0 && scenes.every((x) => typeof (x as { why?: unknown })?.why === 'string' && (x as { why: string }).why.startsWith(FITTED_SCENE_WHY));
  } catch {
    return false;
  }
}

/** Whether a file is a list file this tool wrote (`"format": "epic-balance/roster"`). */
function isRosterFile(file: string): boolean {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { format?: unknown }).format === SYSTEM_FILE_FORMATS.roster;
  } catch {
    return false;
  }
}

/** How every scene's reason begins in a battle file of fitted weights (fitReport.ts fittedBattle). */
export const FITTED_SCENE_WHY = 'Fitted by `epic-balance audit --fit ';

/** Two command lines make the same numbers: equal but for the options that only say how to run (--workers, --quiet, --chunks, --partial-out). */
function sameRun(argv: readonly string[] | undefined, pieces: readonly string[]): boolean {
  return argv !== undefined && JSON.stringify(resultCommandLine(argv)) === JSON.stringify(resultCommandLine(pieces));
}

/**
 * The nearest existing ancestor of a path that does not exist yet (the
 * folders between are made when the output is written), and whether files
 * can be made in it. Tried by making and removing an empty folder: the
 * permission bits do not tell (root, read-only mounts, /proc).
 */
function nearestFolder(start: string): { error: string | null } {
  let dir = start;
  for (;;) {
    let stats: Stats;
    try {
      stats = lstatSync(dir);
    } catch (e) {
      const parent = dirname(dir);
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' && parent !== dir) {
        dir = parent;
        continue;
      }
      return { error: `${dir} cannot be read (${errorCode(e)})` };
    }
    if (!stats.isDirectory()) return { error: `${dir} is not a folder` };
    try {
      rmdirSync(mkdtempSync(join(dir, '.epic-balance-probe-')));
      return { error: null };
    } catch (e) {
      return { error: `no file can be made in ${dir} (${errorCode(e)})` };
    }
  }
}

function errorCode(e: unknown): string {
  return (e as NodeJS.ErrnoException).code ?? String(e);
}

/** The pieces' command line while merge replays a split run (null otherwise). */
let piecesCommand: readonly string[] | null = null;

/**
 * Runs `fn` (merge replaying the command of a split run's pieces) with that
 * command as the one reports record and compare: the report is the pieces'
 * run, and an earlier report at its --out is replaced only if it is of the
 * same run.
 */
export async function withPiecesCommand<T>(argv: readonly string[], fn: () => Promise<T>): Promise<T> {
  const before = piecesCommand;
  piecesCommand = argv;
  try {
    return await fn();
  } finally {
    piecesCommand = before;
  }
}

/** The command line a report records: the pieces' while merge replays them, else the one given. */
export function recordedCommand(argv: readonly string[]): string[] {
  return [...(piecesCommand ?? argv)];
}
