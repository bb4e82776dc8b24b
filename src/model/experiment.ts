import { z } from 'zod';
import { RULES_SYSTEM_NAMES, SWITCH_OWNERS, SYSTEM_COVER_WORDS, SYSTEM_COVERS, SYSTEM_ORDER_WORDS, SYSTEM_ORDERS, SYSTEM_SWITCHES } from './registry.js';
import { DEFAULT_RULES, DEFAULT_SEED, DEFAULT_TRIALS } from './runDefaults.js';
import { SHOOT_ACTIONS } from './shootActions.js';

/**
 * Experiment files: a question answered by simulation, as JSON. The zod
 * schema is the single source of truth; experiments/experiment.schema.json is
 * generated from it for editors.
 */

const Name = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a short lower-case name such as "marines" or "ork-warband"');

/** Where a formation stands: each rule system's own cover values (src/model/registry.ts). */
export const Cover = z.union(SYSTEM_COVERS, { error: `expected ${listWords(SYSTEM_COVER_WORDS)}` });

/** The rule systems an experiment can be played under (src/model/registry.ts): NetEA Epic Armageddon, the 2004 rulebook, Epic 40,000 (BattleBible 1998, docs/epic40k.md) or Heresy (D10, docs/heresy.md). */
export const RulesSystem = z.enum(RULES_SYSTEM_NAMES);

/** "a, b or c". */
function listWords(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

export const Geometry = z.strictObject({
  /** Distance between the two sides' front ranks, cm (formations may set their own `front`). */
  gap: z.number().min(0).default(30),
  /** Units per rank. */
  rankWidth: z.number().int().min(1).default(5),
  /** Distance between ranks and between neighbours in a rank, cm. */
  spacing: z.number().min(0).default(5),
});

export const ExperimentFormation = z.strictObject({
  side: z.enum(['A', 'B']),
  /** "6 Tactical, 3 Rhino" or "codex-astartes/tactical+razorbacks"; may use {{parameters}}. */
  formation: z.string().min(1),
  /** Distance from the centre line to its front rank, cm: side A defaults to 0, side B to the gap. */
  front: z.number().optional(),
  rankWidth: z.number().int().min(1).optional(),
  spacing: z.number().min(0).optional(),
  cover: Cover.default('none'),
  /** Units in cover by position, front to back (default: all, when cover is set). */
  coverUnits: z.array(z.number().int().min(0)).optional(),
  blastMarkers: z.number().int().min(0).default(0),
  broken: z.boolean().default(false),
  /** Starts off the table (in orbit, in reserve) and comes on with an `arrive` step. */
  offTable: z.boolean().default(false),
  /** Its units that can ride start in its transports (RB 1.7.5; docs/engagement-model.md, Transports). */
  embarked: z.boolean().default(false),
  /** Epic 40,000: the detachment's orders (L920-942); default none, or assault for a detachment that assaults. Heresy: none or prepared (first fire, L291-298). */
  order: z.union([z.enum(SYSTEM_ORDERS), z.string().regex(/^\{\{[a-z0-9-]+\}\}$/, `expected an order: ${SYSTEM_ORDER_WORDS}, or a {{parameter}}`)]).optional(),
});

const Action = z.enum(SHOOT_ACTIONS);

/** What a shoot step's action may be, said in full: a zod message would show the placeholder's pattern. */
const ACTION_EXPECTED = `expected an action: ${Action.options.join(', ')}, or a {{parameter}}`;

export const ExperimentStep = z.discriminatedUnion('step', [
  z.strictObject({
    step: z.literal('shoot'),
    by: Name,
    at: Name,
    action: z.union([Action, z.string().regex(/^\{\{[a-z0-9-]+\}\}$/, ACTION_EXPECTED)], { error: ACTION_EXPECTED }).default('advance'),
    crossfire: z.boolean().default(false),
    barrage: z.boolean().default(true),
    /** Take the action test first (RB 1.6.2). */
    test: z.boolean().default(false),
    retain: z.boolean().default(false),
    label: z.string().optional(),
  }),
  z.strictObject({
    step: z.literal('assault'),
    by: z.union([Name, z.array(Name).min(1).max(3)]),
    at: z.union([Name, z.array(Name).min(1)]),
    support: z.array(Name).default([]),
    overwatch: z.array(Name).default([]),
    contact: z.number().int().min(0).optional(),
    test: z.boolean().default(false),
    retain: z.boolean().default(false),
    label: z.string().optional(),
  }),
  z.strictObject({
    step: z.literal('regroup'),
    formation: Name,
    test: z.boolean().default(false),
    retain: z.boolean().default(false),
    label: z.string().optional(),
  }),
  z.strictObject({
    step: z.literal('action-test'),
    formation: Name,
    action: z.enum(['advance', 'double', 'sustained', 'marshal', 'overwatch', 'engage']),
    retain: z.boolean().default(false),
    label: z.string().optional(),
  }),
  z.strictObject({ step: z.literal('end-phase'), label: z.string().optional() }),
  /**
   * An aircraft formation's ground attack (RB 4.2.1-4.2.4): an interception by
   * the fighters on combat air patrol (`cap`), flak from the `flak` formations,
   * then the attack on `at`; a failed action test is a stand down.
   */
  z.strictObject({
    step: z.literal('ground-attack'),
    by: Name,
    at: Name,
    flak: z.array(Name).default([]),
    cap: Name.optional(),
    test: z.boolean().default(false),
    retain: z.boolean().default(false),
    label: z.string().optional(),
  }),
  /** Flak at an aircraft formation as it approaches or, in the end phase, disengages (RB 4.2.4). */
  z.strictObject({
    step: z.literal('flak'),
    by: Name,
    at: Name,
    phase: z.enum(['approach', 'disengagement']).default('approach'),
    /** The flak formation took a move action this turn (-1 to hit as the aircraft disengage, TP). */
    moved: z.boolean().default(false),
    label: z.string().optional(),
  }),
  /** Fighters or fighter-bombers intercept an aircraft formation (RB 4.2.1, 4.2.3). */
  z.strictObject({
    step: z.literal('intercept'),
    by: Name,
    at: Name,
    test: z.boolean().default(false),
    retain: z.boolean().default(false),
    label: z.string().optional(),
  }),
  /**
   * An off-table formation arrives (RB 2.1.17 Teleport, RB 4.4 Planetfall, RB 5.1.2 Drop Pod):
   * its front lands `front` cm from the centre line (default: where the formation's own front is).
   */
  z.strictObject({
    step: z.literal('arrive'),
    formation: Name,
    method: z.enum(['planetfall', 'teleport', 'drop-pod']),
    front: z.number().min(0).optional(),
    label: z.string().optional(),
  }),
  /** A spacecraft's orbital bombardment and pin-point attacks (RB 4.3.3-4.3.4). */
  z.strictObject({
    step: z.literal('orbital'),
    by: Name,
    at: Name,
    test: z.boolean().default(false),
    retain: z.boolean().default(false),
    label: z.string().optional(),
  }),
], { error: (issue) => (issue.code === 'invalid_union' ? `expected a step: ${stepKinds().join(', ')}` : undefined) });

/** The step kinds, for the message when a step names none of them (read when a file is checked, after ExperimentStep exists). */
function stepKinds(): string[] {
  return ExperimentStep.options.map((o) => o.shape.step.value);
}

export const Options = z.strictObject({
  barrage3bpAt: z.union([z.literal(5), z.literal(6)]).optional(),
  suppressSkipWarEngines: z.boolean().optional(),
  templateUnits: z.number().int().min(1).optional(),
  staggerBlockedChance: z.number().min(0).max(1).optional(),
  withdrawOnBreak: z.boolean().optional(),
  lossHitsEngagedOnly: z.boolean().optional(),
  supportEveryRound: z.boolean().optional(),
  maxAssaultRounds: z.number().int().min(1).optional(),
  warEnginePointsProRata: z.boolean().optional(),
  jinkBeforeAttack: z.boolean().optional(),
  orbitalTemplateUnits: z.number().int().min(1).optional(),
});

export const ReportKind = z.enum(['kills', 'break', 'assault', 'efficiency']);

/** One engagement: formations on two sides and a script of steps, repeated for `turns` turns. */
export const ScriptExperiment = z.strictObject({
  formations: z.record(Name, ExperimentFormation).refine((r) => Object.keys(r).length >= 2, 'at least two formations, one per side'),
  /** The steps of one turn; an end of turn follows them, and they repeat for each turn. */
  script: z.array(ExperimentStep).min(1),
  turns: z.number().int().min(1).max(20).default(1),
  /**
   * False: no end of turn follows the script (one turn only), which then plays
   * exactly what a one-step `shoot` or `assault` command plays.
   */
  endOfTurn: z.boolean().default(true),
  /**
   * Values substituted for {{name}} in formations and actions; every
   * combination becomes a variant, all run on the same dice (common random numbers).
   */
  parameters: z.record(Name, z.array(z.string().min(1)).min(1)).default({}),
  /**
   * Explicit combinations of placeholder values, run instead of every
   * combination of `parameters` (e.g. swapping which side shoots and which
   * assaults). Each gets an optional label for the report.
   */
  variants: z
    .array(z.strictObject({ label: z.string().min(1).optional(), values: z.record(Name, z.string().min(1)) }))
    .min(1)
    .optional(),
  reports: z.array(ReportKind).default(['kills', 'break', 'assault', 'efficiency']),
});

export const Engagement = z.enum(['shoot', 'assault', 'shoot-assault']);

/**
 * A fair cost: in a battle (the reference battle unless `battle` names a battle file, relative
 * to the experiment) against its field or `vs`; or, with `engagement`, in one engagement kind
 * against `vs` (the single-engagement search). `metric` defaults to efficiency in a battle and
 * exchange in one engagement; win parity needs `engagement`.
 */
export const FairCostExperiment = z.strictObject({
  formation: z.string().min(1),
  vs: z.array(z.string().min(1)).min(1).optional(),
  battle: z.string().min(1).optional(),
  metric: z.enum(['exchange', 'win', 'efficiency']).optional(),
  engagement: Engagement.optional(),
  /** The acting formation's action when it shoots. */
  action: Action.default('advance'),
  /** Distance between the front ranks, cm (default: 30 for shoot, 10 with an assault). */
  gap: z.number().min(0).optional(),
});

export const MatrixExperiment = z.strictObject({
  army: z.string().min(1),
  vs: z.string().min(1),
  engagement: Engagement.default('shoot'),
  /** The row formation's action when it shoots. */
  action: Action.default('advance'),
  /** Distance between the front ranks, cm (default: 30 for shoot, 10 with an assault). */
  gap: z.number().min(0).optional(),
});

export const Experiment = z
  .strictObject({
    $schema: z.string().optional(),
    name: Name,
    /** A short title for the report (default: the name). */
    title: z.string().min(1).optional(),
    /** The question the experiment answers, in one paragraph. */
    description: z.string().min(1),
    /** The rule system (src/model/registry.ts): NetEA by default; Epic 40,000's detachments are written as units, Heresy's units as stands of its illustrative profiles. */
    rules: RulesSystem.default(DEFAULT_RULES),
    seed: z.string().min(1).default(DEFAULT_SEED),
    trials: z.number().int().min(1).default(DEFAULT_TRIALS),
    /** Stop once every headline probability's 95% half-width is at most this (trials is then a cap). */
    precision: z.number().gt(0).lt(0.5).optional(),
    chunkSize: z.number().int().min(1).optional(),
    /**
     * The names that, with the seed and a chunk's number, seed the chunk's dice
     * (default: scenario "run-<name>", matchup "<name>"): an engagement script
     * that names a `shoot` or `assault` command's own (the playground's
     * comparisons name their variant A's) draws that command's dice.
     */
    dice: z.strictObject({ scenario: z.string().min(1), matchup: z.string().min(1) }).optional(),
    /** "builtin" (the 2004 rulebook) or the path of a NetEA Tournament Pack checkout. */
    data: z.union([z.literal('builtin'), z.strictObject({ tournamentPack: z.string().min(1) })]).default('builtin'),
    geometry: Geometry.default({ gap: 30, rankWidth: 5, spacing: 5 }),
    options: Options.default({}),
    /** Each rule system's own switches, in a field of its name (epic40kOptions, heresyOptions: src/model/registry.ts). */
    ...SYSTEM_SWITCHES,
    engagement: ScriptExperiment.optional(),
    fairCost: FairCostExperiment.optional(),
    matrix: MatrixExperiment.optional(),
  })
  .superRefine((x, ctx) => {
    const kinds = [x.engagement, x.fairCost, x.matrix].filter((k) => k !== undefined).length;
    switchesOfOtherSystems(x, ctx);
    if (kinds !== 1) ctx.addIssue({ code: 'custom', path: [], message: 'expected exactly one of "engagement", "fairCost" or "matrix"' });
    if (x.dice !== undefined && x.engagement === undefined) ctx.addIssue({ code: 'custom', path: ['dice'], message: 'names the dice of an "engagement" script; a fair cost or a matrix seeds each of its meetings by their own names' });
    if (x.engagement !== undefined && !x.engagement.endOfTurn && x.engagement.turns !== 1) ctx.addIssue({ code: 'custom', path: ['engagement', 'endOfTurn'], message: 'a script without an end of turn plays one turn: leave out "turns", or the end of turn' });
    const f = x.fairCost;
    if (f !== undefined && f.engagement === undefined && f.metric === 'win') ctx.addIssue({ code: 'custom', path: ['fairCost', 'metric'], message: 'win parity is defined for a single engagement: set "engagement", or use "efficiency" or "exchange"' });
    if (f !== undefined && f.engagement !== undefined && f.battle !== undefined) ctx.addIssue({ code: 'custom', path: ['fairCost', 'battle'], message: 'a single-engagement fair cost ("engagement") has no battle: leave out one of the two' });
    if (f !== undefined && f.engagement !== undefined && f.vs === undefined) ctx.addIssue({ code: 'custom', path: ['fairCost', 'vs'], message: 'a single-engagement fair cost ("engagement") needs its opponents in "vs"' });
  });

/** A system's switches set under another system: each named, with where the chosen system's own go. */
function switchesOfOtherSystems(x: { rules: string } & Partial<Record<keyof typeof SWITCH_OWNERS, unknown>>, ctx: z.RefinementCtx): void {
  const fields = Object.keys(SWITCH_OWNERS) as (keyof typeof SWITCH_OWNERS)[];
  const own = fields.find((f) => SWITCH_OWNERS[f].rules === x.rules);
  for (const field of fields) {
    const owner = SWITCH_OWNERS[field];
    if (x[field] === undefined || owner.rules === x.rules) continue;
    const hint = own === undefined ? '' : `; ${SWITCH_OWNERS[own].words} go in "${own}"`;
    ctx.addIssue({ code: 'custom', path: [field], message: `${owner.words} apply only with "rules": "${owner.rules}"${hint}` });
  }
}

export type Experiment = z.infer<typeof Experiment>;
export type ExperimentStep = z.infer<typeof ExperimentStep>;
export type Cover = z.infer<typeof Cover>;
export type ScriptExperiment = z.infer<typeof ScriptExperiment>;
