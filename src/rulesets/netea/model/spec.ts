import type { FormationSpec } from '../../../model/formationSpec.js';
import type { FortifiedPosition } from '../../../model/fortifiedPositions.js';

/**
 * A NetEA engagement as plain data: formations placed on a one-dimensional
 * battlefield and a script of steps. This is what the CLI and experiment files
 * build and what crosses to worker threads; `compileEngagement` turns it into
 * typed arrays once per worker.
 */

export type ActionName = 'advance' | 'double' | 'sustained' | 'marshal' | 'overwatch' | 'hold' | 'engage';

/**
 * Cover for a formation's units (RB 1.8): `none`; `obscured` (−1 to hit, no
 * save, e.g. infantry touching a vehicle); an infantry cover save value in
 * addition to the −1 (woods 5+, ruins 4+, fortifications 3+); or a fortified
 * position, whose effect on each kind of unit is its table's
 * (engagement/cover.ts).
 */
export type CoverSpec = { kind: 'none' } | { kind: 'obscured' } | { kind: 'save'; save: number } | { kind: 'position'; position: FortifiedPosition };

export interface PlacedFormation {
  /** Short handle scripts refer to ("marines", "A"). */
  id: string;
  side: 0 | 1;
  formation: FormationSpec;
  /** Distance from the centre line to the formation's front rank, cm. */
  front: number;
  /** Units per rank. */
  rankWidth: number;
  /** Distance between ranks and between neighbours in a rank, cm. */
  spacing: number;
  cover: CoverSpec;
  blastMarkers: number;
  broken: boolean;
  /** Units to put in cover by index (front to back); all units when omitted. */
  coverUnits?: number[];
  /** The formation starts off the table and comes on with an `arrive` step (planetfall, teleport, drop pods). */
  offTable?: boolean;
  /**
   * Its units that can ride start inside its transports (RB 1.7.5; transport/embarkation.ts):
   * counted for its break point and outnumbering, but not hit, not shooting, not fighting until
   * they get out (their transport destroyed, or their formation charging).
   */
  embarked?: boolean;
}

/** Common to the steps where a formation acts (RB 1.6). */
interface ActionFields {
  /** Take an action test first (RB 1.6.2); on a failure the formation holds and gets a Blast marker. */
  test: boolean;
  /** The action retains the initiative (-1 to the test, RB 1.6.3). */
  retain: boolean;
}

export interface ShootStep extends ActionFields {
  kind: 'shoot';
  label: string;
  by: number;
  at: number;
  action: ActionName;
  crossfire: boolean;
  /** Fire barrage weapons as a barrage when they can. */
  barrage: boolean;
  /**
   * Hit & Run Tactics (TP: formations taking advance or double actions "may choose to shoot either
   * before or after each move"): having shot, the formation moves away from these enemy formations,
   * which use their own advance move to close in again before they shoot back. Its front moves
   * back by its slowest unit's speed less the slowest unit's speed among them, at least 0
   * (hitAndRun.ts); not after a failed action test (a hold action has no move). Only with the
   * advance or double action. A `return` step brings it back. Omitted: it stays where it shot.
   */
  retireFrom?: number[];
}

/** A formation that retired after shooting (ShootStep.retireFrom) comes back to where it shot from. */
export interface ReturnStep {
  kind: 'return';
  label: string;
  formation: number;
}

export interface AssaultStep extends ActionFields {
  kind: 'assault';
  label: string;
  /** Engaging formations (a commander may bring up to three, RB 2.1.2). */
  by: number[];
  /** Target formation and any intermingled with it (RB 1.12.10). */
  at: number[];
  /** Formations of either side that may lend supporting fire. */
  support: number[];
  /** Formations of the defending side on overwatch: they shoot the chargers after the charge move. */
  overwatch: number[];
  /** Attackers allowed in base contact; by default from speed and distance. */
  contact?: number;
}

/** A formation uses its action to regroup (marshal without shooting, or hold; RB 1.13.1). */
export interface RegroupStep extends ActionFields {
  kind: 'regroup';
  label: string;
  formation: number;
}

/** An action test on its own: a failure costs a Blast marker (RB 1.6.2). */
export interface ActionTestStep {
  kind: 'action-test';
  label: string;
  formation: number;
  action: ActionName;
  retain: boolean;
}

/** The end phase: war-engine criticals, shield repair, rally tests (RB 1.14). */
export interface EndPhaseStep {
  kind: 'end-phase';
  label: string;
}

/** Marks the end of a turn: metrics are also reported per turn. */
export interface EndTurnStep {
  kind: 'end-turn';
  label: string;
}

/**
 * An aircraft formation's ground attack (RB 4.2.1-4.2.4): the approach move,
 * an interception by one enemy formation on combat air patrol, flak from the
 * listed enemy formations, then the attack on `at` with the normal shooting
 * rules (no crossfire, no suppression). A failed action test is a stand down.
 */
export interface GroundAttackStep extends ActionFields {
  kind: 'ground-attack';
  label: string;
  /** The aircraft formation. */
  by: number;
  /** The ground formation attacked. */
  at: number;
  /** Enemy ground formations whose AA weapons fire flak on the approach. */
  flak: number[];
  /** An enemy fighter formation on combat air patrol that intercepts first, or -1. */
  cap: number;
}

/**
 * Flak (RB 4.2.4; TP Flak Attacks): ground formation `by` fires its AA weapons
 * at aircraft formation `at`, on the approach or as it disengages in the end
 * phase; `moved`: the flak formation took a move action this turn (-1 to hit
 * in the end phase, TP).
 */
export interface FlakStep {
  kind: 'flak';
  label: string;
  by: number;
  at: number;
  phase: 'approach' | 'disengagement';
  moved: boolean;
}

/** An interception (RB 4.2.1-4.2.3; TP +1 to hit): fighters `by` attack aircraft formation `at` with their AA weapons. */
export interface InterceptStep extends ActionFields {
  kind: 'intercept';
  label: string;
  by: number;
  at: number;
}

/**
 * A spacecraft's action (RB 4.3): its orbital bombardment falls on `at` as a
 * barrage under 12 cm templates, and its pin-point attacks strike the war
 * engines of `at`. A failed action test delays it.
 */
export interface OrbitalStep extends ActionFields {
  kind: 'orbital';
  label: string;
  by: number;
  at: number;
}

/**
 * An off-table formation arrives (RB 2.1.17 Teleport, RB 4.4 Planetfall, RB 5.1.2
 * Drop Pod; TP Planetfall): its front lands `front` cm from the centre line.
 */
export interface ArriveStep {
  kind: 'arrive';
  label: string;
  formation: number;
  front: number;
  method: 'planetfall' | 'teleport' | 'drop-pod';
}

export type Step = ArriveStep | ShootStep | ReturnStep | AssaultStep | RegroupStep | ActionTestStep | EndPhaseStep | EndTurnStep | GroundAttackStep | FlakStep | InterceptStep | OrbitalStep;

/**
 * Switches for the ambiguities of the rules ([A-n] in the specification) and
 * the engagement model's assumptions. Each default is the recommended reading.
 */
export interface NeteaOptions {
  /** AT value of a 3 BP barrage: 5 (TP) or 6 (2004 rulebook). */
  barrage3bpAt: 5 | 6;
  /** A war engine that cannot be suppressed with the BMs left: skip it and go on (true) or stop (false). */
  suppressSkipWarEngines: boolean;
  /** Units one barrage template covers (7.4 cm template over stands 5 cm apart). */
  templateUnits: number;
  /** Chance a staggering Warhound runs into something (open ground: 0). */
  staggerBlockedChance: number;
  /** Withdraw formations that break (RB 1.13.3): units ending within 15 cm of the enemy die. */
  withdrawOnBreak: boolean;
  /** Assault-loss extra hits go only to directly engaged units (true) or to the whole formation. */
  lossHitsEngagedOnly: boolean;
  /** Supporting fire is rolled again in tie re-rounds. */
  supportEveryRound: boolean;
  /** Maximum assault rounds before a tie is declared unresolved (ties re-fight: RB FAQ). */
  maxAssaultRounds: number;
  /**
   * Points lost for a war engine: pro rata to the damage it takes (each point of
   * damage costs points / starting DC), or only when it is destroyed.
   */
  warEnginePointsProRata: boolean;
  /**
   * Fighters jink (4+ save instead of armour, RB 4.2.3) before they have made
   * their attack, giving it up, whenever 4+ beats their armour (true); or only
   * once the attack is made (false: they came to attack). After the attack
   * they always jink when it is the better save.
   */
  jinkBeforeAttack: boolean;
  /** Units one 12 cm orbital-bombardment template covers (RB 4.3.3; stands 5 cm apart). */
  orbitalTemplateUnits: number;
  /**
   * The Tournament Pack's changes to the 2004 rulebook, each a switch (true: the TP; false: the
   * 2004 rulebook with its errata; rulesVariant.ts sets them together).
   * TP 1.7.5/2.2.6: passengers of a transport a macro-weapon destroyed save as against that hit
   * (reinforced armour, invulnerable saves); RB 1.7.5: they die.
   */
  passengersSaveAgainstMacroWeapons: boolean;
  /** TP They Shall Know No Fear: half the Blast markers in an assault's result, and leaders remove two. */
  tsknfAssaultAndLeaders: boolean;
  /** TP 3.2.5: a Titan Killer hit on a war engine rolls its damage when allocated and counts as that many hits for the spread. */
  titanKillerDamageAtAllocation: boolean;
  /** TP Anti-aircraft Attacks: aircraft intercepting add +1 to hit. */
  interceptorBonus: boolean;
  /** TP Flak Attacks: end-phase flak from a formation that moved this turn is at -1 to hit. */
  flakMovedPenalty: boolean;
  /** TP Aircraft coming under fire: an intercepted formation takes the under-fire Blast marker, as for flak. */
  interceptionUnderFireMarker: boolean;
  /** TP 1.12.5: units with close combat weapons only attack only in base contact (RB 2004: with their firefight value within 15 cm too). */
  closeCombatOnlyInContact: boolean;
  /**
   * TP Resolve Attacks and Supporting Fire: a wiped-out defender loses and a stalled attack (every
   * directly engaged attacker dead) loses before supporting fire, which comes after the fight;
   * RB 2004: supporting fire with the fight, casualties together, then the result roll.
   */
  assaultEarlyResult: boolean;
}

export const DEFAULT_OPTIONS: NeteaOptions = {
  barrage3bpAt: 5,
  suppressSkipWarEngines: true,
  templateUnits: 4,
  staggerBlockedChance: 0,
  withdrawOnBreak: true,
  lossHitsEngagedOnly: true,
  supportEveryRound: true,
  maxAssaultRounds: 20,
  warEnginePointsProRata: true,
  jinkBeforeAttack: false,
  orbitalTemplateUnits: 9,
  passengersSaveAgainstMacroWeapons: true,
  tsknfAssaultAndLeaders: true,
  titanKillerDamageAtAllocation: true,
  interceptorBonus: true,
  flakMovedPenalty: true,
  interceptionUnderFireMarker: true,
  closeCombatOnlyInContact: true,
  assaultEarlyResult: true,
};

export interface EngagementSpec {
  ruleset: 'netea';
  formations: PlacedFormation[];
  steps: Step[];
  options: NeteaOptions;
}
