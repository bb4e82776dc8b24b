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

  /** Every group its own canonical group until `fillCanonicalGroups` (engagement/canonicalGroups.ts) finds its twins. */
  constructor(n: number) {
    this.gCanon = Int32Array.from({ length: n }, (_, g) => g);
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
