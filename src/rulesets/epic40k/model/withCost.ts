import type { Epic40kDetachment } from './spec.js';

/**
 * A copy of the detachment whose units' points add up to `cost` (shares kept
 * in proportion; equal shares when unpriced): what the fair-cost searches
 * price a detachment at. Points change no rule, only what a loss is worth.
 */
export function epic40kWithCost(d: Epic40kDetachment, cost: number): Epic40kDetachment {
  const current = d.points;
  const units = d.units.map((u) => ({ unit: { ...u.unit, points: current !== null && current > 0 && u.unit.points !== undefined ? (u.unit.points * cost) / current : cost / d.units.length } }));
  return { ...d, units, points: cost };
}
