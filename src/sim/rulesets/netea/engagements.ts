import type { FormationSpec } from '../../../model/formation.js';
import { DEFAULT_OPTIONS, type ActionName, type CoverSpec, type EngagementSpec, type NeteaOptions } from './spec.js';

/**
 * Builders for the common one-step engagements, shared by the CLI commands,
 * the matrix and the fair-cost search. The engagement model's defaults live
 * here (README: the engagement model).
 */

export const DEFAULT_GAP = 30;
export const DEFAULT_RANK_WIDTH = 5;
export const DEFAULT_SPACING = 5;

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
      { id: 'attacker', side: 0, formation: attacker, front: 0, rankWidth: g.rankWidth, spacing: g.spacing, cover: s.attacker.cover, blastMarkers: s.attacker.blastMarkers, broken: s.attacker.broken },
      { id: 'target', side: 1, formation: target, front: g.gap, rankWidth: g.rankWidth, spacing: g.spacing, cover: s.target.cover, blastMarkers: s.target.blastMarkers, broken: s.target.broken },
    ],
    steps: [{ kind: 'shoot', label: `${attacker.name} shoots ${target.name}`, by: 0, at: 1, action: s.action, crossfire: s.crossfire, barrage: true, test: false, retain: false }],
    options: s.options ?? DEFAULT_OPTIONS,
  };
}
