import { z } from 'zod';

/**
 * The data model of Heresy unit profiles (seed 003_502918f3e1b68af0.txt,
 * "Heresy Rules Part II", P. Ramos, NetEpic mailing list, 1999). The seed has
 * no datasheets: Part I and the army cards are missing (specification
 * §2.4). A profile is one stand type with the characteristics the seed's
 * rules read: accuracy (the to-hit target number, L23-27), armour 1-10
 * (L28-31), assault value (L196-199), the quality profile Fresh/Fatigued/
 * Routed (L373-383), skills (L451-503) and weapons with firepower,
 * penetration 1-3 and range A/B (L32-44). Every value a D10 is rolled
 * against is 1 to 10.
 */

export const Id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a kebab-case id such as "space-marine"');

/**
 * A target number or value rolled against on a D10: 1 to 10. A D6 roll
 * written the NetEA way ("4+") is named as such.
 */
const d10Value = (what: string) => {
  const expected = `expected the ${what} as a whole number from 1 to 10 (a D10 value)`;
  return z
    .number({ error: (issue) => (typeof issue.input === 'string' && /^\d\+$/.test(issue.input) ? `"${issue.input}" is a D6 roll as NetEA and Epic 40,000 write it; ${expected}` : expected) })
    .int(expected)
    .min(1, expected)
    .max(10, expected);
};

/** The unit skills of L451-503. Those marked in SIMULATED_SKILLS change the simulation; the others are named as not simulated. */
export const Skill = z.enum([
  'stealth',
  'sniper',
  'rapid-fire',
  'stubborn',
  'close-support',
  'recon',
  'jump-packs',
  'hero',
  'tank-killers',
  'anti-infantry',
  'anti-tank',
  'psyker',
  'transport',
  'enhanced-assault',
]);
export type Skill = z.infer<typeof Skill>;

export const SIMULATED_SKILLS: ReadonlySet<Skill> = new Set(['rapid-fire', 'stubborn', 'close-support', 'jump-packs', 'tank-killers', 'anti-infantry', 'anti-tank', 'enhanced-assault']);

/** Infantry, Light Vehicle (L463-466) or Armored Vehicle (L467-470). */
export const StandType = z.enum(['infantry', 'light-vehicle', 'armored-vehicle']);
export type StandType = z.infer<typeof StandType>;

export const Weapon = z.strictObject({
  name: z.string().min(1),
  /** One D10 to hit per point (L32-35). */
  firepower: z.number().int().min(1).max(30),
  /** Penetration dice, 1 to 3 (L36-39). */
  penetration: z.number().int().min(1, 'expected 1 to 3 penetration dice (L36-39)').max(3, 'expected 1 to 3 penetration dice (L36-39)'),
  /** Range A/B in cm: short (no penalty), long (-2 to hit), L40-44. */
  range: z.strictObject({ short: z.number().min(0), long: z.number().min(0) }).refine((r) => r.short <= r.long, 'range: short (A) must not exceed long (B)'),
});
export type Weapon = z.infer<typeof Weapon>;

export const Profile = z.strictObject({
  id: Id,
  name: z.string().min(1),
  aliases: z.array(z.string()).default([]),
  type: StandType,
  accuracy: d10Value('accuracy'),
  armour: d10Value('armour'),
  /** Assault value (L196-199); 0 to 20 (a titan's is 7 before Enhanced Assault, L752). */
  assault: z.number().int().min(0).max(20),
  /** Quality target numbers Fresh / Fatigued / Routed (L377-383), e.g. Imperial Guard 6/8/10. */
  quality: z.tuple([d10Value('quality (fresh)'), d10Value('quality (fatigued)'), d10Value('quality (routed)')]),
  skills: z.array(Skill).default([]),
  weapons: z.array(Weapon).default([]),
  /** Points per stand: the seed gives none (L531 is one 300-point company), so optional. */
  points: z.number().min(0).optional(),
  /** Where the values come from: the seed lines, or "illustrative". */
  source: z.string().min(1),
});
export type Profile = z.infer<typeof Profile>;

export const ProfileSet = z.strictObject({
  $schema: z.string().optional(),
  id: Id,
  name: z.string().min(1),
  /** What the set is: the built-in set says it is illustrative, not from any army list. */
  note: z.string().min(1),
  profiles: z.array(Profile).min(1),
});
export type ProfileSet = z.infer<typeof ProfileSet>;
