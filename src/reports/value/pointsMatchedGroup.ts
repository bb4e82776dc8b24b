/**
 * How many copies of each side's formation make two points-matched groups:
 * the (m, n) with m, n in 1..max that brings m·a nearest to n·b as a ratio,
 * |ln(m·a / n·b)|, the smaller group winning ties. A 650-point titan meets
 * three 200-point formations; a 200-point formation meets one 650-point titan
 * as a group of three.
 */
export function pointsMatchedGroup(a: number, b: number, max: number): { m: number; n: number } {
  let best = { m: 1, n: 1 };
  let bestGap = Infinity;
  for (let total = 2; total <= 2 * max; total++) {
    for (let m = Math.max(1, total - max); m <= Math.min(max, total - 1); m++) {
      const n = total - m;
      const gap = Math.abs(Math.log((m * a) / (n * b)));
      if (gap < bestGap - 1e-12) {
        bestGap = gap;
        best = { m, n };
      }
    }
  }
  return best;
}
