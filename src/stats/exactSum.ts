/**
 * Exact sums of tallies, so that merging is associative.
 *
 * Most counters are whole numbers and add exactly in doubles, but some sums
 * are not (points lost, when a formation's cost does not divide evenly over
 * its units). Adding such sums in a different grouping, (a + b) + c against
 * a + (b + c), can change the last bit. A run split into chunk ranges on
 * several machines and merged afterwards must give the same bits as one run,
 * so every counter is kept as an exact expansion: a short list of
 * non-overlapping doubles whose mathematical sum is the exact total
 * (Shewchuk's algorithm, as in Python's `math.fsum`). The value reported is
 * that exact total correctly rounded, which depends on the numbers added and
 * never on the order or grouping.
 *
 * Whole-number counters stay a single double (the expansion has one term), so
 * this costs almost nothing; it runs once per chunk, not per trial.
 */

/** Adds x to the expansion `partials` (ascending magnitude, non-overlapping) in place. */
export function addToExpansion(partials: number[], x: number): void {
  let i = 0;
  for (let j = 0; j < partials.length; j++) {
    let y = partials[j]!;
    if (Math.abs(x) < Math.abs(y)) {
      const t = x;
      x = y;
      y = t;
    }
    const hi = x + y;
    const lo = y - (hi - x);
    if (lo !== 0) partials[i++] = lo;
    x = hi;
  }
  partials.length = i;
  partials.push(x);
}

/** The exact sum of an expansion, correctly rounded to a double (round half to even). */
export function roundExpansion(partials: readonly number[]): number {
  let n = partials.length;
  if (n === 0) return 0;
  let hi = partials[--n]!;
  let lo = 0;
  while (n > 0) {
    const x = hi;
    const y = partials[--n]!;
    hi = x + y;
    const yr = hi - x;
    lo = y - yr;
    if (lo !== 0) break;
  }
  // Half-way case: the rest of the expansion decides which way to round.
  if (n > 0 && ((lo < 0 && partials[n - 1]! < 0) || (lo > 0 && partials[n - 1]! > 0))) {
    const y = lo * 2;
    const x = hi + y;
    const yr = x - hi;
    if (y === yr) hi = x;
  }
  return hi;
}

/** A tally summed exactly: one expansion per counter. */
export class ExactTally {
  readonly length: number;
  private readonly terms: number[][];

  constructor(length: number) {
    this.length = length;
    this.terms = Array.from({ length }, () => [0]);
  }

  /** Adds a chunk's tally. */
  add(tally: Float64Array | readonly number[]): void {
    if (tally.length !== this.length) throw new Error(`tally length ${tally.length} does not match ${this.length}`);
    for (let i = 0; i < this.length; i++) {
      const v = tally[i]!;
      if (v !== 0) addToExpansion(this.terms[i]!, v);
    }
  }

  /** Adds another exact tally (merging partial results). */
  addExact(other: ExactTally): void {
    if (other.length !== this.length) throw new Error(`tally length ${other.length} does not match ${this.length}`);
    for (let i = 0; i < this.length; i++) for (const v of other.terms[i]!) if (v !== 0) addToExpansion(this.terms[i]!, v);
  }

  /** The counter values, each the exact sum correctly rounded. */
  rounded(): Float64Array {
    const out = new Float64Array(this.length);
    for (let i = 0; i < this.length; i++) out[i] = roundExpansion(this.terms[i]!);
    return out;
  }

  /** Counter value i, correctly rounded. */
  value(i: number): number {
    return roundExpansion(this.terms[i]!);
  }

  /**
   * The terms of counters that need more than one double, by index, for a
   * partial result file; every other counter is exactly its rounded value.
   */
  residuals(): Record<string, number[]> {
    const out: Record<string, number[]> = {};
    for (let i = 0; i < this.length; i++) {
      const t = this.terms[i]!.filter((v) => v !== 0);
      if (t.length > 1) out[String(i)] = t;
    }
    return out;
  }

  /** Rebuilds an exact tally from rounded values and residual expansions (see `residuals`). */
  static fromParts(tally: readonly number[], residuals: Record<string, readonly number[]>): ExactTally {
    const t = new ExactTally(tally.length);
    for (let i = 0; i < tally.length; i++) {
      const r = residuals[String(i)];
      if (r !== undefined) for (const v of r) addToExpansion(t.terms[i]!, v);
      else if (tally[i] !== 0) addToExpansion(t.terms[i]!, tally[i]!);
    }
    return t;
  }
}
