import type { FormationSpec } from '../../../model/formation.js';
import { embarkationProblem, onFoot, planEmbarkation } from './transport/embarkation.js';

/**
 * How far off a formation can launch a charge, in cm: the speed initiative's measure under
 * `"speedBy": "charge"` (a battle option). Each unit charges one move (RB 1.12.3), an
 * infiltrator twice its speed (RB 2.1.4: "Infiltrators ... may double their speed when they
 * charge"); a unit riding in one of its formation's transports goes at least as far as its
 * transport moves (RB 1.7.5, the embarkation formationSpeed.ts uses). A formation charges
 * together, so it is its slowest unit's charge. Markers (type Special) do not move.
 *
 *   charge = min over units (max(carried ? its transport's speed : 0, infiltrator ? 2·speed : speed))
 *
 * Without infiltrators this is formationSpeed.ts's speed, so the option changes nothing for a
 * formation without them.
 */
export function chargeSpeed(f: FormationSpec): number {
  const plan = embarkationProblem(f) === null ? planEmbarkation(f) : onFoot(f);
  let slowest = Infinity;
  f.units.forEach((ru, i) => {
    if (ru.unit.type === 'Special') return;
    const own = ru.unit.abilities.includes('infiltrator') ? 2 * ru.unit.speed : ru.unit.speed;
    const t = plan.carriedBy[i]!;
    slowest = Math.min(slowest, Math.max(t >= 0 ? f.units[t]!.unit.speed : 0, own));
  });
  return Number.isFinite(slowest) ? slowest : 0;
}
