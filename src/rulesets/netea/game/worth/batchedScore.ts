/**
 * An army's score against the field, kept in batches so that the difference of two variants
 * played on common random numbers has an honest variance.
 *
 * The field is cells (an opposing army under one policy), each weighing `cellWeight[c]` (the
 * weights add to 1), each played in `perCell` batches of equal size (chunks of games, each seeded
 * by its cell and number and nothing of the army: chunk b of a cell draws the same dice stream for
 * every variant). `score[c * perCell + b]` is batch b's mean score (wins and half the draws).
 *
 *     S = Σ_c cellWeight_c · mean_b score_cb
 *
 * A linear combination of variants D = Σ_v a_v·S_v is the same sum over the per-batch combinations
 * d_cb = Σ_v a_v·score_v,cb; its variance is estimated by batch means, within each cell:
 *
 *     Var D = Σ_c cellWeight_c² · s²(d_c·) / perCell,
 *
 * s² the sample variance of the cell's batches. Batches of one cell share their opponent and
 * differ only in dice, so they are exchangeable; pairing the variants batch by batch is what lets
 * the dice they share cancel (never more than they do: a desynchronised stream gives an
 * independent pair's variance).
 */
export interface BatchedScore {
  perCell: number;
  cellWeight: Float64Array;
  score: Float64Array;
}

export interface Combined {
  mean: number;
  variance: number;
}

/** D = Σ coefficient · S of the terms, batch by batch (every term with the same cells and batches). */
export function combineScores(terms: ReadonlyArray<readonly [number, BatchedScore]>): Combined {
  const first = terms[0]![1];
  const k = first.perCell;
  const cells = first.cellWeight.length;
  for (const [, s] of terms) if (s.perCell !== k || s.cellWeight.length !== cells) throw new RangeError('scores of different fields cannot be combined');
  if (k < 2) throw new RangeError('a variance by batch means needs at least 2 batches a cell');
  let mean = 0;
  let variance = 0;
  for (let c = 0; c < cells; c++) {
    let sum = 0;
    let sumSq = 0;
    for (let b = 0; b < k; b++) {
      let d = 0;
      for (const [a, s] of terms) d += a * s.score[c * k + b]!;
      sum += d;
      sumSq += d * d;
    }
    const m = sum / k;
    const s2 = Math.max(0, (sumSq - k * m * m) / (k - 1));
    const w = first.cellWeight[c]!;
    mean += w * m;
    variance += (w * w * s2) / k;
  }
  return { mean, variance };
}

/** S itself. */
export function scoreMean(s: BatchedScore): number {
  return combineScores([[1, s]]).mean;
}
