/** A probability as a percentage for sentences: one decimal, more for small non-zero values ("0.019%"). */
export function pct(p: number): string {
  if (!Number.isFinite(p)) return String(p);
  const x = 100 * p;
  if (x !== 0 && Math.abs(x) < 0.1) return `${Number(x.toPrecision(2))}%`;
  return `${x.toFixed(1)}%`;
}

/** A count or points value for sentences: whole above 100, two decimals under 10. */
export function num(x: number): string {
  if (!Number.isFinite(x)) return x > 0 ? '∞' : String(x);
  const a = Math.abs(x);
  return x.toFixed(a >= 100 ? 0 : a >= 10 ? 1 : 2);
}
