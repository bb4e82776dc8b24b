import type { Epic40kState } from './state.js';
import { RETREAT_MOVE, warEngineDetachment } from './battleLine.js';

/**
 * A detachment that lost a close combat or a firefight (L1229, L1261,
 * L1267-1277): Broken, and it retreats 20 cm away from the enemy; units
 * ending within 15 cm of an enemy are removed (on this line none do, as
 * every enemy is behind them). War engines neither break nor retreat (L751);
 * Rampage units cannot retreat and are destroyed (L1424).
 */
export function breakAndRetreat(st: Epic40kState, d: number): void {
  if (warEngineDetachment(st, d)) return;
  st.broken[d] = 1;
  const away = st.side[d] === 0 ? -RETREAT_MOVE : RETREAT_MOVE;
  const end = st.first[d]! + st.count[d]!;
  for (let u = st.first[d]!; u < end; u++) {
    if (st.alive[u] === 0 || st.warEngine[u] === 1) continue;
    if (st.rampage[u] === 1) {
      st.alive[u] = 0;
      continue;
    }
    st.x[u] = st.x[u]! + away;
    st.contact[u] = 0;
  }
}
