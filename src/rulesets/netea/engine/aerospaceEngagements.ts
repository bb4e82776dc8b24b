import type { FormationSpec } from '../../../model/formation.js';
import { DEFAULT_OPTIONS, type EngagementSpec, type NeteaOptions, type PlacedFormation } from '../model/spec.js';
import { stateFields, type Geometry, type SideState } from './engagements.js';

/**
 * Builders for the one-step aerospace engagements (RB 4.2-4.3), shared by the
 * CLI, the matrix and the battle. The flying formation's front is its attack
 * position; ground formations stand `gap` from it, so a flak unit's distance to
 * the aircraft is `gap` plus its depth in its formation.
 */

/** Distance from the aircraft's attack position to the target's front rank: its shortest ground weapon then reaches. */
export const DEFAULT_AIR_ATTACK_GAP = 15;

function placed(id: string, side: 0 | 1, formation: FormationSpec, front: number, g: Geometry, state: SideState): PlacedFormation {
  return { id, side, formation, front, rankWidth: g.rankWidth, spacing: g.spacing, ...stateFields(state) };
}

export interface GroundAttackSetup {
  geometry: Geometry;
  aircraft: SideState;
  target: SideState;
  /** The target fires its own AA weapons as flak (when it has any). */
  targetFlak: boolean;
  /** Other formations of the target's side whose flak fires, standing beside the target. */
  flak: FormationSpec[];
  /** Enemy fighters on combat air patrol that intercept first. */
  cap: FormationSpec | null;
  /** The aircraft take an action test first (a failure is a stand down). */
  test: boolean;
  options?: NeteaOptions;
}

/** Aircraft formation `aircraft` (side 0) makes a ground attack on `target` (side 1), through its flak. */
export function groundAttackEngagement(aircraft: FormationSpec, target: FormationSpec, s: GroundAttackSetup): EngagementSpec {
  const g = s.geometry;
  const fresh: SideState = { blastMarkers: 0, broken: false, cover: { kind: 'none' } };
  const formations = [placed('attacker', 0, aircraft, 0, g, s.aircraft), placed('target', 1, target, g.gap, g, s.target)];
  const flak: number[] = s.targetFlak ? [1] : [];
  s.flak.forEach((f, i) => {
    flak.push(formations.length);
    formations.push(placed(`flak-${i + 1}`, 1, f, g.gap, g, fresh));
  });
  let cap = -1;
  if (s.cap) {
    cap = formations.length;
    formations.push(placed('cap', 1, s.cap, g.gap, g, fresh));
  }
  return {
    ruleset: 'netea',
    formations,
    steps: [{ kind: 'ground-attack', label: `${aircraft.name} ground attack on ${target.name}`, by: 0, at: 1, flak, cap, test: s.test, retain: false }],
    options: s.options ?? DEFAULT_OPTIONS,
  };
}

export interface FlakSetup {
  geometry: Geometry;
  shooter: SideState;
  phase: 'approach' | 'disengagement';
  /** The flak formation took a move action this turn (-1 to hit in the end phase, TP). */
  moved: boolean;
  options?: NeteaOptions;
}

/** Ground formation `shooter` (side 0) fires flak at aircraft formation `aircraft` (side 1) passing `gap` away. */
export function flakEngagement(shooter: FormationSpec, aircraft: FormationSpec, s: FlakSetup): EngagementSpec {
  const g = s.geometry;
  const fresh: SideState = { blastMarkers: 0, broken: false, cover: { kind: 'none' } };
  return {
    ruleset: 'netea',
    formations: [placed('attacker', 0, shooter, 0, g, s.shooter), placed('target', 1, aircraft, g.gap, g, fresh)],
    steps: [{ kind: 'flak', label: `${shooter.name} flak at ${aircraft.name} (${s.phase})`, by: 0, at: 1, phase: s.phase, moved: s.moved }],
    options: s.options ?? DEFAULT_OPTIONS,
  };
}

/** Fighters `fighters` (side 0) intercept aircraft formation `aircraft` (side 1). */
export function interceptEngagement(fighters: FormationSpec, aircraft: FormationSpec, s: { geometry: Geometry; test: boolean; options?: NeteaOptions }): EngagementSpec {
  const g = s.geometry;
  const fresh: SideState = { blastMarkers: 0, broken: false, cover: { kind: 'none' } };
  return {
    ruleset: 'netea',
    formations: [placed('attacker', 0, fighters, 0, g, fresh), placed('target', 1, aircraft, 0, g, fresh)],
    steps: [{ kind: 'intercept', label: `${fighters.name} intercept ${aircraft.name}`, by: 0, at: 1, test: s.test, retain: false }],
    options: s.options ?? DEFAULT_OPTIONS,
  };
}

/** Spacecraft `spacecraft` (side 0) bombards `target` (side 1) from orbit and makes its pin-point attacks. */
export function orbitalEngagement(spacecraft: FormationSpec, target: FormationSpec, s: { geometry: Geometry; target: SideState; test: boolean; options?: NeteaOptions }): EngagementSpec {
  const g = s.geometry;
  const fresh: SideState = { blastMarkers: 0, broken: false, cover: { kind: 'none' } };
  return {
    ruleset: 'netea',
    formations: [placed('attacker', 0, spacecraft, 0, g, fresh), placed('target', 1, target, g.gap, g, s.target)],
    steps: [{ kind: 'orbital', label: `${spacecraft.name} orbital attack on ${target.name}`, by: 0, at: 1, test: s.test, retain: false }],
    options: s.options ?? DEFAULT_OPTIONS,
  };
}
