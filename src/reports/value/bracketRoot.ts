/**
 * A root of a continuous f in [lo, hi] where f(lo) and f(hi) differ in sign
 * (or one of them is 0), by bisection: it keeps a bracket at every step, so it
 * needs no starting value and always converges, to within `tolerance` of the
 * bracket's scale. Returns NaN when [lo, hi] does not bracket a root.
 */
export function bracketRoot(f: (x: number) => number, lo: number, hi: number, tolerance = 1e-12): number {
  let flo = f(lo);
  const fhi = f(hi);
  if (flo === 0) return lo;
  if (fhi === 0) return hi;
  if (Math.sign(flo) === Math.sign(fhi) || Number.isNaN(flo) || Number.isNaN(fhi)) return NaN;
  const scale = Math.max(Math.abs(lo), Math.abs(hi), Number.MIN_VALUE);
  for (let k = 0; k < 200 && hi - lo > tolerance * scale; k++) {
    const mid = lo + (hi - lo) / 2;
    const fm = f(mid);
    if (fm === 0) return mid;
    if (Math.sign(fm) === Math.sign(flo)) {
      lo = mid;
      flo = fm;
    } else hi = mid;
  }
  return lo + (hi - lo) / 2;
}
