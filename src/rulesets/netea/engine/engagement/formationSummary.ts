import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';

/**
 * Formation f's totals at the start: each unit's break weight (RB 1.9.7: 1,
 * 2 under TSKNF, a war engine's starting DC) and the formation's break point,
 * its nearest rank, whether its units are in cover, whether it mixes war
 * engines with other units (RB 3.2.1).
 */
export function fillFormationSummary(e: Engagement, f: number): void {
  let weight = 0;
  let we = 0;
  const start = e.fUnitStart[f]!;
  const end = e.fUnitEnd[f]!;
  for (let u = start; u < end; u++) {
    const fl = e.uFlags[u]!;
    e.uBreakWeight[u] = (fl & C.U_WAR_ENGINE) !== 0 ? e.uStartDC[u]! : (fl & C.U_TSKNF) !== 0 ? 2 : 1;
    weight += e.uBreakWeight[u]!;
    if ((fl & C.U_WAR_ENGINE) !== 0) we++;
  }
  const n = end - start;
  let minDepth = Infinity;
  for (let u = start; u < end; u++) if (e.uDepth[u]! < minDepth) minDepth = e.uDepth[u]!;
  e.fStartMinDepth[f] = minDepth;
  let atMin = 0;
  for (let u = start; u < end; u++) if (e.uDepth[u] === minDepth) atMin++;
  e.fStartMinDepthCount[f] = atMin;
  e.fStartBreakWeight[f] = weight;
  fillCoverSummary(e, f);
  e.fMixed[f] = we > 0 && we < n ? 1 : 0;
  e.fWarEngines[f] = we;
}

/**
 * Whether formation f's units are in cover (fCover): 1 if all are, 0 if none
 * is, -1 if some are; a unit whose shadowfields may go down is checked shot
 * by shot (saves/shadowfields.ts), so it counts as some.
 */
export function fillCoverSummary(e: Engagement, f: number): void {
  let covered = 0;
  let shadowed = 0;
  const start = e.fUnitStart[f]!;
  const end = e.fUnitEnd[f]!;
  for (let u = start; u < end; u++) {
    if ((e.uFlags[u]! & C.U_IN_COVER) !== 0) covered++;
    else if (e.saves.uShadowfields[u]! > 0) shadowed++;
  }
  e.fCover[f] = covered === 0 && shadowed === 0 ? 0 : covered === end - start ? 1 : -1;
}

/** Formation f's units front to back (allocation, RB 1.9.6) and back to front (suppression, RB 1.9.2). */
export function fillOrders(e: Engagement, f: number): void {
  const start = e.fUnitStart[f]!;
  const end = e.fUnitEnd[f]!;
  const idx: number[] = [];
  for (let u = start; u < end; u++) idx.push(u);
  const front = [...idx].sort((a, b) => e.uDepth[a]! - e.uDepth[b]! || a - b);
  const back = [...idx].sort((a, b) => e.uDepth[b]! - e.uDepth[a]! || b - a);
  front.forEach((u, k) => (e.orderFront[start + k] = u));
  back.forEach((u, k) => (e.orderBack[start + k] = u));
}
