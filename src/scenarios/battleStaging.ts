import type { BattleCover, Scene } from '../model/battle.js';
import type { FormationSpec } from '../model/formation.js';

/** One play of a battle's scene (battles/*.json) between two groups, in the battle file's own terms. */
export interface ScenePlay {
  kind: Scene['kind'];
  /** Distance between the front ranks at the start of the scene, cm. */
  gap: number;
  /** Assaults: where a group that cannot charge from `gap` ends its approach, cm. */
  approachGap: number;
  action: Scene['action'];
  turns: number;
  cover: BattleCover;
  /** The side holding the initiative: it shoots first, or it charges. */
  initiative: 0 | 1;
  /** Air attacks: flak formations of side 1 standing beside its group. */
  airDefence: FormationSpec[];
  /** Firefights and assaults with an air raid: aircraft formations of side 1 that attack side 0 first (none without one). */
  airRaid: FormationSpec[];
}

/**
 * How a rule system stages a battle for the value machinery (src/reports/value/formationValue.ts
 * planValue): the engagement of one play of a scene between two groups, and who moves first.
 * A system gives one in its scenarios folder; src/scenarios/registry.ts (battleStagingOf) names
 * it by the `--rules` names that play it. `Spec` is what the system's engine plays (the
 * registry's ScenarioSpec, for the shared code that asks the registry).
 */
export interface BattleStaging<Spec> {
  /** The engagement of one play of a scene: side 0 is `groupA`, side 1 `groupB`. */
  scene(groupA: FormationSpec[], groupB: FormationSpec[], play: ScenePlay): Spec;
  /** The chance that a formation of strategy rating `a` acts first against one of rating `b` (null: no rating). */
  firstMoveChance(a: number | null, b: number | null): number;
  /** How fast a formation moves on the table, cm (a battle's `"initiative": "speed"`). */
  formationSpeed(f: FormationSpec): number;
  /** How far off a formation can launch a charge, cm (the speed initiative's `"speedBy": "charge"`). */
  chargeSpeed(f: FormationSpec): number;
  /** How far off a formation can hit a ground formation in its turn, cm (a battle's `"initiative": "reach"`). */
  formationReach(f: FormationSpec): number;
  /** How far off a formation can hit a ground formation that cannot see it, cm (`"reachBy": "indirect-fire"`). */
  indirectReach(f: FormationSpec): number;
  /** The chance that a formation of speed `a` chooses the fight against one of speed `b`, certain when `ramp` cm faster. */
  speedFirstChance(a: number, b: number, ramp: number): number;
}
