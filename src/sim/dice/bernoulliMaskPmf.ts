/**
 * Distribution of which of n independent events happen, as a bitmask (bit i
 * set when event i happens, which it does with chance p[i]):
 * P(mask = m) = product over i of (bit i of m set ? p[i] : 1 - p[i]).
 * Entry m of the result is P(mask = m); there are 2^n entries, written into
 * the first 2^n entries of `out` when it is given (a buffer reused across
 * calls), else into a new array.
 */
export function bernoulliMaskPmf(p: readonly number[], out: Float64Array = new Float64Array(2 ** p.length)): Float64Array {
  out[0] = 1;
  for (let i = 0; i < p.length; i++) {
    const bit = 2 ** i;
    const happens = p[i]!;
    for (let m = 0; m < bit; m++) {
      out[m + bit] = out[m]! * happens;
      out[m]! *= 1 - happens;
    }
  }
  return out;
}
