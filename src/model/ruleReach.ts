/**
 * How far a rule the simulator does not play reaches: whether it could change
 * the result of an engagement the model plays, or acts only through what the
 * model leaves out (terrain, moves, deployment, the order of actions, summoning,
 * list building). Every rule a formation, its army or its force carries that
 * the simulator does not model is named with each run; this table says which
 * of those names a balancer must weigh (`engagement`) and why the others
 * cannot change a fair cost as the model defines it. A rule not in the table
 * counts as `engagement`: an unknown rule is never assumed harmless.
 */
export type RuleReach =
  /** It changes the result of an engagement the model plays. */
  | 'engagement'
  /** It acts through terrain or line of fire; the model's engagements are on open ground with a line of fire, or in the cover a scene gives. */
  | 'terrain'
  /** It moves units: where they shoot from within a move, consolidation, coherency, zones of control. The model fixes the distance between formations. */
  | 'movement'
  /** Where and when a formation enters or leaves play (reserves, teleport, planetfall, portals). The model's formations start on the table. */
  | 'deployment'
  /** Which actions a formation may take, or several formations acting together. The model gives each formation its own action. */
  | 'activation'
  /** Daemons summoned from the Daemon Pool. */
  | 'summoning'
  /** How the army is built, or which formations may garrison or hold objectives. */
  | 'army-list';

interface Reach {
  reach: RuleReach;
  /** What the rule does that the model leaves out, and which of its parts are simulated. */
  why: string;
}

const terrain = (why: string): Reach => ({ reach: 'terrain', why });
const movement = (why: string): Reach => ({ reach: 'movement', why });
const deployment = (why: string): Reach => ({ reach: 'deployment', why });
const activation = (why: string): Reach => ({ reach: 'activation', why });
const summoning = (why: string): Reach => ({ reach: 'summoning', why });
const armyList = (why: string): Reach => ({ reach: 'army-list', why });

const SUMMONING = 'daemons summoned from the Daemon Pool are not fielded';
const FORTIFIED = 'setting the positions up, the war engines that may not barge units in them, and the dangerous-terrain tests, razor wire and minefields of moving through them: the effects of a bunker, gun emplacement or trench on the units placed in one are simulated (--cover bunker|gun-emplacement|trench; "cover": "bunker" in an experiment)';
const HIT_AND_RUN =
  'the full consolidation move after winning an assault (the model plays no consolidation), and shooting before or after a move in an experiment\'s script; in the battle\'s firefight scenes (fire-15/30/45, cover-30, duel-30) a formation with the initiative shoots, then retires by its speed less its enemy\'s, who shoot back from there (battleScenes.ts)';

/** The classification, by the rule's id as the data names it (unit abilities and rules, weapon rules, army and force rules). */
export const RULE_REACH: Readonly<Record<string, Reach>> = {
  // Unit abilities the engine plays in part.
  walker: terrain('dangerous-terrain re-roll (no terrain is modelled)'),
  'jump-packs': terrain('ignores terrain when moving (no terrain is modelled)'),
  skimmer: terrain('pop-up (line of fire over terrain) is not modelled; the firefight option in assaults is simulated'),
  scout: movement('coherency and zone of control (not modelled)'),
  'titan-step-over': movement('stepping over units and terrain (not modelled)'),
  teleport: deployment('deployment (formations start on the table)'),
  planetfall: deployment('deployment (formations start on the table)'),
  'self-planetfall': deployment('deployment (formations start on the table)'),
  tunneler: deployment('deployment (formations start on the table)'),
  // A weapon that fires only as its pod lands, before the formation it carried disembarks: part of entering play.
  deathwind: deployment(
    'a drop pod\'s attack as it lands (AP5+/AT5+ at every enemy unit within 15 cm, a Blast marker for each enemy formation attacked and each casualty): the model\'s formations start on the table, landed; an experiment\'s `arrive` step with "method": "drop-pod" plays it (RB 5.1.2, TP Chaos Drop Pod)',
  ),
  'slow-and-steady': deployment('spacecraft timing (not modelled)'),
  transport: movement('starting embarked is modelled (--embarked, --attacker-embarked; "embarked": true in an experiment); embarking or picking units up during the engagement is not'),
  'critical-movement': movement('a critical effect that moves, slows or immobilises the war engine, or takes its Portal; the rest of its effect is simulated'),
  // Unit and weapon rules the engine does not play.
  directed: terrain('firing without a line of fire; the model gives every unit a line of fire'),
  spotter: terrain('lets directed weapons fire without a line of fire; the model gives every unit a line of fire'),
  'no-line-of-fire-required': terrain('the model gives every unit a line of fire'),
  portal: deployment('formations entering and leaving play through portals'),
  'webway-portal': deployment('formations entering play through webway portals'),
  'tau-jet-packs': movement('the extra 10 cm move after firing'),
  farsight: activation('retaining the initiative'),
  automata: activation(
    'a formation made only of automata takes only marshal, overwatch and sustained fire actions (the Tournament Pack\'s cannot move: speed 0); beside units without automata, its exemptions from Blast markers and from the assault result are not simulated (no Tournament Pack formation fields them so)',
  ),
  'coordinated-fire': activation('formations following another\'s action after one initiative roll'),
  'augmented-summoning-2d3': summoning(SUMMONING),
  // Army and force rules.
  'summoned-units': summoning(SUMMONING),
  'fickle-masters': summoning('the Daemon Pool growing or shrinking in the strategy phase'),
  'daemonic-focus': summoning('keeping summoned daemons in play'),
  'augmented-summoning': summoning(SUMMONING),
  '13th-black-crusade-black-legion-epic-tournament-special-rules': summoning('summoning point costs'),
  'red-corsairs-epic-tournament-special-rules': summoning('allegiance and summoning point costs'),
  'emperors-children-epic-tournament-special-rules': summoning('allegiance and summoning point costs'),
  'slaves-to-darkness-epic-tournament-special-rules': summoning('summoning point costs; the free Arch-Heretic is `+free-arch-heretic`; Plague Zombies deploy by teleport and are fielded as 3+2D6 = 10'),
  'stigmatus-covenant-epic-tournament-special-rules': summoning('summoning point costs; the free Arch-Heretic is `+free-arch-heretic`; Plague Zombies deploy by teleport and are fielded as 3+2D6 = 10'),
  'fortified-positions': terrain(FORTIFIED),
  'baran-siegemaster-fortified-positions': terrain(FORTIFIED),
  'death-korps-of-krieg-fortified-positions': terrain(FORTIFIED),
  'imperial-fist-fortified-positions': terrain(FORTIFIED),
  'iron-warrior-fortified-positions': terrain(FORTIFIED),
  'knight-world-fortified-positions': terrain(FORTIFIED),
  'razor-wire': movement('dangerous terrain to infantry crossing it (TP Knight World Fortified Positions): no formation of the model moves through terrain; the trench bought with it is simulated, the formation\'s infantry standing in it'),
  'masters-of-siege': terrain('a third garrisoned formation on overwatch and walker on the army\'s minefields; its infantry\'s 4+ reinforced-armour save in a bunker and first strike in a trench are simulated when the formation is placed in one (--cover bunker, --cover trench)'),
  // Imported as one army rule with the Dark Eldar's (tp/specialRules.ts), named for what it leaves out (armyRules.ts).
  'hit-and-run-tactics': movement(HIT_AND_RUN),
  'eldar-technology': deployment('webway portals; its Holofield and Lance are simulated'),
  'dark-eldar-technology': deployment('webway portals; its Shadowfields are simulated'),
  'necron-technology': deployment('portals; its Necron and Living Metal are simulated'),
  'tau-technology': movement('Tau jet packs\' extra move; its Deflector Shield, Guided Missiles and Markerlights are simulated'),
  'xeno-biology': deployment('brood nests and terrain (mobility); its Regeneration is simulated'),
  'scarab-conflict-necron-army-epic-tournament-special-rules': deployment('reserves and garrisons'),
  'tiger-shark-gun-drones': deployment('Gun Drones carried by Tiger Sharks, set down after an approach move (shooting as they disembark) and placing no Blast markers when destroyed aboard; the Gun Drone formation a Tiger Shark Squadron brings is simulated as a formation of its own, on the table from the start'),
  'thunderhawk-transporter': movement('carrying other formations'),
  'transport-per-damage-capacity': movement('carrying units by the starting damage capacity of the war engine it joins (TP Ork Kart: for each point two infantry units without jump packs or mounts, light vehicles, Killa Kans or Dreadnoughts, light vehicles and Dreadnoughts two each, and one unit of Grotz; at most one unit of Big Gunz): no unit starts aboard it (--embarked finds no transport), and carrying units of other formations is not modelled'),
  'brought-formation': deployment('a formation of its own that an upgrade of this one brings (TP Tiger Shark Gun Drones: carried in, set down after the approach move, then "a completely independent formation"): neither fielded with this formation nor priced in it; simulate it on its own'),
  'phase-out': deployment('a broken Necron formation leaving the table in the end phase and coming back through a portal or by teleport; the model keeps it on the table'),
  'fleet-of-foot': activation('the march action, which the model never takes'),
  'pack-mentality': activation('a commander ordering formations to assault with it'),
  'ere-we-go': activation('a Gargant formation\'s optional extra speed, paid for with critical effects; the model does not declare it'),
  kashnarak: activation('the Kashnarak acting as a third player'),
  commissars: armyList('one free Commissar per 500 points (from a Tournament Pack checkout, the upgrade `+free-commissar`)'),
  'ork-warlords': armyList('the free Warlord (from a Tournament Pack checkout, the upgrade `+free-warlord`)'),
  'fortresses-transport-own-formation': armyList('which formations these transports may carry'),
  'battlefortresses-and-gunfortresses': armyList('which formations these transports may carry'),
  'squat-transports': armyList('how many transports a Brotherhood takes'),
  'ordo-xenos-epic-tournament-special-rules': armyList('which formations the aircraft may carry'),
  'gryphonne-iv-skitarii-legion-epic-tournament-special-rules': armyList('every weapon mount filled (a formation text may leave some empty: they are named with its result); its weapon-mount surcharges are priced'),
  'war-griffons-epic-tournament-special-rules': armyList('every weapon mount filled (a formation text may leave some empty: they are named with its result); its weapon-mount surcharges are priced'),
  'gargant-mob-epic-tournament-special-rules': armyList('the free Mekboy Big Boss (`+free-mekboy-big-boss`) and weapon mounts filled'),
  'feral-ork-epic-tournament-special-rules': armyList('the free Warlord (`+free-warlord`), Orkeosaurus transport, the Trappas\' scout'),
  'speed-freek-epic-tournament-special-rules': armyList('the free Bad Ork Bikerboy and the speed of the army\'s units'),
  'grindel-stronghold-squat-army-epic-tournament-special-rules': armyList('objectives and Mole transport'),
  'saim-hann-epic-tournament-special-rules': armyList('transports and garrisons'),
  'kabal-of-pains-way-epic-tournament-special-rules': armyList('garrisons and how Corsair escorts bombard'),
};

/** The reach of a rule by its id. */
export function reachOf(rule: string): RuleReach {
  return RULE_REACH[rule]?.reach ?? 'engagement';
}

const ARMY_RULE_MARK = ' (army rule): ';

/**
 * A named rule as reports print it: "Warhound Class Titan: walker: dangerous-terrain re-roll
 * (no terrain is modelled)", "Eldar (army rule): farsight: retaining the initiative". The rule's
 * id is the part after the owner, so `ruleOfNote` finds it again.
 */
export function ruleNote(owner: string, rule: string, armyLevel = false): string {
  const why = RULE_REACH[rule]?.why;
  return `${owner}${armyLevel ? ARMY_RULE_MARK : ': '}${rule}${why !== undefined ? `: ${why}` : ''}`;
}

/** The rule id a note names (see `ruleNote`). */
export function ruleOfNote(note: string): string {
  const at = note.indexOf(ARMY_RULE_MARK);
  const rest = at >= 0 ? note.slice(at + ARMY_RULE_MARK.length) : note.slice(note.indexOf(': ') + 2);
  const end = rest.indexOf(': ');
  return end < 0 ? rest : rest.slice(0, end);
}

/** Whether one of these notes names `rule` (a rule partly simulated stays named for what is not). */
export function namesRule(notes: readonly string[], rule: string): boolean {
  return notes.some((n) => ruleOfNote(n) === rule);
}

/** Whether a named rule could change the result of an engagement the model plays. */
export function changesAnEngagement(note: string): boolean {
  return reachOf(ruleOfNote(note)) === 'engagement';
}

/** Whether a note names an army- or force-level rule. */
export function isArmyRuleNote(note: string): boolean {
  return note.includes(ARMY_RULE_MARK);
}
