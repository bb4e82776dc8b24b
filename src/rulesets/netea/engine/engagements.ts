import type { FormationSpec } from '../../../model/formation.js';
import { DEFAULT_GAP, DEFAULT_RANK_WIDTH, DEFAULT_SPACING } from '../../../model/engagementGeometry.js';
import { DISEMBARK_RANGE } from './transport/disembark.js';
import { onFoot, planEmbarkation } from './transport/embarkation.js';
import { DEFAULT_OPTIONS, type ActionName, type CoverSpec, type EngagementSpec, type NeteaOptions, type PlacedFormation } from '../model/spec.js';

/**
 * Builders for the common one-step engagements, shared by the CLI commands,
 * the matrix and the fair-cost search. The engagement model's defaults live
 * here (README: the engagement model).
 */

export { DEFAULT_GAP, DEFAULT_RANK_WIDTH, DEFAULT_SPACING } from '../../../model/engagementGeometry.js';

export interface Geometry {
  /** Distance between the two front ranks, cm. */
  gap: number;
  rankWidth: number;
  spacing: number;
}

export const DEFAULT_GEOMETRY: Geometry = { gap: DEFAULT_GAP, rankWidth: DEFAULT_RANK_WIDTH, spacing: DEFAULT_SPACING };

export interface SideState {
  blastMarkers: number;
  broken: boolean;
  cover: CoverSpec;
  /** Its units that can ride start in its transports (PlacedFormation.embarked). */
  embarked?: boolean;
}

/** The placed formation's fields for a side's state. */
export function stateFields(s: SideState): Pick<PlacedFormation, 'cover' | 'blastMarkers' | 'broken' | 'embarked'> {
  return { cover: s.cover, blastMarkers: s.blastMarkers, broken: s.broken, ...(s.embarked === true ? { embarked: true } : {}) };
}

export const FRESH: SideState = { blastMarkers: 0, broken: false, cover: { kind: 'none' } };

export interface ShootSetup {
  action: ActionName;
  crossfire: boolean;
  geometry: Geometry;
  attacker: SideState;
  target: SideState;
  options?: NeteaOptions;
}

/** Formation `attacker` (side 0, front on the centre line) shoots `target` (side 1, `gap` away). */
export function shootEngagement(attacker: FormationSpec, target: FormationSpec, s: ShootSetup): EngagementSpec {
  const g = s.geometry;
  return {
    ruleset: 'netea',
    formations: [
      { id: 'attacker', side: 0, formation: attacker, front: 0, rankWidth: g.rankWidth, spacing: g.spacing, ...stateFields(s.attacker) },
      { id: 'target', side: 1, formation: target, front: g.gap, rankWidth: g.rankWidth, spacing: g.spacing, ...stateFields(s.target) },
    ],
    steps: [{ kind: 'shoot', label: `${attacker.name} shoots ${target.name}`, by: 0, at: 1, action: s.action, crossfire: s.crossfire, barrage: true, test: false, retain: false }],
    options: s.options ?? DEFAULT_OPTIONS,
  };
}

/** A formation lending supporting fire, placed `gap` cm from the enemy front. */
export interface SupportSetup {
  formation: FormationSpec;
  /** 0: with the attacker; 1: with the target. */
  side: 0 | 1;
  gap: number;
  state: SideState;
}

export interface AssaultSetup {
  geometry: Geometry;
  attacker: SideState;
  target: SideState;
  supports: SupportSetup[];
  /** Take the engage action test first (RB 1.6.2). */
  test: boolean;
  /** Formations of the target's side on overwatch, by index into `supports` (side 1 only). */
  overwatch: number[];
  contact?: number;
  options?: NeteaOptions;
}

/**
 * `attacker` (side 0) engages `target` (side 1, `gap` away) with supporting
 * formations placed on either side. Support formations of the attacker's side
 * stand `gap` cm from the target's front; those of the target's side stand
 * `gap` cm from the attacker's front.
 */
export function assaultEngagement(attacker: FormationSpec, target: FormationSpec, s: AssaultSetup): EngagementSpec {
  const g = s.geometry;
  const formations: EngagementSpec['formations'] = [
    { id: 'attacker', side: 0, formation: attacker, front: 0, rankWidth: g.rankWidth, spacing: g.spacing, ...stateFields(s.attacker) },
    { id: 'target', side: 1, formation: target, front: g.gap, rankWidth: g.rankWidth, spacing: g.spacing, ...stateFields(s.target) },
  ];
  s.supports.forEach((sup, i) => {
    formations.push({
      id: `support-${i + 1}`,
      side: sup.side,
      formation: sup.formation,
      // Distance to the other side's front is the sum of both fronts.
      front: sup.side === 0 ? sup.gap - g.gap : sup.gap,
      rankWidth: g.rankWidth,
      spacing: g.spacing,
      ...stateFields(sup.state),
    });
  });
  const support = s.supports.map((_, i) => i + 2);
  return {
    ruleset: 'netea',
    formations,
    steps: [
      {
        kind: 'assault',
        label: `${attacker.name} assaults ${target.name}`,
        by: [0],
        at: [1],
        support,
        overwatch: s.overwatch.map((i) => i + 2),
        test: s.test,
        retain: false,
        ...(s.contact !== undefined ? { contact: s.contact } : {}),
      },
    ],
    options: s.options ?? DEFAULT_OPTIONS,
  };
}

/**
 * Two turns: `attacker` shoots `target` with an advance action, the end phase
 * lets both rally, and the next turn it engages. A plan players make with one
 * formation, and the matrix's "shoot-assault" engagement.
 */
export function shootThenAssaultEngagement(attacker: FormationSpec, target: FormationSpec, s: AssaultSetup): EngagementSpec {
  const spec = assaultEngagement(attacker, target, s);
  const assault = spec.steps[0]!;
  spec.steps = [
    { kind: 'shoot', label: `${attacker.name} shoots ${target.name}`, by: 0, at: 1, action: 'advance', crossfire: false, barrage: true, test: s.test, retain: false },
    { kind: 'end-phase', label: 'end phase, turn 1' },
    { kind: 'end-turn', label: 'end of turn 1' },
    assault,
  ];
  return spec;
}

/**
 * The furthest a unit of `attacker` can get towards a target `gap` cm away
 * with one charge move (infiltrators double), to check an assault is possible
 * at all: at least one charger must end within 15 cm (RB 1.12.3). Starting
 * `embarked`, a passenger gets its transport's move and disembarks 5 cm
 * further (transport/disembark.ts).
 */
export function closestChargeDistance(attacker: FormationSpec, gap: number, rankWidth: number, spacing: number, embarked = false): number {
  const plan = embarked ? planEmbarkation(attacker) : onFoot(attacker);
  let best = Infinity;
  attacker.units.forEach((ru, i) => {
    const depth = Math.floor(plan.slot[i]! / rankWidth) * spacing;
    const t = plan.carriedBy[i]!;
    const mover = t >= 0 ? attacker.units[t]!.unit : ru.unit;
    const move = ((mover.abilities as string[]).includes('infiltrator') ? 2 * mover.speed : mover.speed) + (t >= 0 ? DISEMBARK_RANGE : 0);
    best = Math.min(best, Math.max(0, gap + depth - move));
  });
  return best;
}
