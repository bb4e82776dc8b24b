import type { Profile } from './schema.js';
import type { HeresyOptions } from './options.js';

/**
 * A Heresy engagement as plain, structured-cloneable data (what crosses to
 * the workers): units of stands placed as the other rule systems place their
 * formations, and a script of steps. `HeresyRunner` compiles it into typed
 * arrays once per worker.
 */

/** A stand profile as a unit holds it: `type` in the words the shared reports use (INF, LV, AV). */
export type HeresyStandRef = Profile & { type: Profile['type']; reportType: 'INF' | 'LV' | 'AV' };

/** Cover (L108-125): 0 open, 1 soft, 2 hard, 3 fortified. */
export type HeresyCover = 0 | 1 | 2 | 3;
export const COVER_NAMES = ['open', 'soft', 'hard', 'fortified'] as const;

/** Quality level (L377-398): 0 Fresh, 1 Fatigued, 2 Routed. */
export type QualityLevel = 0 | 1 | 2;
export const QUALITY_LEVELS = ['fresh', 'fatigued', 'routed'] as const;

/** Orders the kernel reads: `prepared` (prepared / first fire, L291-298, L418) or none. */
export type HeresyOrder = 'none' | 'prepared';

export const HERESY_ORDERS: readonly HeresyOrder[] = ['none', 'prepared'];

/** HERESY_ORDERS as an error message lists them. */
export const HERESY_ORDER_WORDS = 'none or prepared (Heresy, L291-298)';

/** A Heresy unit (the formation of the shared reports): its stands in order, front first. */
export interface HeresyUnit {
  text: string;
  name: string;
  /** Always null: Heresy units are not from an army list. */
  armyId: null;
  units: Array<{ unit: HeresyStandRef }>;
  points: number | null;
  unsupported: string[];
}

export interface PlacedHeresyUnit {
  id: string;
  side: 0 | 1;
  formation: HeresyUnit;
  cover: HeresyCover;
  quality: QualityLevel;
  suppressed: boolean;
  order: HeresyOrder;
}

/** One unit fires all its weapons at another `distance` cm away (L20-74). */
export interface HeresyShootStep {
  kind: 'shoot';
  label: string;
  by: number;
  at: number;
  distance: number;
}

/** A charge and assault combat (L193-308): one charging and one charged unit (lists, as the shared reports read them), `support` units within 15 cm of the combat. */
export interface HeresyAssaultStep {
  kind: 'assault';
  label: string;
  by: [number];
  at: [number];
  support: number[];
}

/** The end phase's quality checks: suppression removal and broken troops (L309-319; endPhase.ts). */
export interface HeresyEndPhaseStep {
  kind: 'end-phase';
  label: string;
}

/** The end of a turn: the shared layout counts turns by it; Stubborn's re-roll and the casualties of the turn start again. */
export interface HeresyEndTurnStep {
  kind: 'end-turn';
  label: string;
}

export type HeresyStep = HeresyShootStep | HeresyAssaultStep | HeresyEndPhaseStep | HeresyEndTurnStep;

export interface HeresySpec {
  ruleset: 'heresy';
  formations: PlacedHeresyUnit[];
  steps: HeresyStep[];
  options: HeresyOptions;
}
