/**
 * What shoot.ts remembers of the attacker's firepower choices ([A-33]) so it
 * does not make the same choice twice; remembering changes no number.
 *
 * - `gCanon`: the first group of the same formation with the same weapon lines
 *   (itself if none; engagement/canonicalGroups.ts). Units carrying identical weapons choose alike, so within
 *   one attack one choice serves them all (`choice*`, valid while `stamp`
 *   matches the attack's).
 * - Across trials, the choice made for a canonical group against a whole
 *   target (every unit standing, none embarked) is the same in every trial for
 *   the same target, gap, distance and to-hit terms (`whole*`; `wholeKey`
 *   packs the penalty, modifier and sustained fire).
 */
import type { ArrayBlock } from '../../../sim/arrayBlock.js';

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

  /**
   * Every group its own canonical group until `fillCanonicalGroups` (engagement/canonicalGroups.ts)
   * finds its twins; the arrays from the engagement's `block` (engagement.ts).
   */
  constructor(n: number, block: ArrayBlock) {
    this.gCanon = block.int32(n);
    for (let g = 0; g < n; g++) this.gCanon[g] = g;
    this.wholeAt = block.int32(n).fill(-1);
    this.wholeGap = block.float64(n);
    this.wholeDistance = block.float64(n);
    this.wholeKey = block.int32(n);
    this.wholeChoice = block.int32(n);
    this.choiceStamp = block.int32(n);
    this.choice = block.int32(n);
    this.choiceDistance = block.float64(n);
    this.choicePenalty = block.int32(n);
  }
}
