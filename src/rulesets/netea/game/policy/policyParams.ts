import { z } from 'zod';

/**
 * A player's policy: a few numbers that decide each of its choices (docs/game.md,
 * "Players"). Every weight is between 0 and 1.
 */
const Weight = z.number().min(0).max(1);

export const PolicyParams = z.strictObject({
  /** How much holding and taking objectives is worth against destroying the enemy. */
  objective: Weight,
  /** How much closing with and assaulting the enemy is worth. */
  aggression: Weight,
  /** How much standing where the enemy can shoot costs; a cautious player also prefers sustained fire and overwatch. */
  caution: Weight,
  /** The least chance of passing the action test with the retain's -1 (RB 1.6.3) at which the player tries to retain the initiative. */
  retainChance: Weight,
  /** The share of the formations that may garrison (RB 6.1.5) that the player sets up as garrisons. */
  garrison: Weight,
  /** A formation whose Blast markers reach this share of its break point marshals (regroups) rather than fight. */
  marshalAt: Weight,
  /** The least estimated chance of winning an assault at which the player engages. */
  assaultOdds: Weight,
});
export type PolicyParams = z.infer<typeof PolicyParams>;

/** The policies docs/game.md documents, by name. */
export const POLICIES = {
  /** Plays for the goals: garrisons its objectives, marches to the others, fights where they are. */
  'objective-first': { objective: 1, aggression: 0.35, caution: 0.4, retainChance: 0.8, garrison: 1, marshalAt: 0.5, assaultOdds: 0.6 },
  /** Plays to destroy the enemy: no garrisons, closes in, assaults at fair odds, retains often. */
  aggressive: { objective: 0.4, aggression: 1, caution: 0.1, retainChance: 0.6, garrison: 0, marshalAt: 0.75, assaultOdds: 0.45 },
  /** Plays to lose little: garrisons, keeps out of reach, shoots on sustained fire and overwatch, assaults only at long odds. */
  cautious: { objective: 0.6, aggression: 0.2, caution: 1, retainChance: 0.9, garrison: 1, marshalAt: 0.34, assaultOdds: 0.75 },
} as const satisfies Record<string, PolicyParams>;

export type PolicyName = keyof typeof POLICIES;
export const POLICY_NAMES = Object.keys(POLICIES) as PolicyName[];
