import { d6 } from '../../../sim/dice/d6.js';
import type { Sfc32 } from '../../../sim/rng.js';
import { leadershipTest } from './leadershipTest.js';
import type { Epic40kState } from './state.js';

/**
 * The Rally Phase (BattleBible L1279-1308), for every detachment with units
 * left:
 *
 * 1. it removes D6-1 Blast markers (L1294);
 * 2. if Broken, it rallies on a Leadership test (D6 greater than its Blast
 *    markers; Stubborn re-rolls, leadershipTest.ts), but may not try with at
 *    least as many Blast markers as units (L1302);
 * 3. its war engines roll a D6 per Void shield point lost, 4+ restoring it
 *    (L1308). ("Until repaired" critical results are not simulated: the
 *    Critical Damage Tables are missing.)
 */
export function rally(st: Epic40kState, rng: Sfc32): void {
  for (let d = 0; d < st.detachments; d++) {
    const alive = st.aliveIn(d);
    if (alive === 0) continue;
    if (st.bm[d]! > 0) {
      const remove = d6(rng) - 1;
      st.bm[d] = st.bm[d]! > remove ? st.bm[d]! - remove : 0;
    }
    if (st.broken[d] === 1 && st.bm[d]! < alive && leadershipTest(st, rng, d)) st.broken[d] = 0;
    const end = st.first[d]! + st.count[d]!;
    for (let u = st.first[d]!; u < end; u++) {
      if (st.alive[u] === 0 || st.voidShields[u] === 0) continue;
      const lost = st.startShields[u]! - st.shields[u]!;
      for (let k = 0; k < lost; k++) if (d6(rng) >= 4) st.shields[u]!++;
    }
  }
}
