import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { z } from 'zod';
import type { Dataset } from '../../../model/dataset.js';
import { parseFormation, type FormationSpec } from '../../../model/formation.js';
import { InputError } from '../../../model/inputError.js';
import { describeIssues } from '../../../model/describeIssues.js';
import { readJsonFile } from '../../../model/readJsonFile.js';
import { takenOf } from '../model/roster/taken.js';
import { fieldDaemons, type PoolFormation } from './daemonPool.js';
import type { GameArmy } from './gameSpec.js';

/**
 * An army for a game, as a command takes it: formation texts separated by
 * commas ("codex-astartes/tactical-detachment, codex-astartes/devastator-detachment"),
 * or by semicolons when the formations are unit lists ("6 Tactical, 3 Rhino;
 * 4 Devastator"), or the path of an army file (JSON, ArmyFile). The army's
 * strategy rating is its list's (RB 1.5): the list of its first formation, or
 * the file's `list`.
 */

export const ArmyFile = z.strictObject({
  $schema: z.string().optional(),
  /** A name for reports. */
  name: z.string().min(1).optional(),
  /** The army list (its id in the data set): its strategy rating, and the list of formations written without one ("tactical-detachment"). */
  list: z.string().min(1),
  /** The data set the army is written for ("rulebook-2004", "netea-tp"); checked against the one loaded. */
  data: z.string().min(1).optional(),
  /** Formation texts, as every command takes them: "tactical-detachment+razorbacks" or "imperial-navy/thunderbolt-squadron". */
  formations: z.array(z.string().min(1)).min(1),
});
export type ArmyFile = z.infer<typeof ArmyFile>;

/** The JSON Schema of army files, for editors (armies/army.schema.json). */
export function armyFileJsonSchema(): object {
  return z.toJSONSchema(ArmyFile, { io: 'input', unrepresentable: 'any' });
}

/** The formation texts of an army text: semicolons separate unit lists; otherwise commas, a part without "/" continuing the one before (an upgrade's options). */
export function splitArmyText(text: string): string[] {
  if (text.includes(';')) return text.split(';').map((s) => s.trim()).filter((s) => s !== '');
  const parts: string[] = [];
  for (const raw of text.split(',')) {
    const part = raw.trim();
    if (part === '') continue;
    if (!part.includes('/') && parts.length > 0) parts[parts.length - 1] += `,${part}`;
    else parts.push(part);
  }
  return parts;
}

/** An army from a command's argument: an army file when it names one (".json"), otherwise formation texts. */
export function parseArmy(data: Dataset, arg: string, label: string): GameArmy {
  if (arg.trim().toLowerCase().endsWith('.json')) return loadArmyFile(data, arg);
  const texts = splitArmyText(arg);
  if (texts.length === 0) throw new InputError([{ file: `army ${label}`, path: '', message: 'expected formation texts separated by commas, e.g. "codex-astartes/tactical-detachment, codex-astartes/devastator-detachment"' }]);
  const formations = texts.map((t) => parseFormation(data, t));
  return armyOf(data, formations, null, `army ${label}`, null);
}

/** An army file (ArmyFile), its formations parsed against the data set. */
export function loadArmyFile(data: Dataset, path: string): GameArmy {
  const file = relative(process.cwd(), path) || path;
  if (!existsSync(path)) throw new InputError([{ file, path: '', message: 'no such army file' }]);
  const parsed = ArmyFile.safeParse(readJsonFile(path, file));
  // One line for a bad army file: its first problem.
  if (!parsed.success) throw new InputError(describeIssues(parsed.error.issues, file, 'armies/army.schema.json').slice(0, 1));
  const army = parsed.data;
  if (army.data !== undefined && army.data !== data.id) {
    throw new InputError([{ file, path: 'data', message: `the army is written for the data set "${army.data}", and "${data.id}" is loaded (use --data for the Tournament Pack)` }]);
  }
  if (!data.armies.has(army.list)) throw new InputError([{ file, path: 'list', message: `unknown army list "${army.list}"; expected one of ${[...data.armies.keys()].map((k) => `"${k}"`).join(', ')}` }]);
  const formations = army.formations.map((t) => parseFormation(data, t.includes('/') ? t : `${army.list}/${t}`));
  return armyOf(data, formations, army.list, file, army.name ?? null);
}

function armyOf(data: Dataset, formations: FormationSpec[], list: string | null, where: string, name: string | null): GameArmy {
  const listId = list ?? formations.find((f) => f.armyId !== null)?.armyId ?? null;
  const armyList = listId === null ? undefined : data.armies.get(listId);
  if (armyList === undefined) throw new InputError([{ file: where, path: '', message: 'no formation names its army list, so the army has no strategy rating (RB 1.5); write formations as "army/formation"' }]);
  formations.forEach((f, i) => {
    if (f.points === null) throw new InputError([{ file: where, path: `formations[${i}]`, message: `formation "${f.text}" has no points value, which the tiebreak and Break Their Spirit need (RB 6.1.7); write it as "army/formation"` }]);
  });
  const points = formations.reduce((s, f) => s + (f.points ?? 0), 0);
  // A Chaos list's formations with Daemonic Pact summon the lesser daemons their pacts add to the pool (daemonPool.ts); the
  // pool's bought markers are army upgrades, which formation texts and army files do not take.
  const own = (f: FormationSpec): PoolFormation => {
    if (f.armyId !== armyList.id) return { spec: f, formation: '', upgrades: [] };
    const taken = takenOf(data, armyList, f.text.includes('/') ? f.text : `${armyList.id}/${f.text}`);
    return { spec: f, formation: taken.formation.id, upgrades: taken.upgrades.map((u) => u.offered.id) };
  };
  const { formations: fielded, pool } = armyList.summoning === undefined ? { formations, pool: undefined } : fieldDaemons(data, armyList, formations.map(own), []);
  return {
    name: name ?? `${armyList.name}, ${formations.length} formation${formations.length === 1 ? '' : 's'}, ${points} points`,
    listId: armyList.id,
    strategyRating: armyList.strategyRating,
    formations: fielded,
    ...(pool !== undefined ? { daemonPool: pool } : {}),
  };
}
