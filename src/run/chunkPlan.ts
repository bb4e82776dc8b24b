/**
 * Splits `trials` into fixed-size chunks: chunk k holds `chunkSize` trials,
 * the last one the remainder. The plan depends only on the two numbers, never
 * on the number of workers.
 */
export function chunkCount(trials: number, chunkSize: number): number {
  return Math.ceil(trials / chunkSize);
}

export function chunkTrials(trials: number, chunkSize: number, chunk: number): number {
  return Math.min(chunkSize, trials - chunk * chunkSize);
}
