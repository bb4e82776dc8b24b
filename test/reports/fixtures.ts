import { engagement, formation, placed, shootStep, unit, weapon } from '../helpers/fixtures.js';
import type { FormationSpec } from '../../src/model/formation.js';
import type { EngagementSpec } from '../../src/rulesets/netea/model/spec.js';

/**
 * Synthetic formations whose results are known by hand (no saves: armour
 * null; a natural 1 always misses, so AP4+ hits 1/2 and AP5+ 1/3).
 */
export const ap4 = weapon('ap4', [{ range: 45, ap: 4 }]);
export const ap5 = weapon('ap5', [{ range: 45, ap: 5 }]);
export const ap2 = weapon('ap2', [{ range: 45, ap: 2 }]);

/** Two units with one AP4+ shot each, 240 points. */
export const pairA = (points = 240): FormationSpec => formation('A', [[2, unit('a', { type: 'INF' }, [{ weapon: ap4 }])]], { points });
/** Two units with one AP5+ shot each, 200 points. */
export const pairB = (points = 200): FormationSpec => formation('B', [[2, unit('b', { type: 'INF' }, [{ weapon: ap5 }])]], { points });
/** One unit with 30 AP2+ shots: it destroys any 3-unit formation without saves (P(fewer than 3 hits) ≈ 5e-20). */
export const gunline = (points = 300): FormationSpec => formation('gunline', [[1, unit('g', { type: 'INF' }, [{ weapon: ap2, multiplier: 30 }])]], { points });
export const victims = (points = 150): FormationSpec => formation('victims', [[3, unit('v', { type: 'INF' })]], { points });

/** `a` shoots `b` from 30 cm. */
export function oneShot(a: FormationSpec, b: FormationSpec): EngagementSpec {
  return engagement([placed('a', 0, a, { front: 0 }), placed('b', 1, b, { front: 30 })], [shootStep(0, 1)]);
}

/** `a` shoots `b`, then `b` shoots `a` (a two-sided script). */
export function exchange(a: FormationSpec, b: FormationSpec): EngagementSpec {
  return engagement([placed('a', 0, a, { front: 0 }), placed('b', 1, b, { front: 30 })], [shootStep(0, 1, { label: 'a shoots b' }), shootStep(1, 0, { label: 'b shoots a' })]);
}
