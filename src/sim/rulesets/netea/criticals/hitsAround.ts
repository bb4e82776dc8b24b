import type { Sfc32 } from '../../../rng.js';
import { d6 } from '../../../dice/d6.js';
import type { Engagement } from '../engagement.js';
import { resolveHit } from '../damage.js';

/**
 * The units around a war engine's critical are hit (RB 5.2/5.4 and the TP
 * datasheets): each unit of a class the hit may strike within `range` cm,
 * its own formation's units by their place in the ranks and enemy units by
 * their distance across the centre line, is hit on `toHit`+ and the hit is
 * resolved as any other (damage.ts resolveHit): a shadowfield or a void shield
 * or power field stops it first (RB 5.4.1: a shield stops every hit but close
 * combat's), then the save stack against the hit's flags (macro-weapon, Titan
 * Killer: one point of damage on a war engine). The war engine itself only when `self` is set
 * ("The unit and all units within 5cm"). Units inside transports are not hit
 * (RB 1.7.5), nor aircraft in the air.
 */
export function hitsAround(e: Engagement, u: number, toHit: number, range: number, hitFlags: number, classes: number, self: boolean, rng: Sfc32): void {
  if (self && e.stAlive[u] === 1 && d6(rng) >= toHit) resolveHit(e, u, hitFlags, 1, false, false, rng);
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
      resolveHit(e, v, hitFlags, 1, false, false, rng);
    }
  }
}
