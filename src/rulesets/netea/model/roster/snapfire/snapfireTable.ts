import { z } from 'zod';
import table from './snapfireMap.json' with { type: 'json' };

/**
 * The reviewed mapping of Snapfire's NetEA list files to the Tournament Pack importer's ids
 * (snapfireMap.json, built by scripts/build-snapfire-map.ts from a Snapfire checkout and reviewed
 * through snapfireAliases.json). Per Snapfire list file: its facts (formations with points, units
 * line, upgrade menu and mandatory choices; upgrades with points), which are Snapfire's, and what
 * each formation and upgrade is in the TP (`map`), by the importer's ids. No TP data is in it:
 * prices come from the TP checkout in use.
 */

const Mandatory = z.strictObject({ min: z.number().int(), max: z.number().int(), from: z.array(z.number().int()) });

/** What a Snapfire formation is in the TP. */
export const FormationMapping = z.union([
  /** A TP formation, at an alternative or size (`option`), with upgrades Snapfire's formation already includes (`plus`: a Battle Barge is the Strike Cruiser with `battle-barge`). */
  z.strictObject({ tp: z.string(), option: z.string().optional(), plus: z.array(z.string()).optional(), note: z.string().optional() }),
  /** An upgrade of the TP army no formation takes (an Avatar, a Wraithgate): the list file's `upgrades`. */
  z.strictObject({ tpUpgrade: z.string(), reason: z.string() }),
  z.strictObject({ none: z.literal(true), reason: z.string() }),
]);

/**
 * What a Snapfire upgrade is in the TP formation of the formation taking it:
 * - `upgrade`: a TP upgrade (`+tp`, `@option`), taken `times` for each Snapfire one ("2x Land Raider"), with the
 *   further TP upgrades `also` names when Snapfire sells several as one ("4 Havocs units, 4 Noise Marines units": `+havocs+cult-marines@noise-marines`);
 * - `formation-option`: one of the TP formation's own choices of units (`option`, a unit id) or alternatives (an alternative id),
 *   beyond the choice's count one TP upgrade `extra@option` each ("Add any number of the following units");
 * - `included`: units the TP formation fields anyway (Snapfire lists its default units as mandatory upgrades),
 *   beyond the formation's own count one TP upgrade `extra` each ("Between four and eight Raptors": `+extra-raptors`);
 * - `transport`: Rhinos or Drop Pods of a "plus transport" formation, a deployment choice in the TP;
 * - `selects-formation`: it picks which TP formation Snapfire's is (a Spacecraft shell: Dragonship or Wraithship);
 * - `surcharge`: a price Snapfire adds that the TP computes itself (a titan's single-weapon surcharge);
 * - `variant`: a price Snapfire adds per unit of a variant, which in the TP is a pick of an upgrade's choice (`+of@option`);
 * - `ignored`: a 0-point choice the TP does not print (a mark of Chaos), with the reason;
 * - `none`: no TP counterpart, with the reason.
 */
export const UpgradeMapping = z.discriminatedUnion('as', [
  z.strictObject({
    as: z.literal('upgrade'),
    tp: z.string(),
    option: z.string().optional(),
    times: z.number().int().min(1).optional(),
    also: z.array(z.strictObject({ tp: z.string(), option: z.string().optional(), times: z.number().int().min(1).optional() })).min(1).optional(),
    note: z.string().optional(),
  }),
  z.strictObject({ as: z.literal('formation-option'), option: z.string(), extra: z.string().optional(), times: z.number().int().min(1).optional(), note: z.string().optional() }),
  z.strictObject({ as: z.literal('included'), unit: z.string().optional(), extra: z.string().optional(), times: z.number().int().min(1).optional(), note: z.string().optional() }),
  z.strictObject({ as: z.literal('transport') }),
  z.strictObject({ as: z.literal('selects-formation'), formation: z.string(), option: z.string().optional(), note: z.string().optional() }),
  z.strictObject({ as: z.literal('surcharge'), reason: z.string() }),
  /** A per-unit price Snapfire charges for a variant (Krieg's "Leman Russ Demolisher Surcharge for Tank Squadron"): one unit of TP upgrade `of` is `option`. */
  z.strictObject({ as: z.literal('variant'), of: z.string(), option: z.string(), note: z.string().optional() }),
  z.strictObject({ as: z.literal('ignored'), reason: z.string() }),
  z.strictObject({ as: z.literal('none'), reason: z.string() }),
]);

export const SnapfireTable = z.strictObject({
  snapfire: z.strictObject({ repo: z.string(), commit: z.string().regex(/^[0-9a-f]{40}$/) }),
  /** The Tournament Pack commit the TP ids were read from when the table was built. */
  tournamentPack: z.string(),
  lists: z.record(
    z.string(),
    z.strictObject({
      name: z.string(),
      version: z.string(),
      /** The TP army list, or null with the reason. */
      tp: z.string().nullable(),
      /** The file war/indexNETEA.html links for the army (others are older editions or drafts). */
      primary: z.boolean().optional(),
      reason: z.string().optional(),
      formations: z.record(
        z.string(),
        z.strictObject({
          name: z.string(),
          points: z.number().int(),
          units: z.string().optional(),
          section: z.string(),
          upgrades: z.array(z.number().int()),
          mandatory: z.array(Mandatory),
          map: FormationMapping,
        }),
      ),
      upgrades: z.record(
        z.string(),
        z.strictObject({
          name: z.string(),
          points: z.union([z.number().int(), z.array(z.number().int())]),
          map: UpgradeMapping,
          /** Where it is something else in some formation's TP counterpart, by Snapfire formation id. */
          byFormation: z.record(z.string(), UpgradeMapping).optional(),
        }),
      ),
    }),
  ),
});

export type FormationMapping = z.infer<typeof FormationMapping>;
export type UpgradeMapping = z.infer<typeof UpgradeMapping>;
export type SnapfireTable = z.infer<typeof SnapfireTable>;
export type SnapfireTableList = SnapfireTable['lists'][string];

let parsed: SnapfireTable | undefined;

/** The table, checked against its schema once. */
export function snapfireTable(): SnapfireTable {
  parsed ??= SnapfireTable.parse(table);
  return parsed;
}
