import type { Sfc32 } from '../../../../sim/rng.js';
import { d6 } from '../../../../sim/dice/d6.js';
import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import { checkBreak, flushPendingBlastMarkers } from '../blastMarkers.js';
import { criticalDestruction, extraDamage, partHitsAround } from '../damage.js';
import { CRIT_FIRE, CRIT_REACTOR } from './criticalTable.js';
import { shieldRepairsLeft } from './carriages.js';

/**
 * War-engine criticals that act in the end phase (RB 3.2.3 datasheets):
 * a damaged plasma reactor rolls a D6 (destroyed with hits around, one more
 * damage, or repaired); each Gargant fire rolls a D6 (a new fire, put out,
 * or one damage). Then void shields repair one each (RB 5.4.1), a Land Train one more for each
 * Fire Shield Battlecar it still has (TP: "The unit can repair one additional void shield in the
 * end phase of each turn").
 */
export function endPhaseWarEngines(e: Engagement, rng: Sfc32): void {
  const t = e.crits;
  for (let u = 0; u < e.nUnits; u++) {
    if (e.stAlive[u] === 0 || (e.uFlags[u]! & C.U_WAR_ENGINE) === 0) continue;
    const cEnd = e.uCritEnd[u]!;
    for (let c = e.uCritStart[u]!; c < cEnd && e.stAlive[u] === 1; c++) {
      const kind = t.kind[c];
      if (kind === CRIT_REACTOR && e.stReactor[u] === 1) {
        const face = 1 << d6(rng);
        if ((face & t.a[c]!) !== 0) {
          criticalDestruction(e, u, 0, false, rng);
          partHitsAround(e, u, c, rng);
        } else if ((face & t.b[c]!) !== 0) {
          extraDamage(e, u, 1, false, rng);
        } else if ((face & t.c[c]!) !== 0) {
          e.stReactor[u] = 0;
        }
      } else if (kind === CRIT_FIRE && e.stFires[u]! > 0) {
        let burning = e.stFires[u]!;
        let spread = 0;
        for (let i = e.stFires[u]!; i > 0 && e.stAlive[u] === 1; i--) {
          const face = 1 << d6(rng);
          if ((face & t.a[c]!) !== 0) spread++;
          if ((face & t.b[c]!) !== 0) burning--;
          else extraDamage(e, u, 1, false, rng);
        }
        e.stFires[u] = burning + spread;
      }
    }
    // Power fields (uShieldRepair 0) are never repaired, nor capped here.
    if (e.stAlive[u] === 1 && e.uShieldRepair[u]! > 0 && e.stShields[u]! < e.stShieldsMax[u]!) e.stShields[u] = Math.min(e.stShieldsMax[u]!, e.stShields[u]! + shieldRepairsLeft(e, u));
  }
  flushPendingBlastMarkers(e, rng);
  for (let f = 0; f < e.nFormations; f++) checkBreak(e, f, rng);
}
