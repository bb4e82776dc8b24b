import { linearPrediction } from '../../stats/linearPrediction.js';
import { ridgeRegression } from '../../stats/ridgeRegression.js';

/** The ridge penalties the inner cross-validation tries (on standardized features). */
export const RIDGE_LAMBDAS = [0.001, 0.01, 0.1, 0.3, 1, 3, 10, 30, 100, 300, 1000];

/** Folds of lists the inner cross-validation holds out in turn. */
export const INNER_FOLDS = 5;

/**
 * The ridge penalty λ for rows `train`, chosen by cross-validation over their
 * lists: the lists, in sorted id order, are dealt round-robin into
 * INNER_FOLDS folds; for each λ of RIDGE_LAMBDAS the model is fitted on four
 * folds and judged on the fifth, and the λ with the smallest mean squared
 * error over all held-out rows,
 *
 *   MSE(λ) = Σ_folds Σ_{i ∈ fold} (y_i − ŷ_i^(−fold)(λ))² / |train|,
 *
 * wins (the smaller λ on a tie). Whole lists are held out, as in the outer
 * loop, so formations of one list never judge a fit that saw their siblings.
 */
export function chooseRidgeLambda(x: readonly (readonly number[])[], y: readonly number[], lists: readonly string[], train: readonly number[]): number {
  const ids = [...new Set(train.map((i) => lists[i]!))].sort();
  if (ids.length < 2) return RIDGE_LAMBDAS[RIDGE_LAMBDAS.length - 1]!;
  const foldOf = new Map(ids.map((id, k) => [id, k % Math.min(INNER_FOLDS, ids.length)]));
  const folds = Math.min(INNER_FOLDS, ids.length);
  let best = RIDGE_LAMBDAS[0]!;
  let bestError = Infinity;
  for (const lambda of RIDGE_LAMBDAS) {
    let error = 0;
    for (let f = 0; f < folds; f++) {
      const fit = train.filter((i) => foldOf.get(lists[i]!) !== f);
      const judged = train.filter((i) => foldOf.get(lists[i]!) === f);
      const model = ridgeRegression(fit.map((i) => x[i]!), fit.map((i) => y[i]!), lambda);
      for (const i of judged) error += (y[i]! - linearPrediction(model, x[i]!)) ** 2;
    }
    if (error < bestError - 1e-12 * Math.abs(bestError)) {
      best = lambda;
      bestError = error;
    }
  }
  return best;
}
