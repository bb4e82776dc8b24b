/** A probability as a percentage for sentences: one decimal, more for small non-zero values ("0.019%"). */
export function pct(p: number): string {
  if (!Number.isFinite(p)) return String(p);
  const x = 100 * p;
  if (x !== 0 && Math.abs(x) < 0.1) return `${Number(x.toPrecision(2))}%`;
  return `${x.toFixed(1)}%`;
}

/** Decimals that give a non-zero percentage under 0.1 two significant digits ("0.0038"); one otherwise. */
function percentDecimals(x: number): number {
  const a = Math.abs(x);
  return a === 0 || a >= 0.1 || !Number.isFinite(a) ? 1 : 1 - Math.floor(Math.log10(a));
}

/**
 * A probability and its 95% interval as percentages, all three with the same
 * decimals: those the estimate needs ("0.019%"), or the upper bound's when
 * the estimate is 0, so a zero and the small bound above it read alike
 * ("0.0000% (0.0000% to 0.0038%)", not "0.0% (0.0% to 0.0038%)").
 */
export function pctInterval(p: { p: number; ci95: readonly [number, number] }): { value: string; ci: string } {
  const d = percentDecimals(100 * (p.p !== 0 ? p.p : p.ci95[1]));
  const f = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(d)}%` : String(x));
  return { value: f(p.p), ci: `${f(p.ci95[0])} to ${f(p.ci95[1])}` };
}

/** A count or points value for sentences: whole above 100, two decimals under 10. */
export function num(x: number): string {
  if (!Number.isFinite(x)) return x > 0 ? '∞' : String(x);
  const a = Math.abs(x);
  return x.toFixed(a >= 100 ? 0 : a >= 10 ? 1 : 2);
}
