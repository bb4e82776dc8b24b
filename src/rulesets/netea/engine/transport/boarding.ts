import type { Engagement } from '../engagement.js';
import { touch } from '../unitState.js';

/**
 * Getting in and out between actions (RB 1.7.5; TP Transport Vehicles), for
 * the game, where a formation's move carries its passengers: each passenger
 * rides the transport the engagement assigned it (transport/embarkation.ts)
 * and nothing else. Units "may not be picked up and disembark as part of the
 * same move" is the caller's to keep.
 */

/** Every living passenger of formation f whose transport still stands gets in. Returns how many ride now. */
export function embarkFormation(e: Engagement, f: number): number {
  const ts = e.transports;
  let riding = 0;
  const end = e.fUnitEnd[f]!;
  for (let u = e.fUnitStart[f]!; u < end; u++) {
    const t = ts.uCarriedBy[u]!;
    if (t < 0 || e.stAlive[u] === 0 || e.stAlive[t] === 0) continue;
    if (ts.stEmbarked[u] === 0) {
      touch(e, u);
      ts.stEmbarked[u] = 1;
    }
    riding++;
  }
  ts.fEmbarked[f] = riding;
  return riding;
}

/** Every passenger of formation f gets out where its transport stands. */
export function disembarkFormation(e: Engagement, f: number): void {
  const ts = e.transports;
  if (ts.fEmbarked[f] === 0) return;
  const end = e.fUnitEnd[f]!;
  for (let u = e.fUnitStart[f]!; u < end; u++) {
    if (ts.stEmbarked[u] === 0) continue;
    touch(e, u);
    ts.stEmbarked[u] = 0;
  }
  ts.fEmbarked[f] = 0;
}
