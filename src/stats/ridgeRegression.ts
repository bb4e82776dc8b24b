import { solveLinearSystem } from './solveLinearSystem.js';

/** A linear model in the features' own units: ŷ = intercept + Σ coefficients_j·x_j. */
export interface LinearModel {
  intercept: number;
  coefficients: number[];
}

/**
 * Ridge regression of y on the columns of x, in closed form, on standardized
 * features with an unpenalised intercept:
 *
 *   z_ij = (x_ij − m_j) / s_j   (m_j the mean, s_j the population standard deviation of column j)
 *   β = (ZᵀZ + λI)⁻¹ Zᵀ(y − ȳ)
 *   coefficient_j = β_j / s_j,  intercept = ȳ − Σ coefficient_j·m_j
 *
 * so λ shrinks every feature alike whatever its units, and λ = 0 is ordinary
 * least squares. A constant column (s_j = 0) says nothing about y: its
 * coefficient is 0. With one feature, coefficient = Sxy / (s²·(n + λ)).
 */
export function ridgeRegression(x: readonly (readonly number[])[], y: readonly number[], lambda: number): LinearModel {
  const n = y.length;
  if (x.length !== n || n === 0) throw new RangeError(`ridgeRegression: ${x.length} rows of features for ${n} values`);
  if (!(lambda >= 0)) throw new RangeError(`ridgeRegression: lambda must be 0 or more, got ${lambda}`);
  const p = x[0]!.length;
  const mean = new Array<number>(p).fill(0);
  const sd = new Array<number>(p).fill(0);
  for (const row of x) for (let j = 0; j < p; j++) mean[j]! += row[j]! / n;
  for (const row of x) for (let j = 0; j < p; j++) sd[j]! += (row[j]! - mean[j]!) ** 2 / n;
  for (let j = 0; j < p; j++) sd[j] = Math.sqrt(sd[j]!);
  const used = [...sd.keys()].filter((j) => sd[j]! > 1e-12 * (1 + Math.abs(mean[j]!)));
  const yMean = y.reduce((t, v) => t + v, 0) / n;
  const k = used.length;
  const gram = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const rhs = new Array<number>(k).fill(0);
  const z = new Array<number>(k);
  x.forEach((row, i) => {
    for (let a = 0; a < k; a++) z[a] = (row[used[a]!]! - mean[used[a]!]!) / sd[used[a]!]!;
    for (let a = 0; a < k; a++) {
      rhs[a]! += z[a]! * (y[i]! - yMean);
      const g = gram[a]!;
      for (let b = a; b < k; b++) g[b]! += z[a]! * z[b]!;
    }
  });
  for (let a = 0; a < k; a++) {
    gram[a]![a]! += lambda;
    for (let b = 0; b < a; b++) gram[a]![b] = gram[b]![a]!;
  }
  const beta = k === 0 ? [] : solveLinearSystem(gram, rhs);
  const coefficients = new Array<number>(p).fill(0);
  used.forEach((j, a) => (coefficients[j] = beta[a]! / sd[j]!));
  const intercept = yMean - coefficients.reduce((t, c, j) => t + c * mean[j]!, 0);
  return { intercept, coefficients };
}
