import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';

/** The trial's starting state: every carriage back, its unit's starting values as compiled. */
export function resetCarriages(e: Engagement): void {
  const t = e.carriages;
  for (let k = 0; k < t.stLost.length; k++) {
    if (t.stLost[k] === 0) continue;
    t.stLost[k] = 0;
    for (let l = t.cLineStart[k]!; l < t.cLineEnd[k]!; l++) t.stLineLost[l] = 0;
    const u = t.cUnit[k]!;
    e.stStartDC[u] = e.uStartDC[u]!;
    e.stBreakWeight[u] = e.uBreakWeight[u]!;
    e.stShieldsMax[u] = e.uShields[u]!;
    e.asAtkDice[u] = e.uStartDC[u]!;
  }
}

/** The void shields unit u repairs in this end phase: its compiled repairs less the extra ones of the carriages it has lost (TP Fire Shield Battlecar). */
export function shieldRepairsLeft(e: Engagement, u: number): number {
  let n = e.uShieldRepair[u]!;
  const t = e.carriages;
  if (!t.any) return n;
  for (let k = t.uStart[u]!; k < t.uEnd[u]!; k++) if (t.stLost[k] === 1) n -= t.cExtraRepairs[k]!;
  return n;
}

/** Weapon line l is a carriage's that its unit has lost. */
export function carriageLineLost(e: Engagement, l: number): boolean {
  return (e.wFlags[l]! & C.W_CARRIAGE) !== 0 && e.carriages.stLineLost[l] === 1;
}
