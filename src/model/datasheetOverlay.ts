import { z } from 'zod';
import { buildDataset, type Dataset, type NamedDatasheet } from './dataset.js';
import { formatPath, InputError, type Problem } from './inputError.js';
import { Army, Force, Formation, Id, Unit, Upgrade, Weapon, type DatasheetFile } from './schema.js';

/**
 * A datasheet overlay (`--datasheet <file>`): weapons, units, forces and army
 * lists laid over the data set in use, so that a proposed unit, profile or
 * price is valued without editing the built-in datasheets or a Tournament
 * Pack checkout. Its file has the shape of a datasheet file (schema.ts
 * DatasheetFile), and each entry is either
 * - new (an id the data set lacks): complete, as a datasheet file would give it; or
 * - a change to the entry of that id: only the fields it gives, each replacing
 *   that field whole. An army's `formations` and `upgrades` are themselves
 *   changed entry by entry, by id; a force's `units` are added to the force's.
 * Every merged entry is then checked by the same zod schema as a built-in
 * datasheet's, and the whole data set by the same cross-checks (buildDataset),
 * each problem naming the overlay file and the path inside it.
 */

/** An entry of an overlay before it is merged: an id and whatever fields it changes. */
const Entry = z.looseObject({ id: Id });
const ArmyEntry = z.looseObject({ id: Id, formations: z.array(Entry).optional(), upgrades: z.array(Entry).optional() });

export const OverlayFile = z.strictObject({
  $schema: z.string().optional(),
  source: z.string().optional(),
  weapons: z.array(Entry).default([]),
  units: z.array(Entry).default([]),
  forces: z.array(Entry).default([]),
  armies: z.array(ArmyEntry).default([]),
});

/** An overlay as reports name it: the file as the user gave it and the SHA-256 of its content. */
export interface OverlaySource {
  file: string;
  sha256: string;
}

type Raw = Record<string, unknown>;

/** Parses `value` with `schema`, or records its issues as problems at `path` of `file`. */
function checked<T>(schema: z.ZodType<T>, value: unknown, file: string, path: PropertyKey[], problems: Problem[]): T | null {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  // An unknown field of the entry itself: name the fields there are (zod names only the stray one).
  const fields = schema instanceof z.ZodObject ? Object.keys(schema.shape as object) : null;
  for (const issue of r.error.issues) {
    const known = issue.code === 'unrecognized_keys' && issue.path.length === 0 && fields !== null ? `; expected only ${fields.join(', ')}` : '';
    problems.push({ file, path: formatPath([...path, ...issue.path]), message: `${issue.message}${known}` });
  }
  return null;
}

/** Entries given twice in one list of the overlay: which one counts would be a guess. */
function duplicates(entries: ReadonlyArray<{ id: string }>, file: string, path: string, problems: Problem[]): void {
  const seen = new Set<string>();
  entries.forEach((e, i) => {
    if (seen.has(e.id)) problems.push({ file, path: `${path}[${i}].id`, message: `"${e.id}" is given twice in this file; expected each id once` });
    seen.add(e.id);
  });
}

/** `base` with the entries of `patches` merged in by id (changed in place of the old, new ones last), each checked by `schema`. */
function mergeById<T extends { id: string }>(base: readonly T[], patches: readonly Raw[], schema: z.ZodType<T>, file: string, path: PropertyKey[], problems: Problem[], merge = (old: T, patch: Raw): Raw => ({ ...old, ...patch })): T[] {
  const out = [...base];
  patches.forEach((patch, i) => {
    const at = out.findIndex((x) => x.id === patch.id);
    const merged = checked(schema, at >= 0 ? merge(out[at]!, patch) : patch, file, [...path, i], problems);
    if (merged === null) return;
    if (at >= 0) out[at] = merged;
    else out.push(merged);
  });
  return out;
}

/**
 * The data set `base` with the overlay `json` (read from `source.file`) laid
 * over it. Its version names the overlay and its hash after the base's, so
 * that every report, JSON output and manifest that names the data set names
 * the overlay too. Bad input throws one InputError with every problem.
 */
export function applyOverlay(base: Dataset, json: unknown, source: OverlaySource): Dataset {
  const file = source.file;
  const problems: Problem[] = [];
  const overlay = checked(OverlayFile, json, file, [], problems);
  if (overlay === null) throw new InputError(problems);
  for (const key of ['weapons', 'units', 'forces', 'armies'] as const) duplicates(overlay[key], file, key, problems);

  const weapons = mergeById([...base.weapons.values()], overlay.weapons, Weapon, file, ['weapons'], problems);
  const units = mergeById([...base.units.values()], overlay.units, Unit, file, ['units'], problems);
  // A force's units are added to, not replaced: an overlay adds a unit to its faction without restating the faction.
  const forces = mergeById([...base.forces.values()], overlay.forces, Force, file, ['forces'], problems, (old, patch) => ({ ...old, ...patch, units: [...new Set([...old.units, ...((patch.units as string[] | undefined) ?? [])])] }));
  const armies = [...base.armies.values()];
  overlay.armies.forEach((patch, i) => {
    const at = armies.findIndex((a) => a.id === patch.id);
    if (at < 0) {
      const army = checked(Army, patch, file, ['armies', i], problems);
      if (army !== null) armies.push(army);
      return;
    }
    const old = armies[at]!;
    const count = problems.length;
    const formations = mergeById(old.formations, patch.formations ?? [], Formation, file, ['armies', i, 'formations'], problems);
    const upgrades = mergeById(old.upgrades, patch.upgrades ?? [], Upgrade, file, ['armies', i, 'upgrades'], problems);
    if (problems.length > count) return;
    const army = checked(Army, { ...old, ...patch, formations, upgrades }, file, ['armies', i], problems);
    if (army !== null) armies[at] = army;
  });
  if (problems.length > 0) throw new InputError(problems);

  // A new unit in no force would take no army-wide rule (They Shall Know No Fear, Mob Rule): never silently.
  const inForce = new Set(forces.flatMap((f) => f.units));
  overlay.units.forEach((u, i) => {
    if (!base.units.has(u.id) && !inForce.has(u.id)) {
      problems.push({ file, path: `units[${i}].id`, message: `the new unit "${u.id}" is in no force, so no army-wide rule would apply to it; expected it in a force's "units" (e.g. "forces": [{ "id": "${[...base.forces.keys()][0] ?? 'my-force'}", "units": ["${u.id}"] }])` });
    }
  });
  if (problems.length > 0) throw new InputError(problems);

  // One sheet in the data set's own order: a unit in several forces keeps the first one's rules.
  const sheet: DatasheetFile = { weapons, units, forces, armies };
  const named: NamedDatasheet = { file, data: sheet };
  const version = `${base.version} + ${file} sha256:${source.sha256.slice(0, 12)}`;
  let built: Dataset;
  try {
    built = buildDataset(base.id, version, [named]);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    throw new InputError(e.problems.map((p) => ({ ...p, path: overlayPath(p.path, sheet, overlay) })));
  }
  return { ...built, overlays: [...(base.overlays ?? []), source] };
}

/**
 * A path in the merged sheet (`units[134].weapons[0].weapon`) as a path in
 * the overlay file (`units[0].weapons[0].weapon`): the entries a cross-check
 * can fault are the overlay's, found again by id.
 */
function overlayPath(path: string, sheet: DatasheetFile, overlay: z.infer<typeof OverlayFile>): string {
  const m = /^(weapons|units|forces|armies)\[(\d+)\](.*)$/.exec(path);
  if (!m) return path;
  const kind = m[1] as 'weapons' | 'units' | 'forces' | 'armies';
  const id = sheet[kind][Number(m[2])]?.id;
  const at = overlay[kind].findIndex((e) => e.id === id);
  if (at < 0) return path;
  let rest = m[3]!;
  if (kind === 'armies') {
    const inner = /^\.(formations|upgrades)\[(\d+)\](.*)$/.exec(rest);
    const army = sheet.armies[Number(m[2])]!;
    if (inner) {
      const list = inner[1] as 'formations' | 'upgrades';
      const innerId = army[list][Number(inner[2])]?.id;
      const j = (overlay.armies[at]![list] ?? []).findIndex((e) => e.id === innerId);
      if (j >= 0) rest = `.${list}[${j}]${inner[3]}`;
    }
  }
  return `${kind}[${at}]${rest}`;
}
