import { InputError } from '../../../../../src/model/inputError.js';
import { formationText, ROSTER_FORMAT, type RosterFile } from '../../../../../src/rulesets/netea/model/roster/listFile.js';
import { enc, RUN_DEFAULTS, words } from '../../../hash.js';
import { DEFAULT_BATTLE_TRIALS } from '../../../../../src/model/runDefaults.js';

/**
 * The address of a matchup in the playground: both lists, then `epic-balance matchup`'s options
 * without their dashes, so a link reproduces the run, seed included:
 *
 *   #matchup=<my list>&theirs=<their list>&trials=500&seed=epic-balance&data=<checkout>
 *
 * A list is carried whole, as lines (encoded as every value of the address is): its name, its army
 * list's id, its points limit, then each formation's text, then each army upgrade as `+<id>`. It
 * reads back to the same list file, without what the list was imported from (a link carries the
 * list, not its source). `data` is the Tournament Pack checkout's folder name, as elsewhere in the
 * page; keys are only ever added, never renamed (docs/playground.md).
 */

/** A list as a link carries it. */
export interface LinkedList {
  name: string;
  army: string;
  points: number;
  formations: string[];
  upgrades: string[];
}

export interface MatchupScenario {
  mine: LinkedList;
  theirs: LinkedList;
  trials?: number;
  seed?: string;
  chunkSize?: number;
  data?: string;
  workers?: number;
}

/** `matchup`'s trials per meeting by default, as the command line's. */
export const MATCHUP_TRIALS = DEFAULT_BATTLE_TRIALS;

const bad = (file: string, got: string, expected: string) => new InputError([{ file, path: '', message: `expected ${expected}, got "${got}"` }]);

function whole(raw: string, option: string): number {
  const n = Number(raw);
  if (!/^[0-9]+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < 1) throw bad(`option ${option}`, raw, 'a whole number of at least 1');
  return n;
}

/** True when the hash names a matchup (holds `matchup=`). */
export function isMatchupHash(hash: string): boolean {
  return /(^#?|&)matchup=/.test(hash);
}

/** A list file's list as a link carries it. */
export function linkedList(roster: RosterFile): LinkedList {
  return { name: roster.name, army: roster.army, points: roster.points, formations: roster.formations.map(formationText), upgrades: roster.upgrades };
}

/** A linked list as a list file of the data set in use. */
export function listFileOf(list: LinkedList, data: { id: string; version: string }): RosterFile {
  return { format: ROSTER_FORMAT, name: list.name, data: { set: data.id as RosterFile['data']['set'], version: data.version }, army: list.army, points: list.points, formations: list.formations, upgrades: list.upgrades };
}

export function listWord(list: LinkedList): string {
  return [list.name, list.army, String(list.points), ...list.formations, ...list.upgrades.map((u) => `+${u}`)].join('\n');
}

function readList(raw: string | null, key: string): LinkedList {
  const file = key === 'matchup' ? 'the page address: matchup=' : `the page address: ${key}=`;
  const [name = '', army = '', points = '', ...rest] = (raw ?? '').split('\n').map((l) => l.trim());
  const expected = 'a list as lines: its name, its army list, its points limit, then its formations and +army upgrades';
  if (name === '' || army === '' || rest.length === 0) throw new InputError([{ file, path: '', message: `expected ${expected}, got ${rest.length === 0 ? 'no formation' : 'an empty name or army'}` }]);
  const limit = Number(points);
  if (!/^[0-9]+$/.test(points) || limit < 1) throw new InputError([{ file, path: 'points', message: `expected the points limit, a whole number of at least 1, got "${points}"` }]);
  const formations = rest.filter((l) => l !== '' && !l.startsWith('+'));
  if (formations.length === 0) throw new InputError([{ file, path: '', message: `expected ${expected}, got no formation` }]);
  return { name, army, points: limit, formations, upgrades: rest.filter((l) => l.startsWith('+')).map((l) => l.slice(1)) };
}

/** Reads a matchup from its words ([key, value or null]); unknown keys and bad values are InputErrors naming the option. */
export function parseMatchupWords(ws: ReadonlyArray<readonly [string, string | null]>): MatchupScenario {
  const once = (key: string) => {
    const found = ws.filter(([k]) => k === key);
    if (found.length !== 1) throw new InputError([{ file: 'the page address', path: '', message: `expected ${key}=<list>, once` }]);
    return found[0]![1];
  };
  const s: MatchupScenario = { mine: readList(once('matchup'), 'matchup'), theirs: readList(once('theirs'), 'theirs') };
  for (const [key, raw] of ws) {
    const v = raw ?? '';
    if (key === 'matchup' || key === 'theirs') continue;
    else if (key === 'trials') s.trials = whole(v, '--trials');
    else if (key === 'chunk-size') s.chunkSize = whole(v, '--chunk-size');
    else if (key === 'workers') s.workers = whole(v, '--workers');
    else if (key === 'seed') {
      if (v.trim() === '') throw bad('option --seed', v, 'a seed: any non-empty text, e.g. "epic-balance"');
      s.seed = v;
    } else if (key === 'data') {
      if (!/^[^/\\]+$/.test(v)) throw bad('option --data', v, "builtin or the name of a Tournament Pack checkout's folder (no slashes)");
      s.data = v;
    } else throw new InputError([{ file: `option --${key}`, path: '', message: 'unknown option for matchup in the playground (it takes theirs, trials, seed, chunk-size, data and workers)' }]);
  }
  return s;
}

/** Reads a matchup from a hash. */
export function parseMatchupHash(hash: string): MatchupScenario {
  return parseMatchupWords(words(hash));
}

/** The hash of a matchup (with its "#"). */
export function matchupHash(s: MatchupScenario): string {
  const out = [`matchup=${enc(listWord(s.mine))}`, `theirs=${enc(listWord(s.theirs))}`];
  if (s.trials !== undefined) out.push(`trials=${s.trials}`);
  if (s.seed !== undefined) out.push(`seed=${enc(s.seed)}`);
  if (s.chunkSize !== undefined) out.push(`chunk-size=${s.chunkSize}`);
  if (s.data !== undefined) out.push(`data=${enc(s.data)}`);
  if (s.workers !== undefined) out.push(`workers=${s.workers}`);
  return `#${out.join('&')}`;
}

/** The run's numbers, defaults filled in as the command fills them. */
export function matchupNumbers(s: MatchupScenario): { trials: number; seed: string; chunkSize: number } {
  return { trials: s.trials ?? MATCHUP_TRIALS, seed: s.seed ?? RUN_DEFAULTS.seed, chunkSize: s.chunkSize ?? RUN_DEFAULTS.chunkSize };
}

/** A list file's name from its list's name: lower case, words joined by "-" ("Codex Astartes 3000" is codex-astartes-3000.json). */
export function listFileName(name: string): string {
  const slug = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return `${slug === '' ? 'list' : slug}.json`;
}

/** The two lists' file names: the second gets "-theirs" when both lists have the same name. */
export function listFileNames(s: MatchupScenario): { mine: string; theirs: string } {
  const mine = listFileName(s.mine.name);
  const theirs = listFileName(s.theirs.name);
  return { mine, theirs: theirs === mine ? theirs.replace(/\.json$/, '-theirs.json') : theirs };
}

/** The command line that prints the same JSON (after "epic-balance", without --json), the lists saved under their file names. */
export function matchupArgv(s: MatchupScenario): string[] {
  const { trials, seed, chunkSize } = matchupNumbers(s);
  const files = listFileNames(s);
  return ['matchup', files.mine, files.theirs, ...(s.data !== undefined && s.data !== 'builtin' ? ['--data', s.data] : []), '--trials', String(trials), '--seed', seed, '--chunk-size', String(chunkSize)];
}
