import type { FormationSpec } from '../model/formation.js';
import { InputError } from '../model/inputError.js';
import * as builders from '../sim/rulesets/netea/engagements.js';
import { DEFAULT_GEOMETRY, FRESH, shootEngagement } from '../sim/rulesets/netea/engagements.js';
import type { ActionName } from '../sim/rulesets/netea/spec.js';
import type { ScenarioSpec } from '../sim/scenario.js';

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

/** Looks a builder up by name, so this module compiles before the assault builders exist. */
function optionalBuilder(...names: string[]): ((a: FormationSpec, t: FormationSpec, s: unknown) => ScenarioSpec) | null {
  const table = builders as unknown as Record<string, unknown>;
  for (const n of names) if (typeof table[n] === 'function') return table[n] as (a: FormationSpec, t: FormationSpec, s: unknown) => ScenarioSpec;
  return null;
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
  assault: (actor, target, s) => {
    const b = optionalBuilder('assaultEngagement');
    if (!b) throw unavailable('assault');
    return b(actor, target, { geometry: { ...DEFAULT_GEOMETRY, gap: s.gap }, attacker: FRESH, target: FRESH });
  },
  'shoot-assault': (actor, target, s) => {
    const b = optionalBuilder('shootAssaultEngagement', 'shootThenAssaultEngagement');
    if (!b) throw unavailable('shoot-assault');
    return b(actor, target, { action: s.action, crossfire: false, geometry: { ...DEFAULT_GEOMETRY, gap: s.gap }, attacker: FRESH, target: FRESH });
  },
};

function unavailable(kind: string): InputError {
  return new InputError([{ file: 'option --engagement', path: '', message: `the "${kind}" engagement is not available in this build yet; use --engagement shoot` }]);
}

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
      return `a shooting attack (${s.action}) then an assault, from ${s.gap} cm`;
  }
}

/** Formations that cannot take part in a ground engagement: aircraft and spacecraft. */
export function isAerospace(f: FormationSpec): boolean {
  return f.units.some((u) => u.unit.type === 'AC' || u.unit.type === 'SC' || u.unit.type === 'AC/WE');
}
