import type { LinearModel } from './ridgeRegression.js';

/** A linear model's prediction for one row of features: ŷ = intercept + Σ coefficients_j·x_j. */
export function linearPrediction(model: LinearModel, x: readonly number[]): number {
  let s = model.intercept;
  for (let j = 0; j < model.coefficients.length; j++) s += model.coefficients[j]! * x[j]!;
  return s;
}
