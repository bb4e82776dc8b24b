import type { FormationSpec } from '../../../model/formation.js';
import type { ResolvedUnit } from '../../../model/resolvedUnit.js';
import { embarkationProblem, onFoot, planEmbarkation } from './transport/embarkation.js';

/**
 * How fast a formation moves, in cm per move: its slowest unit's speed, since
 * a formation moves together (RB 1.7: its units keep within 5 cm of each other,
 * so it goes where its slowest can go; as its withdrawal and Hit & Run's retire
 * do, hitAndRun.ts). A unit that can ride in one of the formation's transports
 * (embarkation.ts, the "plus transport" formations' rule) moves at its
 * transport's speed (RB 1.7.5): a Tactical detachment in Rhinos moves at 30 cm,
 * on foot at 15. Markers (type Special) do not move. Infiltrators' doubled
 * charge is a charge, not a move, and is left out (chargeSpeed.ts); so are deployment rules
 * (teleport, planetfall), which docs/fair-cost.md lists as not simulated.
 */
export function formationSpeed(f: FormationSpec): number {
  return slowestUnit(f, (_unit, moved) => moved);
}

/**
 * The least over a formation's units (markers, type Special, left out) of `distance(unit, moved)`,
 * `moved` being the unit's move: its transport's speed while it rides in one of the formation's
 * transports (RB 1.7.5, embarkation.ts), else its own; 0 for a formation with no unit that moves.
 */
export function slowestUnit(f: FormationSpec, distance: (unit: ResolvedUnit, moved: number) => number): number {
  const plan = embarkationProblem(f) === null ? planEmbarkation(f) : onFoot(f);
  let slowest = Infinity;
  f.units.forEach((ru, i) => {
    if (ru.unit.type === 'Special') return;
    const t = plan.carriedBy[i]!;
    slowest = Math.min(slowest, distance(ru, t >= 0 ? f.units[t]!.unit.speed : ru.unit.speed));
  });
  return Number.isFinite(slowest) ? slowest : 0;
}
