import { flyingKind } from '../model/flyingKind.js';
import type { FormationSpec } from '../model/formation.js';
import { assaultEngagement, DEFAULT_GEOMETRY, FRESH, shootEngagement, shootThenAssaultEngagement, type AssaultSetup } from '../rulesets/netea/engine/engagements.js';
import type { ActionName } from '../rulesets/netea/model/spec.js';
import type { ScenarioSpec } from '../scenarios/registry.js';

/** The engagements the matrix and the fair-cost search can stage between two formations. */
export const ENGAGEMENT_KINDS = ['shoot', 'assault', 'shoot-assault'] as const;
export type EngagementKind = (typeof ENGAGEMENT_KINDS)[number];

export interface EngagementSettings {
  kind: EngagementKind;
  /** The acting formation's action when it shoots. */
  action: ActionName;
  /** Distance between the two front ranks, cm. */
  gap: number;
}

export const DEFAULT_ENGAGEMENT: EngagementSettings = { kind: 'shoot', action: 'advance', gap: DEFAULT_GEOMETRY.gap };

type Builder = (actor: FormationSpec, target: FormationSpec, settings: EngagementSettings) => ScenarioSpec;

/** Default distance between the front ranks: shooting range 30 cm; assaults start 10 cm apart (as the assault command). */
export const DEFAULT_GAPS: Record<EngagementKind, number> = { shoot: DEFAULT_GEOMETRY.gap, assault: 10, 'shoot-assault': 10 };

/** Both formations fresh, no supporting formations, no engage test (a fresh formation needs none). */
function assaultSetup(s: EngagementSettings): AssaultSetup {
  return { geometry: { ...DEFAULT_GEOMETRY, gap: s.gap }, attacker: FRESH, target: FRESH, supports: [], test: false, overwatch: [] };
}

const BUILDERS: Record<EngagementKind, Builder> = {
  shoot: (actor, target, s) =>
    shootEngagement(actor, target, {
      action: s.action,
      crossfire: false,
      geometry: { ...DEFAULT_GEOMETRY, gap: s.gap },
      attacker: FRESH,
      target: FRESH,
    }),
  assault: (actor, target, s) => assaultEngagement(actor, target, assaultSetup(s)),
  'shoot-assault': (actor, target, s) => shootThenAssaultEngagement(actor, target, assaultSetup(s)),
};

/** The script for `actor` acting on `target` (actor on side 0, target on side 1). */
export function buildEngagement(actor: FormationSpec, target: FormationSpec, settings: EngagementSettings): ScenarioSpec {
  return BUILDERS[settings.kind](actor, target, settings);
}

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
