import { flyingKind } from '../model/flyingKind.js';
import type { FormationSpec } from '../model/formation.js';
import { DEFAULT_ASSAULT_GAP, DEFAULT_GAP } from '../model/engagementGeometry.js';
import type { ShootAction } from '../model/shootActions.js';
import type { ScenarioSpec } from '../scenarios/registry.js';

/** The engagements the matrix and the fair-cost search can stage between two formations. */
export const ENGAGEMENT_KINDS = ['shoot', 'assault', 'shoot-assault'] as const;
export type EngagementKind = (typeof ENGAGEMENT_KINDS)[number];

export interface EngagementSettings {
  kind: EngagementKind;
  /** The acting formation's action when it shoots. */
  action: ShootAction;
  /** Distance between the two front ranks, cm. */
  gap: number;
}

export const DEFAULT_ENGAGEMENT: EngagementSettings = { kind: 'shoot', action: 'advance', gap: DEFAULT_GAP };

/**
 * A rule system's engagement for `actor` acting on `target` (actor on side 0, target on side 1):
 * what the matrix and the one-engagement fair cost run. Each system gives its own
 * (src/reports/registry.ts engagementBuilderOf; Epic 40,000's is epic40kFairCostRules().build).
 */
export type EngagementBuilder = (actor: FormationSpec, target: FormationSpec, settings: EngagementSettings) => ScenarioSpec;

/** Default distance between the front ranks: shooting range 30 cm; assaults start 10 cm apart (as the assault command). */
export const DEFAULT_GAPS: Record<EngagementKind, number> = { shoot: DEFAULT_GAP, assault: DEFAULT_ASSAULT_GAP, 'shoot-assault': DEFAULT_ASSAULT_GAP };

/** One line saying what the engagement is, for charts and reports. */
export function describeEngagement(s: EngagementSettings): string {
  switch (s.kind) {
    case 'shoot':
      return `one shooting attack (${s.action}) at ${s.gap} cm`;
    case 'assault':
      return `one assault from ${s.gap} cm`;
    case 'shoot-assault':
      return `a shooting attack (advance) then, next turn, an assault, from ${s.gap} cm`;
  }
}

/** Formations that cannot take part in a ground engagement: aircraft and spacecraft. */
export function isAerospace(f: FormationSpec): boolean {
  return flyingKind(f) !== 'ground';
}
