import { averageRanks } from './averageRanks.js';
import { pearsonCorrelation } from './pearsonCorrelation.js';

/**
 * Spearman's rank correlation: Pearson's correlation of the average ranks
 * (ties share their mean rank), ρ = cov(rx, ry) / (σ(rx)·σ(ry)). NaN for
 * fewer than two pairs or when one side is constant.
 */
export function spearmanCorrelation(x: readonly number[], y: readonly number[]): number {
  if (x.length !== y.length) throw new RangeError(`spearmanCorrelation: ${x.length} x values but ${y.length} y values`);
  return pearsonCorrelation(averageRanks(x), averageRanks(y));
}
