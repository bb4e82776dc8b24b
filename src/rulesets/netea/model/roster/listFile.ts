import { z } from 'zod';
import { displayPath } from '../../../../model/displayPath.js';
import { InputError } from '../../../../model/inputError.js';
import { describeIssues } from '../../../../model/describeIssues.js';
import { readJsonFile } from '../../../../model/readJsonFile.js';

/**
 * A list file: a whole army as a player brings it to a tournament, in the project's own JSON.
 * It names the data set it was written against (and its version), the army list, the points
 * limit, and each formation as the text every command takes
 * (`space-marine-codex-astartes/tactical+razorbacks`), so a list can be checked (`roster check`),
 * re-priced from another version of the data, and its formations simulated as they are. The zod
 * schema is the single source of truth; `npm run schemas` writes rosters/roster.schema.json.
 */

/** What the file says it is: an existing file that says so may be replaced by `roster import --out`. */
export const ROSTER_FORMAT = 'epic-balance/roster';

/** The schema file editors use, for messages. */
export const ROSTER_SCHEMA_FILE = 'rosters/roster.schema.json';

/** A formation of the list: its text, and what the list it was imported from said of it. */
export const RosterFormation = z.union([
  z.string().min(1),
  z.strictObject({
    formation: z.string().min(1),
    /** The formation as the source printed it (a Snapfire formation, a BattleScribe selection): its name and price there. */
    source: z.strictObject({ name: z.string().min(1), points: z.number().int().min(0).optional() }).optional(),
  }),
]);

export const RosterFile = z.strictObject({
  $schema: z.string().optional(),
  format: z.literal(ROSTER_FORMAT),
  name: z.string().min(1),
  /**
   * The data set the list was written against: `netea-tp` (a NetEA Tournament Pack checkout) or
   * `rulebook-2004` (the built-in lists), its version as `list` prints it, and, for `netea-tp`,
   * where a checkout is (relative to this file; `--data` names another).
   */
  data: z.strictObject({
    set: z.enum(['netea-tp', 'rulebook-2004']),
    version: z.string().min(1),
    tournamentPack: z.string().min(1).optional(),
  }),
  /** The army list's id (`list --data` prints them). */
  army: z.string().min(1),
  /** The points limit the list is built to: the points available, of which allies may take their share. */
  points: z.number().int().min(1),
  formations: z.array(RosterFormation).min(1),
  /** Upgrades of the army no formation takes: the individuals and army upgrades of a list (an Avatar, a Wraithgate), by id. */
  upgrades: z.array(z.string().min(1)).default([]),
  /** Where the list was imported from, as `roster import` read it: kept so the import can be repeated and compared. */
  source: z
    .strictObject({
      format: z.enum(['snapfire-link', 'snapfire-text', 'battlescribe', 'new-recruit']),
      /** The source's own total, before re-pricing. */
      points: z.number().int().min(0).optional(),
      /** What the import read it against: the Snapfire list file and commit, the BattleScribe catalogue. */
      against: z.string().min(1).optional(),
      text: z.string().min(1).optional(),
    })
    .optional(),
});

export type RosterFormation = z.infer<typeof RosterFormation>;
export type RosterFile = z.infer<typeof RosterFile>;

/** A formation entry's text. */
export const formationText = (f: RosterFormation): string => (typeof f === 'string' ? f : f.formation);

/** A list file read and checked against the schema; bad input names the file, the path inside it and what was expected. */
export function loadRosterFile(path: string): { file: string; roster: RosterFile } {
  const file = displayPath(path);
  const json = readJsonFile(path, file);
  const parsed = RosterFile.safeParse(json);
  if (!parsed.success) throw new InputError(describeIssues(parsed.error.issues, file, ROSTER_SCHEMA_FILE));
  return { file, roster: parsed.data };
}

/** The JSON Schema of list files (rosters/roster.schema.json, written by `npm run schemas`), for editors. */
export function rosterJsonSchema(): object {
  return z.toJSONSchema(RosterFile, { io: 'input', unrepresentable: 'any' });
}
