import { z } from 'zod';

/**
 * Battle files: the mix of engagements that stands for how formations meet in
 * a game, the field of opponents they meet, and how a meeting's outcome is
 * valued. `fair-cost`, `matrix` and `audit` use battles/reference.json unless
 * given `--battle <file>`. The zod schema is the single source of truth;
 * battles/battle.schema.json is generated from it for editors.
 */

const Id = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a short lower-case name such as "fire-30" or "assault"');
const Why = z.string().min(12, 'a sentence saying why');

/** A number that is one of the battle's stated assumptions, with the reason for its value. */
const Reasoned = (schema: z.ZodNumber) => z.strictObject({ value: schema, why: Why });

export const BattleCover = z.union([z.literal('none'), z.literal('obscured'), z.strictObject({ save: z.number().int().min(2).max(6) })]);

/**
 * One kind of engagement between the formation's group (side A) and an
 * opponent group (side B). Every scene is played twice, once with each side
 * holding the initiative, so neither gets the first move for free.
 * - `firefight`: for `turns` turns, every formation of the side with the
 *   initiative shoots (action test first), then every formation of the other
 *   side; the end phase (rally, repairs, criticals) closes each turn.
 * - `assault`: the side with the initiative engages from `gap`: the first
 *   formation of the other side, on overwatch, fires at the chargers as they
 *   come in, then the assault is fought with every other formation of both
 *   sides lending supporting fire. A formation too slow to charge from `gap`
 *   (fewer than half its units reach base contact) first closes to
 *   `approachGap` with a double move, trading fire for a turn.
 * - `air-attack` (aircraft formations only): each aircraft formation makes a
 *   ground attack from `gap` on an opponent formation, each turn after its
 *   action test, through the flak of every opponent formation with AA weapons
 *   and, with `airDefence`, of the battle's air-defence formations standing
 *   beside them (RB 4.2).
 * - `orbital` (spacecraft only): one spacecraft's orbital bombardment and
 *   pin-point attacks on one opponent formation (RB 4.3).
 * A firefight or assault with `airRaid` opens with the battle's raiding
 * aircraft (`airRaid` below), on the opponent's side, each making a ground
 * attack on a formation of side A through the flak of side A's formations
 * with AA weapons (RB 4.2.1-4.2.4), before the scene is played as written.
 * Ground formations play the firefight and assault scenes, aircraft the
 * air-attack scenes, spacecraft the orbital ones: each formation's mix is the
 * weights of the scenes it plays.
 */
export const Scene = z.strictObject({
  id: Id,
  kind: z.enum(['firefight', 'assault', 'air-attack', 'orbital']),
  /** Distance between the front ranks, cm. */
  gap: z.number().min(0).max(200),
  /** The action of every shooting formation. */
  action: z.enum(['advance', 'double', 'sustained']).default('advance'),
  /** Turns of a firefight, each closed by an end phase. */
  turns: z.number().int().min(1).max(6).default(1),
  /** Assaults: where a formation too slow to charge from `gap` ends its approach turn, cm. */
  approachGap: z.number().min(0).max(200).default(15),
  /** Cover of both sides' units (infantry also take the cover save, RB 1.8). */
  cover: BattleCover.default('none'),
  /** Air attacks: the battle's air-defence formations fire flak too. */
  airDefence: z.boolean().default(false),
  /** Firefights and assaults: the battle's raiding aircraft attack side A first, through its flak. */
  airRaid: z.boolean().default(false),
  weight: z.number().min(0, 'a weight of 0 or more'),
  why: Why,
});

/** Another reasonable mix, for the sensitivity band: new weights for some scenes, the rest kept. */
export const Alternative = z.strictObject({
  id: Id,
  weights: z.record(Id, z.number().min(0, 'a weight of 0 or more')),
  why: Why,
});

export const FieldEntry = z.strictObject({
  /** An army-list formation of the data set, as `list` names it. */
  formation: z.string().min(1),
  why: Why,
});

export const Battle = z
  .strictObject({
    $schema: z.string().optional(),
    name: Id,
    /** Bumped whenever a weight, scene or field entry changes: reports name the battle by name and version. */
    version: z.number().int().min(1),
    title: z.string().min(1),
    description: z.string().min(1),
    scenes: z.array(Scene).min(1),
    alternatives: z.array(Alternative).min(2, 'at least two alternative mixes for the sensitivity band'),
    /** The opponents met, by data set id ("rulebook-2004", "netea-tp"). */
    field: z.record(z.string().min(1), z.array(FieldEntry).min(1)),
    /** Flak formations standing beside the opponents in air-attack scenes with `airDefence`, by data set id. */
    airDefence: z.record(z.string().min(1), z.array(FieldEntry).min(1)).default({}),
    /** Aircraft formations of the opponent's side that open firefights and assaults with `airRaid` by a ground attack, by data set id. */
    airRaid: z.record(z.string().min(1), z.array(FieldEntry).min(1)).default({}),
    /**
     * Spacecraft (RB 4.3) act once in a game and cannot be attacked: the share of the
     * spacecraft's cost counted as spent by its one attack, in place of losses.
     */
    spacecraftSpent: Reasoned(z.number().min(0.05).max(1)).default({ value: 1, why: 'A spacecraft acts once in a game: its whole cost is spent on that one attack.' }),
    value: z.strictObject({
      /** Share of a broken formation's remaining points counted as lost. */
      brokenCredit: Reasoned(z.number().min(0).max(1)),
      /** Share of an unbroken formation's remaining points counted as lost per Blast marker, per unit of its strength. */
      blastMarkerCredit: Reasoned(z.number().min(0).max(1)),
    }),
    /**
     * Who acts first in a scene: `strategy-roll` weighs the two plays of every scene by each
     * side's chance of winning the strategy roll (RB 1.5); `alternate` counts them equally;
     * `speed` lets the faster formation choose the fight, always when it is `ramp` cm or more
     * faster, in proportion below that (speedInitiative.ts; `speedBy: "charge"` measures how far
     * off it can charge, an infiltrator's doubled, chargeSpeed.ts); `reach` lets the formation that can
     * hit the other from farther off choose it (formationReach.ts: its speed plus its longest
     * ground-attack range, or an indirect weapon's doubled range), by the same ramp on reach.
     */
    initiative: z
      .strictObject({
        value: z.enum(['strategy-roll', 'alternate', 'speed', 'reach']),
        ramp: z.number().min(0).max(100).optional(),
        /**
         * Under `reach`, the fire that counts: `any-fire` (the default) a move then the longest
         * ground-attack range, or an indirect weapon's doubled range (formationReach); `indirect-fire`
         * only what needs no line of fire, a barrage's doubled range, else the speed (indirectReach).
         */
        reachBy: z.enum(['any-fire', 'indirect-fire']).optional(),
        /**
         * Under `speed`, what a formation's speed is: `move` (the default) its move
         * (formationSpeed.ts); `charge` how far off it can launch a charge, an infiltrator's
         * doubled (RB 2.1.4; chargeSpeed.ts).
         */
        speedBy: z.enum(['move', 'charge']).optional(),
        why: Why,
        /**
         * Set when the ramp was chosen by the costs of a data set's lists: among which ramps
         * (`"alternate"`: the plays alternate), on which half of the lists, by which command.
         */
        rampChosen: z.strictObject({ data: z.string().min(1), half: z.enum(['A', 'B']), among: z.array(z.union([z.number().min(0).max(100), z.literal('alternate')])).min(2), command: z.string().min(1) }).optional(),
      })
      .default({ value: 'alternate', why: 'Each side holds the initiative in half the plays of every scene.' }),
    /** Most formations per side: a group is the number of copies of each formation that brings their points nearest. */
    maxGroup: z.number().int().min(1).max(4).default(3),
    /** How far outside its cost (as a share) the whole sensitivity band must lie for a verdict. */
    margin: Reasoned(z.number().min(0).max(1)),
    /**
     * Set when the scene weights were fitted to a data set's costs (`audit --fit`): the data set
     * and the lists of the half they were fitted on. An audit of that data set judges the battle
     * on the other lists.
     */
    fitted: z.strictObject({ data: z.string().min(1), half: z.enum(['A', 'B']), lists: z.array(z.string().min(1)).min(1), command: z.string().min(1) }).optional(),
  })
  .superRefine((b, ctx) => {
    const ids = new Set<string>();
    b.scenes.forEach((s, i) => {
      if (ids.has(s.id)) ctx.addIssue({ code: 'custom', path: ['scenes', i, 'id'], message: `scene id "${s.id}" is used twice` });
      ids.add(s.id);
    });
    if (b.scenes.reduce((t, s) => t + s.weight, 0) <= 0) ctx.addIssue({ code: 'custom', path: ['scenes'], message: 'the scene weights must add up to more than 0' });
    b.scenes.forEach((s, i) => {
      if (s.airDefence && s.kind !== 'air-attack') ctx.addIssue({ code: 'custom', path: ['scenes', i, 'airDefence'], message: 'only air-attack scenes have air defence' });
      if (s.airRaid && scenePlayedBy(s.kind) !== 'ground') ctx.addIssue({ code: 'custom', path: ['scenes', i, 'airRaid'], message: 'only firefights and assaults (the scenes ground formations play) open with an air raid' });
    });
    const ramped = b.initiative.value === 'speed' || b.initiative.value === 'reach';
    if (ramped !== (b.initiative.ramp !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['initiative', 'ramp'], message: !ramped ? 'a ramp belongs to the "speed" and "reach" initiatives only' : b.initiative.value === 'speed' ? 'the speed initiative needs a ramp: the speed difference in cm at which the faster formation always chooses (0: any difference)' : 'the reach initiative needs a ramp: the difference in reach in cm at which the formation reaching farther always chooses (0: any difference)' });
    }
    if (b.initiative.reachBy !== undefined && b.initiative.value !== 'reach') {
      ctx.addIssue({ code: 'custom', path: ['initiative', 'reachBy'], message: 'reachBy belongs to the "reach" initiative only' });
    }
    if (b.initiative.speedBy !== undefined && b.initiative.value !== 'speed') {
      ctx.addIssue({ code: 'custom', path: ['initiative', 'speedBy'], message: 'speedBy belongs to the "speed" initiative only' });
    }
    const chosen = b.initiative.rampChosen;
    if (chosen !== undefined && (b.initiative.ramp === undefined || !chosen.among.includes(b.initiative.ramp))) {
      ctx.addIssue({ code: 'custom', path: ['initiative', 'rampChosen', 'among'], message: `the ramps the choice was made among include the ramp chosen (${b.initiative.ramp ?? 'none'})` });
    }
    b.alternatives.forEach((a, i) => {
      for (const id of Object.keys(a.weights)) {
        if (!ids.has(id)) ctx.addIssue({ code: 'custom', path: ['alternatives', i, 'weights', id], message: `no scene "${id}" (scenes: ${[...ids].join(', ')})` });
      }
      const total = b.scenes.reduce((t, s) => t + (a.weights[s.id] ?? s.weight), 0);
      if (total <= 0) ctx.addIssue({ code: 'custom', path: ['alternatives', i, 'weights'], message: 'the weights of this mix must add up to more than 0' });
    });
  });

export type Battle = z.infer<typeof Battle>;

/** Which formations play a scene: ground formations the firefights and assaults, aircraft the air attacks, spacecraft the orbital attacks. */
export function scenePlayedBy(kind: Scene['kind']): 'ground' | 'aircraft' | 'spacecraft' {
  return kind === 'air-attack' ? 'aircraft' : kind === 'orbital' ? 'spacecraft' : 'ground';
}
export type Scene = z.infer<typeof Scene>;
export type BattleCover = z.infer<typeof BattleCover>;

/** A scene's weights under a mix: the battle's own (`null`) or an alternative's. */
export function mixWeights(battle: Battle, alternative: string | null): number[] {
  const alt = alternative === null ? undefined : battle.alternatives.find((a) => a.id === alternative);
  return battle.scenes.map((s) => alt?.weights[s.id] ?? s.weight);
}
