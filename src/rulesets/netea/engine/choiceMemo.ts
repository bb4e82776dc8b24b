import type { Engagement } from './engagement.js';

/**
 * What shoot.ts remembers of the attacker's firepower choices ([A-33]) so it
 * does not make the same choice twice; remembering changes no number.
 *
 * - `gCanon`: the first group of the same formation with the same weapon lines
 *   (itself if none). Units carrying identical weapons choose alike, so within
 *   one attack one choice serves them all (`choice*`, valid while `stamp`
 *   matches the attack's).
 * - Across trials, the choice made for a canonical group against a whole
 *   target (every unit standing, none embarked) is the same in every trial for
 *   the same target, gap, distance and to-hit terms (`whole*`; `wholeKey`
 *   packs the penalty, modifier and sustained fire).
 */
export class ChoiceMemo {
  readonly gCanon: Int32Array;
  readonly choiceStamp: Int32Array;
  readonly choice: Int32Array;
  readonly choiceDistance: Float64Array;
  readonly choicePenalty: Int32Array;
  stamp = 0;
  readonly wholeAt: Int32Array;
  readonly wholeGap: Float64Array;
  readonly wholeDistance: Float64Array;
  readonly wholeKey: Int32Array;
  readonly wholeChoice: Int32Array;

  constructor(e: Engagement) {
    const n = e.nGroups;
    this.gCanon = new Int32Array(n);
    const canon = new Map<string, number>();
    for (let g = 0; g < n; g++) {
      const lines: number[] = [e.uFormation[e.wUnit[e.gLineStart[g]!]!]!];
      for (let l = e.gLineStart[g]!; l < e.gLineEnd[g]!; l++) {
        lines.push(e.wKind[l]!, e.wRange[l]!, e.wShotsN[l]!, e.wShotsSides[l]!, e.wShotsPlus[l]!, e.wShotsTimes[l]!, e.wAP[l]!, e.wAT[l]!, e.wMW[l]!);
        lines.push(e.wBpN[l]!, e.wBpSides[l]!, e.wBpPlus[l]!, e.wTkN[l]!, e.wTkSides[l]!, e.wTkPlus[l]!, e.wExN[l]!, e.wExSides[l]!, e.wExPlus[l]!, e.wFlags[l]!, e.wHitFlags[l]!);
      }
      const key = lines.join(',');
      const first = canon.get(key);
      this.gCanon[g] = first ?? g;
      if (first === undefined) canon.set(key, g);
    }
    this.choiceStamp = new Int32Array(n);
    this.choice = new Int32Array(n);
    this.choiceDistance = new Float64Array(n);
    this.choicePenalty = new Int32Array(n);
    this.wholeAt = new Int32Array(n).fill(-1);
    this.wholeGap = new Float64Array(n);
    this.wholeDistance = new Float64Array(n);
    this.wholeKey = new Int32Array(n);
    this.wholeChoice = new Int32Array(n);
  }
}
