import type { FormationRole } from './formationRole.js';
import { medianOf } from '../../stats/medianOf.js';

/** The audit's ±25% band (auditValidation.ts listFigures): 0.75·cost ≤ prediction ≤ 1.25·cost. */
const within25 = (predicted: number, cost: number) => predicted >= 0.75 * cost && predicted <= 1.25 * cost;

/** A formation with the two predictions the blind spots compare. */
export interface DisagreementRow {
  text: string;
  role: FormationRole;
  cost: number;
  simulation: number;
  baseline: number;
}

export interface RoleBlindSpot {
  role: FormationRole;
  formations: number;
  /** Median of simulation ÷ baseline over the role: above 1, the simulation rates the role higher than the datasheets do. */
  simulationOverBaseline: number;
  /** Share of the role whose simulated cost is nearer its cost than the baseline's (|log(ŝ/c)| < |log(b̂/c)|). */
  simulationNearer: number;
  /**
   * Each predictor against the costs themselves, over the role: the median of prediction ÷ cost and
   * the share within ±25% (0.75·cost ≤ prediction ≤ 1.25·cost, as predictionFigures.ts counts it).
   * simulation ÷ baseline alone cannot say which of the two is wrong: a role the datasheets
   * overrate looks as undervalued by the simulation as one the simulation underrates.
   */
  againstCost: { simulation: number; baseline: number; simulationWithin25: number; baselineWithin25: number };
  /** How many of the role are among the quarter of all formations where the two disagree most, rated higher and lower by the simulation. */
  mostApart: { higher: number; lower: number };
  /** Its formations where the two disagree most, at most three. */
  examples: Array<{ text: string; cost: number; simulation: number; baseline: number }>;
}

/**
 * Where the simulation and the datasheet baseline disagree, by role
 * (formationRole.ts), the roles furthest apart first: the disagreement of a
 * formation is d = log(simulation ÷ baseline), a role's is the median of its
 * formations' d, and the roles are sorted by |median d|. Each role also
 * gives both predictors against the costs (`againstCost`), so that a
 * disagreement is laid at the door of the one that is off. Rows with a
 * prediction that is not finite and positive are left out.
 */
export function blindSpots(rows: readonly DisagreementRow[]): RoleBlindSpot[] {
  const ok = rows.filter((r) => r.simulation > 0 && r.baseline > 0 && Number.isFinite(r.simulation) && Number.isFinite(r.baseline));
  const d = (r: DisagreementRow) => Math.log(r.simulation / r.baseline);
  const ranked = [...ok].sort((a, b) => Math.abs(d(b)) - Math.abs(d(a)));
  const top = new Set(ranked.slice(0, Math.ceil(ranked.length / 4)));
  const roles = [...new Set(ok.map((r) => r.role))];
  return roles
    .map((role): RoleBlindSpot => {
      const of = ranked.filter((r) => r.role === role);
      return {
        role,
        formations: of.length,
        simulationOverBaseline: Math.exp(medianOf(of.map(d))),
        simulationNearer: of.filter((r) => Math.abs(Math.log(r.simulation / r.cost)) < Math.abs(Math.log(r.baseline / r.cost))).length / of.length,
        againstCost: {
          simulation: medianOf(of.map((r) => r.simulation / r.cost)),
          baseline: medianOf(of.map((r) => r.baseline / r.cost)),
          simulationWithin25: of.filter((r) => within25(r.simulation, r.cost)).length / of.length,
          baselineWithin25: of.filter((r) => within25(r.baseline, r.cost)).length / of.length,
        },
        mostApart: { higher: of.filter((r) => top.has(r) && d(r) > 0).length, lower: of.filter((r) => top.has(r) && d(r) < 0).length },
        examples: of.slice(0, 3).map((r) => ({ text: r.text, cost: r.cost, simulation: r.simulation, baseline: r.baseline })),
      };
    })
    .sort((a, b) => Math.abs(Math.log(b.simulationOverBaseline)) - Math.abs(Math.log(a.simulationOverBaseline)) || a.role.localeCompare(b.role));
}
