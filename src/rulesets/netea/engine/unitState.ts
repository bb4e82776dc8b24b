import * as C from './codes.js';
import type { Engagement } from './engagement.js';

// Codes as module constants, which V8 folds into optimised code: `C.X` is loaded again at every use (docs/adding-a-rule.md).
const U_WAR_ENGINE = C.U_WAR_ENGINE;

/**
 * Per-unit state changes go through here. A unit whose state changes is
 * marked dirty so the next trial's reset restores only the units that
 * changed; a casualty also updates its formation's running totals (living
 * units, break point, nearest living unit, points lost) so no attack or
 * record has to count them again.
 */

/** Marks unit u as changed this trial. */
export function touch(e: Engagement, u: number): void {
  if (e.dirtyFlag[u] === 0) {
    e.dirtyFlag[u] = 1;
    e.dirtyList[e.nDirty++] = u;
  }
}

/**
 * Removes a unit from play. A war engine's points are lost pro rata to its
 * damage when `warEnginePointsProRata` is set, so its death costs the share of
 * the DC it still had.
 */
export function markDead(e: Engagement, u: number): void {
  if (e.stAlive[u] === 0) return;
  touch(e, u);
  const f = e.uFormation[u]!;
  const proRata = e.optWarEnginePointsProRata && (e.uFlags[u]! & U_WAR_ENGINE) !== 0;
  e.fPointsLost[f]! += proRata ? (e.uPoints[u]! * e.stDC[u]!) / e.uStartDC[u]! : e.uPoints[u]!;
  e.stAlive[u] = 0;
  e.stDC[u] = 0;
  e.fAlive[f]!--;
  e.fBreakWeight[f]! -= e.stBreakWeight[u]!;
  if (e.uDepth[u] === e.fMinDepth[f] && --e.fMinDepthCount[f]! === 0) {
    let best = Infinity;
    let count = 0;
    const end = e.fUnitEnd[f]!;
    for (let v = e.fUnitStart[f]!; v < end; v++) {
      if (e.stAlive[v] === 0) continue;
      const d = e.uDepth[v]!;
      if (d < best) {
        best = d;
        count = 1;
      } else if (d === best) count++;
    }
    e.fMinDepth[f] = best;
    e.fMinDepthCount[f] = count;
  }
}

/** One point of war-engine damage taken (RB 3.2.2); the caller handles destruction. */
export function losePoint(e: Engagement, u: number): void {
  touch(e, u);
  e.stDC[u]!--;
  e.stDamageTaken[u]!++;
  const f = e.uFormation[u]!;
  e.fDamage[f]!++;
  if (e.optWarEnginePointsProRata) e.fPointsLost[f]! += e.uPoints[u]! / e.uStartDC[u]!;
}

/** One lost point of war-engine damage regained (TP Regeneration): losePoint undone. */
export function regainPoint(e: Engagement, u: number): void {
  touch(e, u);
  e.stDC[u]!++;
  e.stDamageTaken[u]!--;
  const f = e.uFormation[u]!;
  e.fDamage[f]!--;
  if (e.optWarEnginePointsProRata) e.fPointsLost[f]! -= e.uPoints[u]! / e.uStartDC[u]!;
}

/**
 * A destroyed unit back in play where it stood (TP Necron): markDead undone,
 * its points no longer lost, its formation's totals restored.
 */
export function reviveUnit(e: Engagement, u: number): void {
  if (e.stAlive[u] === 1) return;
  touch(e, u);
  const f = e.uFormation[u]!;
  e.stAlive[u] = 1;
  e.stDC[u] = e.uStartDC[u]!;
  e.fAlive[f]!++;
  e.fBreakWeight[f]! += e.uBreakWeight[u]!;
  e.fPointsLost[f]! -= e.uPoints[u]!;
  const d = e.uDepth[u]!;
  if (d < e.fMinDepth[f]!) {
    e.fMinDepth[f] = d;
    e.fMinDepthCount[f] = 1;
  } else if (d === e.fMinDepth[f]) {
    e.fMinDepthCount[f]!++;
  }
}
