/**
 * Solves A·x = b for a square matrix A by Gaussian elimination with partial
 * pivoting (the row with the largest |pivot| swapped up at each column), then
 * back substitution: x_i = (b'_i − Σ_{j>i} U_ij·x_j) / U_ii. A and b are not
 * changed. A RangeError when A is singular (a pivot of exactly 0) or the
 * sizes differ.
 */
export function solveLinearSystem(a: readonly (readonly number[])[], b: readonly number[]): number[] {
  const n = b.length;
  if (a.length !== n || a.some((row) => row.length !== n)) throw new RangeError(`solveLinearSystem: a ${a.length}-row matrix for ${n} right-hand values`);
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (m[pivot]![col] === 0) throw new RangeError(`solveLinearSystem: the matrix is singular (column ${col})`);
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]!;
    for (let r = col + 1; r < n; r++) {
      const row = m[r]!;
      const f = row[col]! / p[col]!;
      if (f === 0) continue;
      for (let c = col; c <= n; c++) row[c]! -= f * p[c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    const row = m[i]!;
    let s = row[n]!;
    for (let j = i + 1; j < n; j++) s -= row[j]! * x[j]!;
    x[i] = s / row[i]!;
  }
  return x;
}
