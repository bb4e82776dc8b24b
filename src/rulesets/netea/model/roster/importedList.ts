import type { Dataset } from '../../../../model/dataset.js';
import { InputError } from '../../../../model/inputError.js';
import { parseFormation } from '../../../../model/formation.js';
import { checkRoster, type RosterCheck } from './check.js';
import { ROSTER_FORMAT, type RosterFile } from './listFile.js';

/**
 * What every importer (Snapfire link or text, BattleScribe roster, New Recruit export) makes of
 * its source: the army, each formation as a formation text with the source's own name and price,
 * the army upgrades, every entry it could not map with the reason, and what it decided on the
 * way. `importedRoster` turns it into a list file, re-prices it from the data set in use and
 * checks it, so every importer reports its differences from the source alike.
 */

export interface ImportedFormation {
  text: string;
  source: { name: string; points?: number };
}

export interface ImportedList {
  name: string;
  army: string;
  formations: ImportedFormation[];
  upgrades: Array<{ id: string; source: { name: string; points?: number } }>;
  /** Entries with no counterpart in the data set, left out, each with the reason. */
  unmapped: Array<{ entry: string; reason: string }>;
  notes: string[];
  /** The source's own total. */
  sourcePoints: number;
  /** What the source was read against (the Snapfire list file and commit, the BattleScribe catalogue). */
  against: string;
  /** The source's points limit, where it has one (a BattleScribe roster's cost limit). */
  pointsLimit?: number;
}

export type SourceFormat = NonNullable<RosterFile['source']>['format'];

export interface RosterImport {
  roster: RosterFile;
  check: RosterCheck;
  /** Each formation or army upgrade whose price in the data set in use differs from the source's. */
  differences: Array<{ entry: string; source: number; repriced: number }>;
  unmapped: ImportedList['unmapped'];
  notes: string[];
  /** How the points limit was chosen. */
  limit: string;
}

/** Tournament sizes are whole 500s: a source that gives no limit is taken to be built to the next one. */
const SIZE_STEP = 500;

/**
 * The list file of an imported list, re-priced and checked. A source whose own total is over the
 * points limit asked for (--points) is refused (one problem naming it and the limit); a list over
 * its own limit, or that re-pricing takes over it, and every other breach, is reported with the
 * check, as `roster check` reports it: the player sees what the Tournament Pack's prices change.
 * A formation text the data set cannot field as mapped (an upgrade taken more often than the TP
 * allows, one that needs a unit the formation lacks) loses the fewest upgrades that make it
 * fieldable, each named as an unmapped entry with the data set's reason.
 */
export function importedRoster(data: Dataset, imported: ImportedList, format: SourceFormat, sourceText: string | undefined, points: number | undefined, file: string): RosterImport {
  const limit = points ?? imported.pointsLimit ?? Math.max(SIZE_STEP, Math.ceil(imported.sourcePoints / SIZE_STEP) * SIZE_STEP);
  const limitSaid =
    points !== undefined ? `${limit}, as --points gives`
    : imported.pointsLimit !== undefined ? `${limit}, the source's own`
    : `${limit}: the source's ${imported.sourcePoints} points rounded up to a whole ${SIZE_STEP} (--points sets another)`;
  if (points !== undefined && imported.sourcePoints > limit) {
    throw new InputError([{ file, path: '', message: `list "${imported.name}" costs ${imported.sourcePoints} points in the source, over the points limit of ${limit}; expected at most ${limit}` }]);
  }
  const unmapped = [...imported.unmapped];
  const formations = imported.formations.map((f, k) => ({ ...f, text: fieldable(data, f.text, (token, reason) => unmapped.push({ entry: `formation ${k + 1} "${f.source.name}": upgrade "+${token}"`, reason: `left out: ${reason}` })) }));
  const roster: RosterFile = {
    format: ROSTER_FORMAT,
    name: imported.name,
    data: { set: data.id as RosterFile['data']['set'], version: data.version },
    army: imported.army,
    points: limit,
    formations: formations.map((f) => ({ formation: f.text, source: f.source })),
    upgrades: imported.upgrades.map((u) => u.id),
    source: { format, points: imported.sourcePoints, against: imported.against, ...(sourceText !== undefined ? { text: sourceText } : {}) },
  };
  const check = checkRoster(data, roster, file);
  const differences: RosterImport['differences'] = [];
  check.formations.forEach((f, k) => {
    const source = formations[k]!.source;
    if (source.points !== undefined && f.points !== undefined && f.points !== source.points) differences.push({ entry: `formation ${f.index} "${source.name}" (${f.text})`, source: source.points, repriced: f.points });
  });
  check.upgrades.forEach((u, k) => {
    const source = imported.upgrades[k]!.source;
    if (source.points !== undefined && u.points !== source.points) differences.push({ entry: `army upgrade "${source.name}" (${u.id})`, source: source.points, repriced: u.points });
  });
  return { roster, check, differences, unmapped, notes: imported.notes, limit: limitSaid };
}

/** Whether the data set fields a formation text; the refusal's words when it does not. */
function refusal(data: Dataset, text: string): string | null {
  try {
    parseFormation(data, text);
    return null;
  } catch (e) {
    if (e instanceof InputError) return e.problems.map((p) => p.message).join('; ');
    throw e;
  }
}

/**
 * The formation text with the fewest upgrades left out that the data set fields: one at a time,
 * the last the refusal names ("upgrade "Flak" may be taken 1 time(s)"), else the last whose
 * removal makes it fieldable, else the last one, until it is. Each one left out is said with the
 * refusal it caused. A text that is not fieldable even without any upgrade is kept whole: the
 * check names it.
 */
function fieldable(data: Dataset, text: string, leftOut: (token: string, reason: string) => void): string {
  const [head, ...tokens] = text.split('+');
  let reason = refusal(data, text);
  if (reason === null || refusal(data, head!) !== null) return text;
  const army = data.armies.get(head!.slice(0, head!.indexOf('/')));
  const nameOf = (token: string) => army?.upgrades.find((u) => u.id === token.split('@')[0])?.name;
  const build = (ts: string[]) => [head, ...ts].join('+');
  while (reason !== null && tokens.length > 0) {
    const said = reason;
    let at = tokens.findLastIndex((t) => nameOf(t) !== undefined && said.includes(`"${nameOf(t)}"`));
    if (at < 0) {
      at = tokens.length - 1;
      while (at >= 0 && refusal(data, build(tokens.filter((_, j) => j !== at))) !== null) at--;
      if (at < 0) at = tokens.length - 1;
    }
    leftOut(tokens[at]!, reason);
    tokens.splice(at, 1);
    reason = refusal(data, build(tokens));
  }
  return build(tokens);
}
