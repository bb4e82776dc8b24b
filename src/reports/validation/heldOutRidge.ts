import { linearPrediction } from '../../stats/linearPrediction.js';
import { ridgeRegression } from '../../stats/ridgeRegression.js';
import { chooseRidgeLambda } from './chooseRidgeLambda.js';

/**
 * One fold of a leave-one-list-out ridge regression of log cost: λ chosen by
 * cross-validation over the training lists (chooseRidgeLambda.ts), the model
 * refitted on every training row with it, and the held rows predicted in
 * points, ĉ = exp(intercept + Σ coefficient_j·x_j). `logCost` is read for
 * the training rows only.
 */
export function heldOutRidge(x: readonly (readonly number[])[], logCost: readonly number[], lists: readonly string[], train: readonly number[], held: readonly number[]): { predictions: number[]; lambda: number } {
  const lambda = chooseRidgeLambda(x, logCost, lists, train);
  const model = ridgeRegression(train.map((i) => x[i]!), train.map((i) => logCost[i]!), lambda);
  return { predictions: held.map((i) => Math.exp(linearPrediction(model, x[i]!))), lambda };
}
