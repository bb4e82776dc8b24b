import type { Unit } from './schema.js';
import type { Epic40kOptions } from './options.js';

/**
 * An Epic 40,000 engagement as plain data: detachments placed on the same
 * one-dimensional battlefield as the NetEA engine uses (each side's units in
 * ranks, nearest first, at `front + rank * spacing` from the centre line), and
 * a script of steps. Structured-cloneable: it crosses to worker threads as
 * JSON and `Epic40kRunner` compiles it into typed arrays once per worker.
 */

/** Orders (L920-942): none, Assault, Overwatch or March. */
export type Epic40kOrder = 'none' | 'assault' | 'overwatch' | 'march';

export const EPIC40K_ORDERS: readonly Epic40kOrder[] = ['none', 'assault', 'overwatch', 'march'];

/** EPIC40K_ORDERS as an error message lists them. */
export const EPIC40K_ORDER_WORDS = 'none, assault, overwatch or march (Epic 40,000, L920-942)';

/** A unit profile as a detachment holds it: `type` in the words the shared reports use (INF, AV, WE, AC). */
export type Epic40kUnitRef = Unit & { type: 'INF' | 'AV' | 'WE' | 'AC' };

/**
 * A detachment (L797-815): what the user wrote, its units nearest the enemy
 * first (L1097 allocates to the closest first) and its points. The same
 * fields the shared reports read of a NetEA formation (name, text, points,
 * units[].unit.type).
 */
export interface Epic40kDetachment {
  text: string;
  name: string;
  armyId: string | null;
  units: Array<{ unit: Epic40kUnitRef }>;
  /** The sum of its units' points; null when a unit has none. */
  points: number | null;
  /** Rules of its units the simulator does not model, by name. */
  unsupported: string[];
}

export interface PlacedDetachment {
  id: string;
  side: 0 | 1;
  formation: Epic40kDetachment;
  /** Distance from the centre line to its front rank, cm. */
  front: number;
  rankWidth: number;
  spacing: number;
  order: Epic40kOrder;
  /** Infantry armour bonus of the terrain its units in cover stand in (L948-956): 0 open, 1 woods/ruins/buildings, 2 fortifications. */
  cover: 0 | 1 | 2;
  /** With cover: which units are in it (indices, nearest first); all when omitted. */
  coverUnits?: number[];
  blastMarkers: number;
  broken: boolean;
}

/** One detachment fires at another (the Shooting Procedure, L1023-1132). */
export interface Epic40kShootStep {
  kind: 'shoot';
  label: string;
  by: number;
  at: number;
}

/**
 * The assaulting detachments charge (L1160-1168); a close combat is fought if
 * any reach base contact (L1170-1229), otherwise (or afterwards, if both are
 * still within 15 cm) a firefight (L1231-1261). `support`: other detachments
 * whose units within 15 cm add to their side's total (L1184).
 */
export interface Epic40kAssaultStep {
  kind: 'assault';
  label: string;
  by: number[];
  at: number[];
  support: number[];
}

/** A firefight between two detachments within 15 cm (L1231-1261). */
export interface Epic40kFirefightStep {
  kind: 'firefight';
  label: string;
  by: number;
  at: number;
}

/** The Rally Phase (L1279-1308): Blast markers, rallying, war-engine repairs. */
export interface Epic40kRallyStep {
  kind: 'rally';
  label: string;
}

export interface Epic40kEndTurnStep {
  kind: 'end-turn';
  label: string;
}

export type Epic40kStep = Epic40kShootStep | Epic40kAssaultStep | Epic40kFirefightStep | Epic40kRallyStep | Epic40kEndTurnStep;

export interface Epic40kSpec {
  ruleset: 'epic40k';
  formations: PlacedDetachment[];
  steps: Epic40kStep[];
  options: Epic40kOptions;
}
