import { z } from 'zod';

/**
 * The data model of the Epic 40,000 army lists (BattleBible 1998, the seed
 * 002_d49b5240bbe3107d.txt): unit profiles as its unit-summary tables print
 * them (L769-795: Speed, Range, Firepower, Assault, Armor, Notes) and the
 * detachment cards with their priced rows. Every profile and row records the
 * line of the seed it was transcribed from.
 */

export const Id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a kebab-case id such as "space-marines"');

/** Line number in the BattleBible seed. */
export const Line = z.number().int().min(1).max(3258);

/**
 * The unit abilities of L1372-1450 (and Commander, printed in the notes of
 * the lists' supreme commanders), as the notes column names them.
 */
export const Ability = z.enum([
  'assault',
  'artillery',
  'cavalry',
  'close-support',
  'flak',
  'heavy-weapons',
  'hero',
  'infiltrators',
  'jump-packs',
  'psyker',
  'rampage',
  'rapid-fire',
  'save',
  'skimmer',
  'stubborn',
  'commander',
  'no-rapid-fire',
]);
export type Ability = z.infer<typeof Ability>;

/**
 * The Firepower column (L781-783): a number; "(n)" anti-tank shots (L1324);
 * Barrage / Hvy Barrage (L1328, L1348); Disrupt (L1340); or a Vortex
 * Missile (L1370).
 */
export const Firepower = z.union([
  z.strictObject({ kind: z.literal('normal'), value: z.number().int().min(0) }),
  z.strictObject({ kind: z.literal('anti-tank'), shots: z.number().int().min(1) }),
  z.strictObject({ kind: z.literal('barrage') }),
  z.strictObject({ kind: z.literal('heavy-barrage') }),
  z.strictObject({ kind: z.literal('disrupt') }),
  z.strictObject({ kind: z.literal('vortex') }),
  /** War-engine super-heavy weapons (L1334-1356); no profile in the seed carries them, fixtures and user data may. */
  z.strictObject({ kind: z.literal('death-ray'), shots: z.number().int().min(1) }),
  z.strictObject({ kind: z.literal('pulsar'), weapons: z.number().int().min(1) }),
  z.strictObject({ kind: z.literal('distortion'), weapons: z.number().int().min(1) }),
  z.strictObject({ kind: z.literal('mega-cannon'), weapons: z.number().int().min(1) }),
]);
export type Firepower = z.infer<typeof Firepower>;

export const UnitKind = z.enum(['infantry', 'vehicle', 'flyer', 'war-engine']);

export const Unit = z.strictObject({
  id: Id,
  name: z.string().min(1),
  /** Other names the same row gives ("Flesh Hound OR Slaanesh Fiend", "Warboss/Nobz"). */
  aliases: z.array(z.string()).default([]),
  /** The line of the profile in the seed. */
  line: Line,
  /** From the table's heading (Infantry, Vehicles, Flyers, War Machines). Cavalry count as vehicles (L1390) through their ability. */
  kind: UnitKind,
  /** cm; null for flyers ("Flyer"). */
  speed: z.number().int().min(0).nullable(),
  /** Minimum and maximum range in cm; null for "n/a" or "-" (no ranged weapon); "U/L" is 10000. */
  range: z.strictObject({ min: z.number().int().min(0), max: z.number().int().min(0) }).nullable(),
  firepower: Firepower,
  /** A number, or a dice expression ("D3+3", "D6"). Flyers print Intercept/Gunnery instead (L847). */
  assault: z.union([z.number().int().min(0), z.string().regex(/^[1-9]?D[36](?:\+[0-9]+)?$/)]),
  /** Flyers: Intercept and Gunnery values (L847). */
  intercept: z.number().int().min(0).optional(),
  gunnery: z.number().int().min(0).optional(),
  /** 1..6: a hit damages on a D6 of at least this (L791). */
  armour: z.number().int().min(1).max(6),
  abilities: z.array(Ability).default([]),
  /** Transport-n (L1450). */
  transport: z.number().int().min(1).optional(),
  /** War engines (L753-767): damage capacity and shields. */
  damageCapacity: z.number().int().min(1).optional(),
  shields: z.strictObject({ kind: z.enum(['void', 'force']), points: z.number().int().min(1) }).optional(),
  /** The notes as printed, for what has no field (and the errata taken). */
  notes: z.string().default(''),
  /** Points per unit (the lists' "Cost per Unit/Option" column) and the row giving it. */
  points: z.number().int().min(0).optional(),
  pointsLine: Line.optional(),
  /** Transcription choices where the seed is damaged or inconsistent. */
  errata: z.array(z.string()).default([]),
});
export type Unit = z.infer<typeof Unit>;

/** A priced row of a detachment card: "Name | # of Units | Cost per Unit/Option" (e.g. L1537-1545). */
export const ListRow = z.strictObject({
  line: Line,
  name: z.string().min(1),
  /** "1", "1-4", "-" as printed. */
  units: z.string(),
  /** Cost per unit, or per option; "+7" is an option's added cost. */
  cost: z.string(),
  /** An option of the row before it (printed in italics). */
  option: z.boolean().default(false),
});

export const DetachmentCard = z.strictObject({
  id: Id,
  name: z.string().min(1),
  line: Line,
  /** Sections as printed: Command, Main Force, Support, ... */
  sections: z.array(z.strictObject({ name: z.string(), line: Line, rule: z.string().default(''), rows: z.array(ListRow) })),
  chainOfCommand: z.array(z.string()).default([]),
});

export const Army = z.strictObject({
  $schema: z.string().optional(),
  id: Id,
  name: z.string().min(1),
  /** Lines of the army's section in the seed. */
  lines: z.tuple([Line, Line]),
  /** Strategy rating as printed (what it is used for is never stated, L1464). */
  strategyRating: z.string(),
  units: z.array(Unit),
  detachments: z.array(DetachmentCard).default([]),
  /** Transcription choices that apply to the whole list. */
  errata: z.array(z.string()).default([]),
});
export type Army = z.infer<typeof Army>;
export type DetachmentCard = z.infer<typeof DetachmentCard>;
export type ListRow = z.infer<typeof ListRow>;
