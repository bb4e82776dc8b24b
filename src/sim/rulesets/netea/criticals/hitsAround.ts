import type { Sfc32 } from '../../../rng.js';
import { d6 } from '../../../dice/d6.js';
import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import { damageWarEngine, destroyUnit } from '../damage.js';
import { saveHit } from '../saves/saveHit.js';

/**
 * The units around a war engine's critical are hit (RB 5.2/5.4 and the TP
 * datasheets): each unit of a class the hit may strike within `range` cm,
 * its own formation's units by their place in the ranks and enemy units by
 * their distance across the centre line, is hit on `toHit`+ and saves by the
 * save stack against the hit's flags (macro-weapon, Titan Killer: one point
 * of damage on a war engine). The war engine itself only when `self` is set
 * ("The unit and all units within 5cm"). Units inside transports are not hit
 * (RB 1.7.5), nor aircraft in the air.
 */
export function hitsAround(e: Engagement, u: number, toHit: number, range: number, hitFlags: number, classes: number, self: boolean, rng: Sfc32): void {
  if (self && e.stAlive[u] === 1 && d6(rng) >= toHit) hitUnit(e, u, hitFlags, rng);
  const f = e.uFormation[u]!;
  for (let g = 0; g < e.nFormations; g++) {
    const own = g === f;
    if (!own && e.fSide[g] === e.fSide[f]) continue;
    const end = e.fUnitEnd[g]!;
    for (let v = e.fUnitStart[g]!; v < end; v++) {
      if (v === u || e.stAlive[v] === 0 || e.transports.stEmbarked[v] === 1 || (e.uClass[v]! & classes) === 0) continue;
      const dist = own
        ? Math.hypot(e.uDepth[v]! - e.uDepth[u]!, e.uLateral[v]! - e.uLateral[u]!)
        : e.fFront[f]! + e.uDepth[u]! + e.fFront[g]! + e.uDepth[v]!;
      if (dist > range || d6(rng) < toHit) continue;
      hitUnit(e, v, hitFlags, rng);
    }
  }
}

function hitUnit(e: Engagement, v: number, hitFlags: number, rng: Sfc32): void {
  if (saveHit(e, v, hitFlags, false, false, rng)) return;
  if ((e.uFlags[v]! & C.U_WAR_ENGINE) !== 0) damageWarEngine(e, v, 1, false, hitFlags, rng);
  else destroyUnit(e, v, false, false, hitFlags, rng);
}
