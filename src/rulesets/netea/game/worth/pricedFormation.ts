import type { FormationSpec } from '../../../../model/formation.js';

/**
 * A formation as the worth's games field it: priced at a worth, never at its stated cost. The game
 * reads a formation's points where the rules do (RB 6.1.7's victory points, Break Their Spirit's
 * "formation worth the most points") and the players weigh targets by them; a valuation that must
 * not read the stated cost gives the game the worths instead. Each unit stands for a share of the
 * price in proportion to its damage capacity (1 for a unit that is no war engine): the engine
 * orders hits and counts points lost by unit, and a unit's share of its stated cost is a price too.
 */
export function pricedFormation(f: FormationSpec, price: number): FormationSpec {
  const capacity = (u: FormationSpec['units'][number]) => (u.unit.type === 'WE' || u.unit.type === 'AC/WE' ? (u.unit.damageCapacity ?? 1) : 1);
  const total = f.units.reduce((s, u) => s + capacity(u), 0);
  return { ...f, points: price, units: f.units.map((u) => ({ ...u, points: total === 0 ? 0 : (price * capacity(u)) / total })) };
}
