import type { FormationSpec } from '../model/formation.js';
import { startingDamageCapacity } from '../model/carriages.js';
import type { FormationRecordLayout } from '../sim/ruleset.js';

/**
 * What a formation has lost at the end of a meeting, in points, crediting
 * breaking and Blast markers as well as the points of units destroyed
 * (docs/fair-cost.md):
 *
 *   loss = lost + β·(P − lost)                      if broken (and not destroyed)
 *   loss = lost + γ·min(bm, S)/S·(P − lost)         otherwise
 *
 * with P the formation's points, S its strength (units, a war engine counting
 * its starting damage capacity, a Land Train's with its carriages' (TP): Blast
 * markers break a war engine against its damage,
 * RB 3.1.3), β the battle's broken credit and γ its Blast-marker credit. Every
 * term is proportional to the formation's cost, so changing the cost only
 * rescales the loss: one run gives it at every cost.
 */

/** Where one formation's outcome sits in a one-trial tally, and what it is worth. */
export interface LossSlots {
  broken: number;
  destroyed: number;
  bmSum: number;
  pointsLostSum: number;
  points: number;
  strength: number;
}

export interface LossCredits {
  broken: number;
  blastMarker: number;
}

/** The slots of a formation's block in the last record, with its points and strength. */
export function lossSlots(block: FormationRecordLayout, formation: FormationSpec): LossSlots {
  const points = formation.units.reduce((t, u) => t + (u.points ?? 0), 0);
  const strength = formation.units.reduce((t, u) => t + (u.unit.type === 'WE' || u.unit.type === 'AC/WE' ? Math.max(1, startingDamageCapacity(u)) : 1), 0);
  return { broken: block.broken, destroyed: block.destroyed, bmSum: block.bmSum, pointsLostSum: block.pointsLostSum, points, strength };
}

/** The formation's loss in one trial, from that trial's own tally. */
export function lossValue(t: Float64Array, s: LossSlots, credits: LossCredits): number {
  const lost = t[s.pointsLostSum]!;
  if (t[s.destroyed]! > 0) return lost;
  const remaining = Math.max(0, s.points - lost);
  if (t[s.broken]! > 0) return lost + credits.broken * remaining;
  const bm = t[s.bmSum]!;
  return lost + (credits.blastMarker * Math.min(bm, s.strength) * remaining) / s.strength;
}
