import type { Engagement } from '../engagement.js';

/**
 * Each weapon group's canonical group for the choice memo (choiceMemo.ts `gCanon`): the first
 * group of the same formation whose weapon lines are the same in every compiled value.
 */
export function fillCanonicalGroups(e: Engagement): void {
  const gCanon = e.memo.gCanon;
  const canon = new Map<string, number>();
  for (let g = 0; g < e.nGroups; g++) {
    const lines: number[] = [e.uFormation[e.wUnit[e.gLineStart[g]!]!]!];
    for (let l = e.gLineStart[g]!; l < e.gLineEnd[g]!; l++) {
      lines.push(e.wKind[l]!, e.wRange[l]!, e.wShotsN[l]!, e.wShotsSides[l]!, e.wShotsPlus[l]!, e.wShotsTimes[l]!, e.wAP[l]!, e.wAT[l]!, e.wMW[l]!);
      lines.push(e.wBpN[l]!, e.wBpSides[l]!, e.wBpPlus[l]!, e.wTkN[l]!, e.wTkSides[l]!, e.wTkPlus[l]!, e.wExN[l]!, e.wExSides[l]!, e.wExPlus[l]!, e.wFlags[l]!, e.wHitFlags[l]!);
    }
    const key = lines.join(',');
    const first = canon.get(key);
    gCanon[g] = first ?? g;
    if (first === undefined) canon.set(key, g);
  }
}
