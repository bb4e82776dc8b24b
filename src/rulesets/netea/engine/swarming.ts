import type { Engagement } from './engagement.js';
import { distanceToNearestEnemy } from './geometry.js';
import { reviveUnit } from './unitState.js';

/** TP Xeno-Sociology, Swarming: "If a formation is broken or within 30cm of enemy units halve the number of swarm points". */
export const SWARM_HALVING_RANGE = 30;

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
