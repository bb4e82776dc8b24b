/**
 * Integer codes for the hot loop: unit classes, ability flags, hit kinds and
 * actions. Strings never reach the loop; compile turns data into these.
 */

/** Target classes (RB 1.1.3): the bit a hit type must include to be allocated to a unit. */
export const CLASS_INF = 1;
export const CLASS_LV = 2;
export const CLASS_AV = 4;
export const CLASS_WE = 8;
export const CLASS_AIR = 16;

/** Which classes each firepower type may be allocated to (RB 1.9.6, 2.1.9, 3.2). */
export const ELIGIBLE_AP = CLASS_INF | CLASS_LV;
export const ELIGIBLE_AT = CLASS_LV | CLASS_AV | CLASS_WE;
export const ELIGIBLE_ANY_GROUND = CLASS_INF | CLASS_LV | CLASS_AV | CLASS_WE;

/** Unit ability flags (bits of `units.flags`). */
export const U_REINFORCED = 1 << 0;
export const U_THICK_REAR = 1 << 1;
/** In a position that counts as Fortifications (TP Bunker): crossfire does not worsen its saves (RB 1.11). */
export const U_IN_FORTIFICATION = 1 << 2;
export const U_FEARLESS = 1 << 3;
export const U_LEADER = 1 << 4;
export const U_INSPIRING = 1 << 5;
export const U_EXPENDABLE = 1 << 6;
export const U_GROT = 1 << 7;
export const U_MOUNTED = 1 << 8;
export const U_SKIMMER = 1 << 9;
export const U_FIRST_STRIKE = 1 << 10;
export const U_COMMANDER = 1 << 11;
export const U_SUPREME = 1 << 12;
export const U_IN_COVER = 1 << 13;
export const U_CC_ONLY = 1 << 14;
export const U_SUPPORT_CRAFT = 1 << 15;
export const U_INFILTRATOR = 1 << 16;
export const U_WAR_ENGINE = 1 << 17;
export const U_TSKNF = 1 << 18;
/** Not counted for Mob Rule (Big Gunz, RB 5.5.1). */
export const U_NO_MOB_RULE = 1 << 19;
/** An aircraft (AC, AC/WE): only AA hits reach it while it flies (RB 4.2.3). */
export const U_AIRCRAFT = 1 << 20;
/** A fighter or fighter-bomber: may jink for a 4+ save (RB 4.2.3). */
export const U_JINKS = 1 << 21;
/** A spacecraft: attacks from orbit and is never attacked (RB 4.3). */
export const U_SPACECRAFT = 1 << 22;
/** Regains a lost damage capacity point in each end phase (TP Regeneration). */
export const U_REGENERATES = 1 << 23;
/** TP Automaton: places no Blast marker when destroyed. */
export const U_AUTOMATON = 1 << 24;
/** TP Markerlights: marks enemy formations within 30 cm. */
export const U_MARKERLIGHT = 1 << 25;
/** TP Necron: may return to play after being destroyed. */
export const U_NECRON = 1 << 26;
/** TP Masters of Siege: infantry in a bunker save on 4+ with reinforced armour instead of their armour and the cover save (saves/saveStack.ts). */
export const U_SIEGE_BUNKER = 1 << 27;
/** TP Masters of Siege: infantry in a trench strike first while they hold it (assault/firstStrike.ts). */
export const U_TRENCH_FIRST_STRIKE = 1 << 28;

/** Weapon-line flags. */
export const W_MACRO = 1 << 0;
export const W_IGNORE_COVER = 1 << 1;
export const W_DISRUPT = 1 << 2;
export const W_LANCE = 1 << 3;
export const W_SNIPER = 1 << 4;
export const W_SINGLE_SHOT = 1 << 5;
export const W_SLOW_FIRING = 1 << 6;
/** The lines whose use is remembered between attacks (RB 2.2.8, 2.2.9: single shot, slow firing). */
export const W_LIMITED_USE = W_SINGLE_SHOT | W_SLOW_FIRING;
export const W_INDIRECT = 1 << 7;
export const W_FIRST_STRIKE = 1 << 8;
export const W_REAR_ARC = 1 << 9;
/** A spacecraft's pin-point attack: war engines only (RB 4.3.4). */
export const W_PIN_POINT = 1 << 10;
/** TP Guided Missile: fires only at a marked formation. */
export const W_GUIDED = 1 << 11;
/** A weapon of a carriage (TP Land Train): lost with it (criticals/carriages.ts). */
export const W_CARRIAGE = 1 << 12;
/** The weapon whose misses cost its unit damage after a critical (TP Cyclops, criticals/damageOnMiss.ts). */
export const W_MISS_DAMAGE = 1 << 13;

/** Weapon-line kinds. */
export const KIND_RANGED = 0;
export const KIND_SMALL_ARMS = 1;
export const KIND_ASSAULT = 2;

/** Hit flags (bits of the hit buffer's `flags`). */
export const H_MW = 1 << 0;
export const H_TK = 1 << 1;
export const H_IGNORE_COVER = 1 << 2;
export const H_LANCE = 1 << 3;
export const H_SNIPER = 1 << 4;
export const H_DISRUPT = 1 << 5;
export const H_NO_SAVE = 1 << 6;
/** A close-combat hit: ignores void shields and power fields (RB 5.4.1). */
export const H_CLOSE_COMBAT = 1 << 7;
/** Hit on a war engine declared "at the war engines" (RB 3.2.1). */
export const H_AT_WAR_ENGINES = 1 << 8;
export const H_AT_OTHERS = 1 << 9;
/** A hit scored in an assault (close combat, firefight or supporting fire): assault-only armour counts (TP). */
export const H_ASSAULT = 1 << 10;
/** A hit from supporting fire in an assault: no Knight Shield against it (TP Knight Technology). */
export const H_SUPPORT = 1 << 11;
/** A Titan Killer hit whose one Holofield save was already rolled for the whole hit (TP Eldar Technology). */
export const H_FIELD_ROLLED = 1 << 12;
/** A passenger of a destroyed transport: it may take a 6+ cover save instead of its armour (RB 1.7.5 errata). */
export const H_WRECKED_TRANSPORT = 1 << 13;
/** RB 2.2.6: macro-weapon and Titan Killer hits are allocated after the others, among the units those leave alive (shooting and assaults). */
export const H_SECOND_STAGE = H_MW | H_TK;

/** Actions (RB 1.6.1) as they affect shooting. */
export const ACTION_ADVANCE = 0;
export const ACTION_DOUBLE = 1;
export const ACTION_SUSTAINED = 2;
export const ACTION_MARSHAL = 3;
export const ACTION_OVERWATCH = 4;
export const ACTION_HOLD = 5;
export const ACTION_ENGAGE = 6;

/** "None" for a save, CC, FF or to-hit value: a roll that can never succeed. */
export const NONE = 7;
