/**
 * Distribution of which of n independent events happen, as a bitmask (bit i
 * set when event i happens, which it does with chance p[i]):
 * P(mask = m) = product over i of (bit i of m set ? p[i] : 1 - p[i]).
 * Entry m of the result is P(mask = m); there are 2^n entries.
 */
export function bernoulliMaskPmf(p: readonly number[]): Float64Array {
  const out = new Float64Array(2 ** p.length);
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
