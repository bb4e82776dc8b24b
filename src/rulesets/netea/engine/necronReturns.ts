import * as C from './codes.js';
import type { Engagement } from './engagement.js';
import { reviveUnit } from './unitState.js';

/**
 * TP Necron Technology, Necron: "Formations can return one previously
 * destroyed Necron unit in the end phase of each turn, before all formations
 * attempt to rally, either on or off the board." A formation still in play
 * returns its front-most destroyed Necron unit, where it stood. (The option
 * of spending regroup dice on returns is not taken: the model's regroups
 * remove Blast markers.)
 */
export function returnNecronUnits(e: Engagement): void {
  if (!e.anyNecron) return;
  for (let f = 0; f < e.nFormations; f++) {
    if (e.fAlive[f] === 0) continue;
    const end = e.fUnitEnd[f]!;
    for (let k = e.fUnitStart[f]!; k < end; k++) {
      const u = e.orderFront[k]!;
      if (e.stAlive[u] === 0 && (e.uFlags[u]! & C.U_NECRON) !== 0) {
        reviveUnit(e, u);
        break;
      }
    }
  }
}
