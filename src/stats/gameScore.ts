/**
 * A side's score over n games, a win 1, a draw ½, a loss 0 (the tournament's wins and half the
 * draws): mean m = (w + d/2)/n, and the variance of that mean, s²/n, with the sample variance
 * s² = (Σx² − n·m²)/(n − 1) and Σx² = w + d/4. Means of several such scores, as a list's score
 * against the field, add their variances (independent games).
 */
export function gameScore(wins: number, draws: number, games: number): { mean: number; variance: number } {
  if (games <= 0) return { mean: 0, variance: 0 };
  const mean = (wins + draws / 2) / games;
  if (games === 1) return { mean, variance: 0 };
  const sampleVariance = Math.max(0, (wins + draws / 4 - games * mean * mean) / (games - 1));
  return { mean, variance: sampleVariance / games };
}
