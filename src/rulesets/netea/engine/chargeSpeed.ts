import type { FormationSpec } from '../../../model/formation.js';
import { slowestUnit } from './formationSpeed.js';

/**
 * How far off a formation can launch a charge, in cm: the speed initiative's measure under
 * `"speedBy": "charge"` (a battle option). Each unit charges one move (RB 1.12.3), an
 * infiltrator twice its speed (RB 2.1.4: "Infiltrators ... may double their speed when they
 * charge"); a unit riding in one of its formation's transports moves at its transport's speed
 * (RB 1.7.5, the embarkation formationSpeed.ts uses), an infiltrator passenger as far as the
 * farther of that and its own doubled charge. A formation charges together, so it is its slowest
 * unit's charge. Markers (type Special) do not move.
 *
 *   v = carried ? its transport's speed : its speed;   charge = min over units (infiltrator ? max(v, 2·speed) : v)
 *
 * Without infiltrators this is formationSpeed.ts's speed, so the option changes nothing for a
 * formation without them.
 */
export function chargeSpeed(f: FormationSpec): number {
  return slowestUnit(f, (ru, moved) => (ru.unit.abilities.includes('infiltrator') ? Math.max(moved, 2 * ru.unit.speed) : moved));
}
