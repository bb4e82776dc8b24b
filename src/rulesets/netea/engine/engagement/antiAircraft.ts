import { KIND_RANGED, NONE } from '../codes.js';
import type { Engagement } from '../engagement.js';

/** Each unit's longest AA range and each group's best AA mode (AirState), once the engagement's lines and groups are compiled. */
export function fillAntiAircraft(e: Engagement): void {
  const air = e.air;
  air.gAaLine = new Int32Array(e.nGroups).fill(-1);
  for (let g = 0; g < e.nGroups; g++) {
    for (let l = e.gLineStart[g]!; l < e.gLineEnd[g]!; l++) {
      if (air.wAA[l]! >= NONE || e.wKind[l] !== KIND_RANGED) continue;
      const best = air.gAaLine[g]!;
      if (best < 0 || air.wAA[l]! < air.wAA[best]!) air.gAaLine[g] = l;
      const u = e.wUnit[l]!;
      if (e.wRange[l]! > air.uMaxAaRange[u]!) air.uMaxAaRange[u] = e.wRange[l]!;
    }
  }
  const list: number[] = [];
  for (let f = 0; f < e.nFormations; f++) {
    air.fAaStart[f] = list.length;
    for (let u = e.fUnitStart[f]!; u < e.fUnitEnd[f]!; u++) if (air.uMaxAaRange[u]! >= 0) list.push(u);
  }
  air.fAaStart[e.nFormations] = list.length;
  air.aaUnits = Int32Array.from(list);
}
