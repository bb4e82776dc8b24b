import type { ResolvedUnit } from '../../../model/formation.js';
import type { Engagement } from './engagement.js';
import { distanceToNearestEnemy } from './geometry.js';
import { reviveUnit } from './unitState.js';

/** TP Xeno-Sociology, Swarming: "If a formation is broken or within 30cm of enemy units halve the number of swarm points". */
export const SWARM_HALVING_RANGE = 30;

/**
 * The Tyranids' synapse and brood values, per unit (global index), for
 * swarming in the end phase (swarm).
 */
export class SwarmValues {
  /** The unit's synapse value with its characters' (TP: "Synapse (+x)" characters add theirs). */
  readonly uSynapse: Int32Array;
  /** Swarm points that return the unit to play once destroyed; 0 for a unit without Brood. */
  readonly uBrood: Int32Array;
  /** Some unit has a synapse value (the end phase swarms only then). */
  any = false;

  constructor(nUnits: number) {
    this.uSynapse = new Int32Array(nUnits);
    this.uBrood = new Int32Array(nUnits);
  }

  fillUnit(g: number, ru: ResolvedUnit): void {
    this.uSynapse[g] = (ru.unit.synapse ?? 0) + ru.characters.reduce((s, c) => s + (c.synapse ?? 0), 0);
    this.uBrood[g] = ru.unit.brood ?? 0;
    if (this.uSynapse[g]! > 0) this.any = true;
  }
}

/**
 * TP Xeno-Sociology, Swarming, in the end phase after every formation has
 * rallied: a formation with a living synapse unit has the sum of its synapse
 * values as swarm points, halved (rounding up) if it is broken or within 30 cm
 * of the enemy, none if both; destroyed brood units return to play for their
 * brood value each. The model's reading: the swarm pool a formation draws on
 * is its own destroyed brood units, returned front-most first where they stood
 * (brood units of other formations would join it, which an engagement's fixed
 * formations cannot show), and only in the end phase (not after a regroup).
 */
export function swarm(e: Engagement): void {
  const sv = e.swarm;
  if (!sv.any) return;
  for (let f = 0; f < e.nFormations; f++) {
    if (e.fAlive[f] === 0) continue;
    const end = e.fUnitEnd[f]!;
    let points = 0;
    let near = false;
    for (let u = e.fUnitStart[f]!; u < end; u++) {
      if (e.stAlive[u] === 0) continue;
      points += sv.uSynapse[u]!;
      if (distanceToNearestEnemy(e, u) <= SWARM_HALVING_RANGE) near = true;
    }
    if (points === 0) continue;
    const broken = e.fBroken[f] === 1;
    if (broken && near) continue;
    if (broken || near) points = (points + 1) >> 1;
    for (let k = e.fUnitStart[f]!; k < end && points > 0; k++) {
      const u = e.orderFront[k]!;
      const cost = sv.uBrood[u]!;
      if (e.stAlive[u] === 0 && cost > 0 && cost <= points) {
        reviveUnit(e, u);
        points -= cost;
      }
    }
  }
}
