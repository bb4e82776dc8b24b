import { z } from 'zod';
import { FORTIFIED_POSITIONS } from './fortifiedPositions.js';

/**
 * The data model: the single source of truth for datasheets, army lists and the
 * Tournament Pack importer. Types come from `z.infer`, the editor JSON Schema
 * from `z.toJSONSchema`, error messages from the issues zod reports.
 *
 * Numbers are stored as the rules print them: a to-hit or save of "4+" is 4,
 * ranges and speeds are centimetres, "-" (none) is null.
 */

/** Lower-case kebab-case identifier, unique within a data set. */
export const Id = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a kebab-case id such as "land-raider"');

/** A die target: 2+ .. 6+ (1+ allowed for initiative-like values). */
export const Target = z.number().int().min(1).max(6);

/**
 * A dice expression as printed: a whole number, or "D3", "D6", "2D6", "D3+1",
 * "2D3+3". Used for multipliers, barrage points, extra attacks, Titan Killer
 * damage and power fields.
 */
export const DiceExpr = z.union([
  z.number().int().min(0),
  z.string().regex(/^[1-9]?D[36](?:\+[0-9]+)?$/, 'a dice expression such as 2, "D3", "D6+1" or "2D3+3"'),
]);

/**
 * `Special` (Tournament Pack): a marker that is not a unit, such as a drop pod or the Hades
 * breaching drill; it cannot be shot at, has no armour, CC or FF, and may carry a weapon
 * (Deathwind) or transport units. A simulation that meets one should name it as unsupported.
 */
export const UnitType = z.enum(['INF', 'LV', 'AV', 'WE', 'CH', 'AC', 'AC/WE', 'SC', 'Special']);

/** RB 1.9.2 fire arcs; facing the enemy, only `rear` cannot fire forward. */
export const Arc = z.enum(['all', 'fixed-forward', 'forward', 'rear', 'left', 'right']);

/**
 * Weapon abilities the simulator implements. Anything else a weapon has goes to
 * `otherRules` and is reported by name as unsupported when it is used.
 */
export const WeaponMode = z.strictObject({
  /** Label for a weapon with alternative modes ("AP4+/AT4+ or 1BP"). */
  label: z.string().optional(),
  /**
   * Range in cm. Small arms print (15cm) and assault weapons (base contact): 15 and 0.
   * "Unlimited" ranges and the "n/a" of spacecraft attacks are stored as 10000.
   */
  range: z.number().min(0),
  /** `ranged` fires in shooting; `small-arms` adds firefight attacks; `assault` adds close-combat attacks. */
  kind: z.enum(['ranged', 'small-arms', 'assault']).default('ranged'),
  /** The firepower multiplier: "4 x AP4+" is 4 shots; "D3 x" is rolled per use. */
  shots: DiceExpr.default(1),
  ap: Target.optional(),
  at: Target.optional(),
  aa: Target.optional(),
  /** MWx+: a macro-weapon value that may hit any ground target (RB 2.2.6). */
  mw: Target.optional(),
  /** Barrage points (RB 1.9.8). */
  bp: DiceExpr.optional(),
  /** The AP/AT/BP hits (or, in an assault, the extra attacks) have the macro-weapon ability. */
  macroWeapon: z.boolean().default(false),
  /** Titan Killer with its damage against war engines: 1, "D3", "D6" (RB 2.2.9). */
  titanKiller: DiceExpr.optional(),
  /** Extra attacks (+x or Dx, RB 2.2.3). */
  extraAttacks: DiceExpr.optional(),
  ignoreCover: z.boolean().default(false),
  disrupt: z.boolean().default(false),
  lance: z.boolean().default(false),
  sniper: z.boolean().default(false),
  singleShot: z.boolean().default(false),
  slowFiring: z.boolean().default(false),
  indirectFire: z.boolean().default(false),
  firstStrike: z.boolean().default(false),
  /** TP Guided Missile: fires only at a formation marked by markerlights. */
  guidedMissile: z.boolean().default(false),
  /** TP Knight Technology: usable only if the unit's formation carried out an engage action (Power and Shock Lances). */
  engageOnly: z.boolean().default(false),
  /** Rules this mode has that the simulator does not model (ids or names). */
  otherRules: z.array(z.string()).default([]),
  /**
   * Tournament Pack "and": this mode is used together with the previous mode in the same
   * attack, not instead of it (Doomfist: 4x AP4+/AT4+ and assault weapons; Particle
   * Accelerator: MW4+ and AA4+). Absent or false: an alternative to the previous mode.
   */
  combinedWithPrevious: z.boolean().optional(),
});

export const Weapon = z.strictObject({
  id: Id,
  name: z.string().min(1),
  /** One or more alternative modes; a unit picks one per attack. */
  modes: z.array(WeaponMode).min(1),
  notes: z.string().optional(),
});

/**
 * Unit abilities (RB 2.1, TP special rules). The engagement plays each of them, some only in
 * part: those whose movement, terrain or deployment the one-dimensional engagement does not
 * model (PLAYED_IN_PART in src/model/formation.ts: walker, jump-packs, scout, teleport,
 * planetfall, self-planetfall, tunneler, slow-and-steady, transport, skimmer) are named with
 * every run that uses them, with what each leaves out (src/model/ruleReach.ts). Of commander,
 * the combined assault is played when a scenario's assault engages several formations
 * (RB 2.1.2); of infiltrator, the doubled charge move (RB 2.1.4).
 */
export const UnitAbility = z.enum([
  'reinforced-armour',
  'thick-rear-armour',
  'invulnerable-save',
  /** TP Eldar Technology: a 3+ save instead of armour, even against assault, MW and TK hits. */
  'holofield',
  /** TP Knight Technology: an unmodifiable 4+ save instead of armour, void in a crossfire or against supporting fire. */
  'knight-shield',
  /** TP Necron Technology: a second save like an invulnerable one, on 4+. */
  'living-metal',
  /** TP Tau Technology: a second save like an invulnerable one, on 5+. */
  'deflector-shield',
  /** TP Regeneration: a war engine regains one lost damage capacity point at the start of each end phase. */
  'regeneration',
  /** TP Automaton: no Blast marker when destroyed (disrupt hits still place theirs); saves the hits of a broken formation's Blast markers. */
  'automaton',
  /** TP Tau Technology: enemy formations within 30 cm are marked, +1 to hit for ranged attacks but AA. */
  'markerlights',
  /** TP Necron Technology: a formation returns one destroyed Necron unit in each end phase. */
  'necron',
  'fearless',
  'leader',
  'inspiring',
  'commander',
  'supreme-commander',
  'expendable',
  'first-strike',
  'mounted',
  'skimmer',
  'support-craft',
  'walker',
  'infiltrator',
  'jump-packs',
  'scout',
  'teleport',
  'planetfall',
  'transport',
  'sniper',
  'tunneler',
  'self-planetfall',
  'slow-and-steady',
  /**
   * RB 5.5.3 Grotz: in a formation with at least one Ork (non-Grot) unit, a Grot
   * unit destroyed places no Blast marker and does not count as a casualty in
   * the assault result (unlike TP Expendable, whose kills do count).
   */
  'grot',
  /** Not counted when working out Mob Rule's unit count (RB 5.5.1: Big Gunz). */
  'not-counted-for-mob-rule',
  /**
   * TP Squat Land Train: "Characters added to this unit add their damage capacity and void
   * shields to the unit's respective starting values of each" (its carriages).
   */
  'carriages',
]);

/** Roll numbers on one D6, e.g. [2, 3]. */
const Faces = z.array(z.number().int().min(1).max(6));

/**
 * Units near a war engine's critical are hit on `toHit`+ (no geometry beyond `rangeCm`):
 * a plain hit, a macro-weapon or Titan Killer hit, or an AP attack (infantry and light
 * vehicles only); `includesSelf` when the war engine itself is hit too (the Abattoir's
 * "The unit and all units within 5cm").
 */
const HitsAround = z.strictObject({
  toHit: Target,
  rangeCm: z.number().positive(),
  /** A range rolled each time instead ("All units within 2D6cm"): `rangeCm` is then its largest value. */
  rangeRoll: DiceExpr.optional(),
  /** Absent: a plain hit. */
  hit: z.enum(['macro-weapon', 'titan-killer', 'ap']).optional(),
  includesSelf: z.boolean().optional(),
});

/**
 * One part of a war engine's critical-hit effect (RB 3.2.3). Effects stack
 * (RB FAQ: criticals are cumulative). `unsupported` keeps the text of anything
 * the simulator does not model so a run can name it.
 */
export const CriticalPart = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('damage'), amount: DiceExpr }),
  z.strictObject({
    kind: z.literal('destroyed'),
    hitsAround: HitsAround.optional(),
    /** Passengers die with it; `passengersSurviveOn` lets some survive on a roll. */
    passengersSurviveOn: Faces.optional(),
  }),
  z.strictObject({
    kind: z.literal('reactor'),
    /** End-phase D6 while the reactor is damaged. */
    destroyedOn: Faces,
    damageOn: Faces,
    repairedOn: Faces,
    hitsAround: HitsAround.optional(),
  }),
  z.strictObject({
    kind: z.literal('fire'),
    /** End-phase D6 per fire: a new fire starts on `spreadOn`, the fire goes out on `outOn`, otherwise 1 damage. */
    spreadOn: Faces,
    outOn: Faces,
  }),
  z.strictObject({
    kind: z.literal('stagger'),
    /** Warhound: moved this far in a random direction. */
    distance: DiceExpr,
    /** What happens if the move is blocked by impassable terrain or a unit (RB: extra damage; TP: destroyed). */
    onBlocked: z.enum(['damage', 'destroyed']),
    /** Units it staggers into or over are hit on this roll. */
    hitsOnContact: Target.optional(),
  }),
  z.strictObject({
    kind: z.literal('to-hit-penalty'),
    amount: z.number().int().min(1),
    /** Later criticals cause this much extra damage instead of repeating the penalty. */
    laterCriticalDamage: z.number().int().min(0).default(0),
  }),
  /** A save the unit loses for the rest of the game (TP Holofield, Tau deflector); later criticals do `later`. */
  z.strictObject({
    kind: z.literal('loses'),
    what: z.enum(['holofield', 'deflector-shield']),
    later: z.enum(['damage', 'destroyed']).optional(),
  }),
  /** The unit loses all its weapons, its close combat value and its firefight value but `firefight` (TP Dark Eldar); later criticals do `later`. */
  z.strictObject({
    kind: z.literal('disarmed'),
    firefight: Target.nullable(),
    later: z.enum(['damage', 'destroyed']).optional(),
  }),
  /** Hits on the units around, the war engine otherwise unharmed by this part. */
  z.strictObject({ kind: z.literal('hits-around'), hitsAround: HitsAround }),
  /** "Roll a D6, on a roll of 1 ..., and on a roll of 6 ...": one die, an effect per face set. */
  z.strictObject({
    kind: z.literal('d6-table'),
    outcomes: z
      .array(z.strictObject({ faces: Faces, damage: z.number().int().min(1).optional(), hitsAround: HitsAround.optional() }))
      .min(1),
  }),
  /** TP "D3 units of the player's choice that are being transported are destroyed": no save. */
  z.strictObject({ kind: z.literal('passengers-killed'), count: DiceExpr }),
  /**
   * TP Cyclops: "will take an extra point of damage whenever the Hellfury Cannon misses": from
   * this critical on, each shot of the named weapon (its name as printed) that misses costs the
   * unit `amount` points of damage.
   */
  z.strictObject({ kind: z.literal('damage-on-miss'), weapon: z.string().min(1), amount: z.number().int().min(1) }),
  /**
   * TP Land Train: "Choose a random character added to this unit and remove it, remembering to
   * reduce the unit's starting damage capacity and void shields values. ... If the unit doesn't
   * have any characters added to it then it is destroyed."
   */
  z.strictObject({ kind: z.literal('loses-character') }),
  /** Ordinatus Majoris: every formation of its side with a line of fire to it (the model gives one to all) takes a Blast marker. */
  z.strictObject({ kind: z.literal('friendly-blast-markers') }),
  /**
   * TP "Subsequent critical hits ...": the parts after this marker are what each critical after
   * the first does; the parts before it, the first's only.
   */
  z.strictObject({ kind: z.literal('subsequent') }),
  /** An effect that only moves, slows or immobilises the war engine, or takes a way of moving (Portal): no engagement the model plays moves a war engine after it is hit. */
  z.strictObject({ kind: z.literal('movement'), what: z.string().min(1) }),
  z.strictObject({ kind: z.literal('unsupported'), what: z.string().min(1) }),
]);

export const CriticalEffect = z.strictObject({
  /** The effect as printed. */
  text: z.string(),
  parts: z.array(CriticalPart).min(1),
});

export const UnitWeapon = z.strictObject({
  weapon: Id,
  multiplier: DiceExpr.default(1),
  arc: Arc.default('all'),
  /**
   * A weapon option (Tournament Pack multiplier "0–1", "2–3"): the unit carries between
   * `min` and `max` of this weapon, as its notes describe ("Armed with either ...");
   * `multiplier` is the default pick, and may be 0.
   */
  choice: z.strictObject({ min: z.number().int().min(0), max: z.number().int().min(1) }).optional(),
  /**
   * Only one weapon for every `sharedBy` units of this type that can fire at the target,
   * rounded up: RB 5.2.1 Imperial Guard Infantry, "only one unit in every two has an
   * autocannon" (2). Absent: every unit carries it.
   */
  sharedBy: z.number().int().min(2).optional(),
});

export const Unit = z
  .strictObject({
    id: Id,
    name: z.string().min(1),
    /** Other names a formation string may use for this unit ("Ork Boyz", "Space Marine Tactical"). */
    aliases: z.array(z.string().min(1)).default([]),
    type: UnitType,
    /** cm; 0 for immobile units. */
    speed: z.number().min(0),
    armour: Target.nullable(),
    /** An armour value that counts in assaults only (TP datasheets print it in brackets: Wyches' "(5+)"). */
    assaultArmour: Target.optional(),
    cc: Target.nullable(),
    ff: Target.nullable(),
    damageCapacity: z.number().int().min(1).optional(),
    voidShields: z.number().int().min(0).optional(),
    /**
     * Void shields repaired in each end phase beyond the one a war engine repairs (RB 5.4.1); a
     * Land Train's carriage adds its own to the train's (TP Fire Shield Battlecar: "The unit can
     * repair one additional void shield in the end phase of each turn").
     */
    extraShieldRepairs: z.number().int().min(1).optional(),
    /** Power fields (Orks), rolled when the unit is set up: "D3", "D3+3". */
    powerFields: DiceExpr.optional(),
    /** Dark Eldar shadowfields (TP Dark Eldar Technology): each absorbs one hit. */
    shadowfields: z.number().int().min(1).optional(),
    /** TP Xeno-Sociology: the unit's synapse value, "Synapse (2)" (a character's "Synapse (+1)" adds to its unit's). */
    synapse: z.number().int().min(1).optional(),
    /** TP Xeno-Sociology: the swarm points that return the unit to play once destroyed, "Brood (1)". */
    brood: z.number().int().min(1).optional(),
    /** Aircraft print a speed class instead of a speed (RB 4.2); `speed` is then 0. */
    aircraftSpeed: z.enum(['fighter', 'bomber', 'fighter-bomber']).optional(),
    critical: CriticalEffect.optional(),
    abilities: z.array(UnitAbility).default([]),
    /** Transport capacity in units, with the printed restriction in `notes`. */
    transport: z.number().int().min(0).optional(),
    weapons: z.array(UnitWeapon).default([]),
    /** Rules the unit has that the simulator does not model (ids or names). */
    otherRules: z.array(z.string()).default([]),
    notes: z.string().optional(),
  })
  .superRefine((u, ctx) => {
    if ((u.type === 'WE' || u.type === 'AC/WE') && u.damageCapacity === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['damageCapacity'],
        message: 'a war engine needs a damage capacity (RB 3.1)',
      });
    }
  });

export const UnitCount = z.strictObject({ unit: Id, count: z.number().int().min(1) });

/**
 * Units an upgrade replaces: `count` of `unit`, or of one of the units in `or` where the list
 * lets the player say which ("Replace a Predator Destructor or Vindicator with a Land Raider
 * Prometheus"): the first of `unit`, then `or`, that the formation fields.
 */
export const ReplacedUnits = z.strictObject({ unit: Id, count: z.number().int().min(1), or: z.array(Id).min(1).optional() });

/** A choice the player makes inside a formation: `count` units from `from`. */
export const UnitChoice = z.strictObject({
  count: z.number().int().min(1),
  from: z.array(Id).min(1),
});

export const FormationKind = z.enum(['ground', 'war-engine', 'aircraft', 'spacecraft']);

/**
 * The list's own price for one unit of a choice, where it prices the options apart instead of
 * the formation or upgrade as a whole (TP Black Legion Armoured Company: "50 points each per
 * Chaos Predator 75 points each per Chaos Land Raider"; Emperor's Children Knight Pack:
 * "Hell-Strider 50 points each, Hell-Knight 75 points each, Hell-Scourge 90 points each").
 */
export const UnitPrice = z.strictObject({ unit: Id, points: z.number().int().min(0) });

/**
 * Another way the list lets the player field a formation, named after "or" in its units
 * ("Eight Fire Warriors or Six Fire Warriors and three Devilfish"; "One Hive Tyrant or two
 * Tyranid Warriors"; "eight Berzerkers or six Noise Marines, Plague Marines or Thousand Sons";
 * "Four or six Ravagers"): `units` in place of `replaces`, units of the formation as fielded by
 * default. A formation text picks it with `@<id>`.
 */
export const FormationAlternative = z.strictObject({
  /** What `@` names: the unit id where it fields one other unit ("tyranid-warriors", "chaos-land-raider"), else its printed text ("six-fire-warriors-and-three-devilfish", "six-ravagers"). */
  id: Id,
  /** As printed ("Six Fire Warriors and three Devilfish"), or, for an option of a choice priced apart, the units it fields ("2 Chaos Land Raider"). */
  name: z.string().min(1),
  replaces: z.array(UnitCount).min(1),
  /** Empty where the alternative is terrain, not units ("either three Bruenhilde or three Gun Emplacements"). */
  units: z.array(UnitCount),
  /** The formation's points with it, where the list prices it apart ("Four or six Ravagers", "250 or 350 points"); absent: `points`. */
  points: z.number().int().min(0).optional(),
});

export const Formation = z.strictObject({
  id: Id,
  name: z.string().min(1),
  kind: FormationKind.default('ground'),
  /** The formation as fielded by default, front to back. */
  units: z.array(UnitCount).min(1),
  /** Where the list offers a choice ("any four of ..."), the options; `units` is the default pick. */
  choices: z.array(UnitChoice).default([]),
  /** Where the list prices a choice's options per unit: `points` is the default pick's price, and another pick costs the difference in these. */
  unitPrices: z.array(UnitPrice).optional(),
  /** Other compositions the list allows, picked with `@<id>` (FormationAlternative). */
  alternatives: z.array(FormationAlternative).optional(),
  /**
   * The sizes the list prints a price for (TP Ork lists: "An Ork player can choose to double or
   * triple the number of units in the formation ... a big formation ... a 'uge formation"; Squat
   * and Tyranid lists: small, medium and large, "double the number of core units", "triple"):
   * `@<id>` fields `times` the formation's units (its choices' counts too) at `points`, and "if
   * there is a limit on the number of units that may be added then this limit is doubled for
   * medium formations and tripled for large formations": an upgrade taken up to N times may be
   * taken N × `times`. The first is the formation as fielded by default (`times` 1, `points`).
   */
  sizes: z.array(z.strictObject({ id: Id, times: z.number().int().min(1), points: z.number().int().min(0) })).optional(),
  upgrades: z.array(Id).default([]),
  /**
   * Characters that come with the formation ("Eight Chaos Space Marines, one with a Chaos
   * Lord character"); each joins a unit of the formation instead of being one (RB 2.1.1).
   */
  characters: z.array(UnitChoice).optional(),
  points: z.number().int().min(0),
  /** As printed: "0-1", "up to a third of the army", ... */
  limit: z.string().optional(),
  notes: z.string().optional(),
  /**
   * What the list's rules charge for the weapons on the formation's weapon mounts, beyond the
   * weapons' own points (mountSurcharges.ts): `differentWeapons` when fewer than `min` different
   * weapons are mounted (TP War Griffons: "each Scout or Battle Titan formation must select at
   * least two different weapons or pay a surcharge of an additional +25 points"), and `perWeapon`
   * for each weapon (the upgrade's character id) mounted on a unit (TP Gryphonne IV: "Ordinatus
   * Minorus Weapon Mounts ... pay surcharges of an additional +50 points for a Carapace Landing Pad").
   */
  /**
   * Paid once when one or more units of type `unit` in the formation, upgrades included, carry
   * `weapon` (TP Tau Armour Support Group: "One or more Hammerheads with Railguns cost +25 points").
   */
  weaponSurcharges: z.array(z.strictObject({ unit: Id, weapon: Id, points: z.number().int().min(0) })).optional(),
  mountSurcharges: z
    .strictObject({
      differentWeapons: z.strictObject({ min: z.number().int().min(2), points: z.number().int().min(0) }).optional(),
      perWeapon: z.array(z.strictObject({ unit: Id, weapon: Id, points: z.number().int().min(0) })).default([]),
    })
    .optional(),
});

export const Upgrade = z.strictObject({
  id: Id,
  name: z.string().min(1),
  points: z.number().int().min(0),
  add: z.array(UnitCount).default([]),
  remove: z.array(ReplacedUnits).default([]),
  /** A character upgrade joins a unit of the formation instead of adding one (RB 2.1.1). */
  character: Id.optional(),
  /** Alternatives the player may take instead of `add` (e.g. one of three characters). */
  choices: z.array(UnitChoice).default([]),
  /** Where the list prices the choice's options per unit: `points` is the default pick's price, and another pick costs the difference in these. */
  unitPrices: z.array(UnitPrice).optional(),
  /**
   * Units one option of `choices` brings into the formation when it is picked (TP Squat Land
   * Train: "Iron Eagle Battlecar (and one Recon Iron Eagle), or Fire Shield"); the other options
   * bring none.
   */
  optionUnits: z.array(z.strictObject({ option: Id, add: z.array(UnitCount).min(1) })).optional(),
  /**
   * A formation of its own the upgrade brings, by id in the same army (TP Tiger Shark Gun Drones:
   * "add a Gun Drone formation of six Gun Drones"; "After this initial deployment the Gun Drones
   * are a completely independent formation"). Its points are that formation's cost, not the
   * taking formation's, and the taking formation fields none of its units: it is simulated on its own.
   */
  formation: Id.optional(),
  /**
   * The upgrade's `points` are for every `per` points of starting damage capacity of the unit its
   * character joins, the formation's first unit with one (TP Ork Gargant Mob Kart: "+25 points per
   * 4 DC"; the Tournament Pack prices only whole multiples of `per`).
   */
  pointsPerDamageCapacity: z.strictObject({ per: z.number().int().min(1) }).optional(),
  /**
   * The upgrade may be taken several times in one formation, each time adding `add`
   * (removing `remove`) for `points` ("Add up to two Dreadnoughts, +50 points each"):
   * up to `max` times, or any number of times when `max` is absent; taken at all, at least `min`
   * times ("Add between two and three Wraithguard units, +50 points each").
   */
  repeatable: z.strictObject({ min: z.number().int().min(2).optional(), max: z.number().int().min(1).optional() }).optional(),
  /**
   * A repeatable upgrade's price for two ("+75 points each or +125 points per pair"): each second
   * time it is taken costs `pairPoints` less the first's `points`.
   */
  pairPoints: z.number().int().min(0).optional(),
  /**
   * The weapon of the added units' either-or loadout they carry ("Add two Hammerheads with Ion
   * Cannons"); with several ("with Railguns or Twin Fusion Cannons") the first unless the player
   * picks another with `@<weapon id>`.
   */
  armedWith: z.array(Id).min(1).optional(),
  /**
   * One of the alternatives a single printed upgrade offers at different prices ("add four
   * Chimera or Valkyries (+100 or +150 points)", "Replace two or four Chaos Space Marines with
   * an equal number of Havocs (+25 or +50 points)"): the id the alternatives share. A formation
   * takes at most one upgrade of each `oneOf`, as it takes the printed upgrade once.
   */
  oneOf: Id.optional(),
  /**
   * The units a character upgrade may join: one of a type in `units`, or one carrying a character
   * of a type in `withCharacter` (TP Necron Overlord: "may be added to one Warbarque or unit with a
   * Necron Lord"; TP Orkimedes' Kustom upgrades: "may be added to a Great Gargant, Gargant or
   * Supa-Stompa"). Absent: any unit of the formation (the first that is not a war engine).
   */
  joins: z.strictObject({ units: z.array(Id).default([]), withCharacter: z.array(Id).default([]) }).optional(),
  /**
   * A weapon for a weapon mount (TP Weapon Mount: "Mount each weapon mount in the formation
   * with one of the following upgrades"): its `character` takes one empty mount of a unit, and
   * only a mount of the weapon id `only` where the list says so ("Arm weapon mount only":
   * `arm-weapon-mount`). Absent: the character is crew or kit and takes no mount.
   */
  mount: z.strictObject({ only: Id.optional() }).optional(),
  /**
   * A rule the upgrade gives units of the formation ("Give up to four Scout units Sniper", "Give
   * all infantry units in the formation Self-Reliant"): `rule` is a unit ability the engine plays
   * (`sniper`, `supreme-commander`) or another rule, named with every run as unit rules are. It
   * goes to `count` units (all when absent) of type `unit`, or of class `type`, or any unit,
   * that do not have it yet; a repeatable upgrade gives it again each time it is taken.
   */
  grant: z
    .strictObject({
      rule: Id,
      unit: Id.optional(),
      type: UnitType.optional(),
      count: z.number().int().min(1).optional(),
    })
    .optional(),
  /**
   * `points` is the price of each unit the formation fields once its other upgrades are applied,
   * characters not counted (they are not units, RB 2.1.1): TP Black Legion Dreadclaws, "+5 points
   * per unit". Such an upgrade adds, removes, joins, mounts and gives nothing, and is taken once.
   */
  perUnit: z.literal(true).optional(),
  /**
   * The formation comes to battle in pods that land by planetfall and are removed once it has
   * disembarked, so no pod is fielded: TP Black Legion Dreadclaws, "Transport a formation
   * containing only infantry units and Chaos Dreadnoughts in Dreadclaws"; TP Dreadclaw, "Dreadclaw
   * models should be removed from the board once the formation they transport has disembarked".
   * `pod` is the pod's unit; its landing rules (planetfall, a Chaos Drop Pod's Deathwind) are named
   * with every run. Each unit of the formation must be one the pods carry: of a class in `types`
   * but not an id in `except` ("infantry units (except Chaos Space Marine Bikes)"), or an id in
   * `units` ("Chaos Dreadnoughts", and the units that count as one "for the purposes of being
   * transported"). Characters ride with the unit they joined.
   */
  planetfallPods: z
    .strictObject({
      pod: Id,
      types: z.array(UnitType).default([]),
      except: z.array(Id).default([]),
      units: z.array(Id).default([]),
    })
    .optional(),
  /**
   * Fortified positions the formation buys for its own units (TP Fortified Positions: those "listed
   * as part of a formation's units ... are set up with the formation they are part of"; "Once set
   * up, fortified positions may be used by any unit"). Its units of class `type` stand in a
   * `position` (model/boughtPositions.ts): `holds` units, or, absent, one position for each unit of
   * that class it fields (TP Iron Warriors Emplacements: "Add one gun emplacement for every
   * armoured vehicle unit"; a gun emplacement "Can hold one unit"). A trench "Can hold one infantry
   * unit per 4cm of length" (TP Knight World Fortified Positions): 52cm holds 13. `unplayed`: what
   * else it sets up, by rule id, whose effect is on moving units, which no engagement plays
   * (`razor-wire`: "Dangerous" to infantry crossing it), named with every run.
   */
  positions: z
    .strictObject({
      position: z.enum(FORTIFIED_POSITIONS),
      type: z.enum(['INF', 'AV']),
      holds: z.number().int().min(1).optional(),
      unplayed: z.array(Id).default([]),
    })
    .optional(),
  /**
   * Set when the upgrade's effect cannot be expressed with the fields above (it grants an
   * ability, prices by a rule, ...): why, so a simulation can name it as unsupported. The
   * printed text is in `notes`.
   */
  unsupported: z.string().optional(),
  notes: z.string().optional(),
}).superRefine((u, ctx) => {
  if (u.perUnit === true && (u.add.length > 0 || u.remove.length > 0 || u.character !== undefined || u.choices.length > 0 || u.repeatable !== undefined || u.mount !== undefined || u.grant !== undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['perUnit'],
      message: 'an upgrade priced per unit adds, removes, joins, mounts and gives nothing, and is taken once: its price counts the units the formation\'s other upgrades leave',
    });
  }
});

/**
 * What a construction rule counts in a list (ConstructionRule): formations fielded, by id; upgrades
 * taken, by id, or only where they pick `option` ("Add up to one Autarch character per army or one
 * Exarch character": the Autarch); units fielded, by id, characters included ("0–1 Lysander Fighter
 * per Warmonger Class Titan").
 */
export const ConstructionItems = z.strictObject({
  formations: z.array(Id).default([]),
  upgrades: z.array(z.strictObject({ upgrade: Id, option: Id.optional() })).default([]),
  units: z.array(Id).default([]),
});

/** Where a construction rule is printed: the Tournament Pack's words, and their place in the list's page. */
export const ConstructionSource = z.strictObject({
  text: z.string().min(1),
  /** "formation row", "table \"Steel Legion Support Formations\" note", "using the army list", ... */
  where: z.string().min(1),
});

const constructionSources = z.array(ConstructionSource).min(1);
const count = z.number().int().min(0);

/**
 * One rule of how an army is built, as the list's page states it (TP army lists: the limits before
 * formation names, the notes under tables, the "Using the army list" text). A list file is checked
 * against each (rulesets/netea/model/roster/check.ts); what the importer cannot read into one of
 * these is named in the import report (kind `construction`), never dropped.
 *
 * - `count`: how many of `items` the army fields, at least `min` and at most `max` ("0–1 Strike
 *   Cruiser", "1+ Great Company"), both per every full `per.points` of the points limit ("A maximum
 *   of one Death Rider Company may be fielded for every full 1,500 points"), or per each of
 *   `per.items` fielded ("Any two support formations may be fielded per each company"). A text
 *   about each of several ("Up to one of each type of individual may be taken per army") is a rule
 *   for each.
 * - `points-share`: `formations` cost at most `numerator`/`denominator` of the points available,
 *   the list's points limit ("Up to a third of the points available may be spent on these formations").
 * - `upgrades-per-formation`: a formation of `formations` (every formation, when empty) takes at most
 *   `max` different upgrades of `upgrades` ("Up to three company upgrades may be taken once per
 *   company"), or, `counting: times`, takes them at most `max` times in all ("0–1 Oddboy"), that limit
 *   doubled or tripled with the formation's size where `sized` ("If there is a limitation then the
 *   limit is doubled for a big formation and tripled for a 'uge formation").
 * - `units-per-formation`: a formation of `formations` fields at most `max` units of class `type`
 *   ("Each formation may never exceed more than eight infantry units").
 * - `mounts-filled`: every weapon mount of a formation of `formations` carries a weapon ("Mount each
 *   weapon mount in the formation with one of the following upgrades").
 * - `when-fielded`: checked as each formation text is read, which refuses what breaks it ("Each
 *   upgrade may be taken once per formation", "One in five Leman Russ variants may be rare per formation").
 */
export const ConstructionRule = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('count'),
    items: ConstructionItems,
    min: count.optional(),
    max: count.optional(),
    per: z.union([z.strictObject({ points: z.number().int().min(1) }), z.strictObject({ items: ConstructionItems })]).optional(),
    sources: constructionSources,
  }),
  z.strictObject({
    kind: z.literal('points-share'),
    formations: z.array(Id).min(1),
    numerator: z.number().int().min(1),
    denominator: z.number().int().min(1),
    sources: constructionSources,
  }),
  z.strictObject({
    kind: z.literal('upgrades-per-formation'),
    formations: z.array(Id).default([]),
    upgrades: z.array(Id).min(1),
    max: count,
    counting: z.enum(['distinct', 'times']),
    sized: z.boolean().default(false),
    sources: constructionSources,
  }),
  z.strictObject({
    kind: z.literal('units-per-formation'),
    formations: z.array(Id).min(1),
    type: UnitType,
    max: count,
    sources: constructionSources,
  }),
  z.strictObject({
    kind: z.literal('mounts-filled'),
    formations: z.array(Id).min(1),
    sources: constructionSources,
  }),
  z.strictObject({
    kind: z.literal('when-fielded'),
    sources: constructionSources,
  }),
]);

/** Army-wide rules the simulator implements; others go to `otherRules`. */
export const ArmyRule = z.enum([
  'they-shall-know-no-fear',
  'mob-rule',
  'power-of-the-waaagh',
  /** TP Knight World: +1 to engage action tests and to rally tests (Knight and Support Households). */
  'bravery',
  /** TP Squats: +1 to rally tests (every formation but Guild Robot Squadrons). */
  'iron-willed',
  /** TP Space Wolves: +1 to engage action tests (Blood Claw, Skyclaw and Swiftclaw formations). */
  'unblooded',
  /** TP Necrons: +1 to marshal action tests (read as the action test, [TP 5.3.2]); no march actions. */
  'implacable-advance',
  /** TP Tyranids, synapse swarms: with a synapse unit, no -2 to rally when broken; without one, initiative 3+. */
  'the-hive-mind',
  /** TP Eldar and Dark Eldar: shooting before or after each move; in the battle's firefights the formation shoots, then retires (battleScenes.ts). */
  'hit-and-run-tactics',
]);

/** The allegiance a Chaos formation owes (TP Summoned Units: "Chaos Undivided or one of the four chaos gods"). */
export const Allegiance = z.enum(['undivided', 'khorne', 'nurgle', 'slaanesh', 'tzeentch']);

/** One daemon a list's summoning table lets its formations summon, with its summoning points (TP Summoned Units). */
export const SummonedDaemon = z.strictObject({
  unit: Id,
  /** A greater daemon (one per allegiance on the table), else a lesser daemon; each takes one marker of its kind from the pool. */
  greater: z.boolean(),
  /** The daemon's allegiance ("Faction"): formations of it, or of Chaos Undivided, summon it; `any` for every formation. */
  allegiance: z.union([Allegiance, z.literal('any')]),
  points: z.number().int().min(1),
  /** Its cost to a formation owing allegiance to Chaos Undivided, where the table prints one in parentheses ("1 (2)"). */
  undividedPoints: z.number().int().min(1).optional(),
});

/**
 * A Chaos list's summoning (TP Summoned Units and the list's Epic Tournament Special Rules): the
 * daemons its formations may summon, the allegiance every formation owes when the list fixes it,
 * the army upgrades that buy markers for the Daemon Pool, and where Daemonic Pact comes from.
 */
export const Summoning = z.strictObject({
  /** The special rule the table is read from. */
  rule: Id,
  /** "All formations in an Emperor's Children army owe allegiance to Slaanesh": absent, each formation declares its own. */
  allegiance: Allegiance.optional(),
  /** Formations whose name gives their allegiance ("Khorne Lord of Battles", "Chaos Undivided Defilers"), by id. */
  formationAllegiance: z.record(Id, Allegiance).default({}),
  daemons: z.array(SummonedDaemon).min(1),
  /** The army upgrades buying one greater or one lesser daemon marker for the Daemon Pool, by id. */
  poolUpgrades: z.strictObject({ greater: Id, lesser: Id }),
  /** The formation upgrade giving Daemonic Pact ("The formation may summon daemons"), by id, and whether it adds a lesser daemon to the pool. */
  pactUpgrade: z.strictObject({ upgrade: Id, addsLesser: z.boolean() }).optional(),
  /** Formations that have Daemonic Pact as printed ("This formation has Daemonic Pact and adds one lesser daemon to the Daemon Pool"), by id. */
  pactFormations: z.array(z.strictObject({ formation: Id, addsLesser: z.boolean() })).default([]),
});

export const Army = z.strictObject({
  id: Id,
  name: z.string().min(1),
  strategyRating: z.number().int().min(0),
  /** Initiative by formation kind; `default` for the rest (RB 1.2.2). */
  initiative: z
    .strictObject({ default: Target })
    .catchall(Target),
  rules: z.array(ArmyRule).default([]),
  otherRules: z.array(z.string()).default([]),
  formations: z.array(Formation).default([]),
  upgrades: z.array(Upgrade).default([]),
  /** Other armies whose formations this list may field (allies), by id. */
  allies: z.array(Id).default([]),
  /**
   * The forces whose units the list fields, its own first: a formation takes its army-wide
   * rules from the first of these that holds its units (a unit may be in several forces,
   * such as Boyz in the Ork, Feral Ork and Speed Freek forces).
   */
  forces: z.array(Id).optional(),
  /** How an army of this list is built (ConstructionRule), as its page states it; absent where the data set does not say. */
  construction: z.array(ConstructionRule).optional(),
  /** The daemons its formations summon, where the list has a Daemon Pool (TP Summoned Units). */
  summoning: Summoning.optional(),
  notes: z.string().optional(),
});

/**
 * A force: the units of one faction and the army-wide rules that apply to every
 * formation made of them (TSKNF for Space Marines, Mob Rule for Orks). Imperial
 * Navy aircraft fielded by a Space Marine army keep their own force's rules.
 */
export const Force = z.strictObject({
  id: Id,
  name: z.string().min(1),
  rules: z.array(ArmyRule).default([]),
  otherRules: z.array(z.string()).default([]),
  units: z.array(Id).default([]),
});

/**
 * A datasheet file: any mix of weapons, units, forces and army lists. Ids are global
 * within the data set that loads the files together.
 */
export const DatasheetFile = z.strictObject({
  $schema: z.string().optional(),
  /** Where the values come from, and every choice made between conflicting sources. */
  source: z.string().optional(),
  weapons: z.array(Weapon).default([]),
  units: z.array(Unit).default([]),
  forces: z.array(Force).default([]),
  armies: z.array(Army).default([]),
});

export type DiceExpr = z.infer<typeof DiceExpr>;
export type UnitType = z.infer<typeof UnitType>;
export type Arc = z.infer<typeof Arc>;
export type WeaponMode = z.infer<typeof WeaponMode>;
export type Weapon = z.infer<typeof Weapon>;
export type Allegiance = z.infer<typeof Allegiance>;
export type SummonedDaemon = z.infer<typeof SummonedDaemon>;
export type Summoning = z.infer<typeof Summoning>;
export type UnitAbility = z.infer<typeof UnitAbility>;
export type CriticalPart = z.infer<typeof CriticalPart>;
export type CriticalEffect = z.infer<typeof CriticalEffect>;
export type UnitWeapon = z.infer<typeof UnitWeapon>;
export type Unit = z.infer<typeof Unit>;
export type UnitCount = z.infer<typeof UnitCount>;
export type UnitPrice = z.infer<typeof UnitPrice>;
export type FormationAlternative = z.infer<typeof FormationAlternative>;
export type Formation = z.infer<typeof Formation>;
export type Upgrade = z.infer<typeof Upgrade>;
export type ArmyRule = z.infer<typeof ArmyRule>;
export type Army = z.infer<typeof Army>;
export type ConstructionItems = z.infer<typeof ConstructionItems>;
export type ConstructionSource = z.infer<typeof ConstructionSource>;
export type ConstructionRule = z.infer<typeof ConstructionRule>;
export type Force = z.infer<typeof Force>;
export type DatasheetFile = z.infer<typeof DatasheetFile>;
