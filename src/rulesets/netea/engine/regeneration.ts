import * as C from './codes.js';
import type { Engagement } from './engagement.js';
import { regainPoint } from './unitState.js';

/**
 * TP Regeneration: "Each unit with regeneration regains one damage capacity
 * point at the beginning of each turn's end phase. Regeneration cannot be
 * used by a destroyed unit nor may it increase a unit's damage capacity
 * beyond the starting amount."
 */
export function regenerate(e: Engagement): void {
  for (let u = 0; u < e.nUnits; u++) {
    if ((e.uFlags[u]! & C.U_REGENERATES) !== 0 && e.stAlive[u] === 1 && e.stDC[u]! < e.stStartDC[u]!) regainPoint(e, u);
  }
}
