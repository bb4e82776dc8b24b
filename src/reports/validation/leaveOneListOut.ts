/**
 * Leave-one-list-out predictions. For each army list L in turn, `fold` gets
 * the rows of every other list (`train`), the rows of L (`held`) and the
 * costs with L's replaced by NaN: whatever it fits, it fits without L's costs,
 * and it returns one prediction per held row, in `held`'s order. The result
 * holds, for every row, the prediction made while its own list was held out:
 *
 *   ŷ_i = fold(rows ∉ list(i), rows ∈ list(i), costs masked on list(i))
 *
 * Lists are held out in sorted id order, so the folds, and anything they
 * cache, do not depend on the order of the rows.
 */
export function leaveOneListOut(
  lists: readonly string[],
  costs: readonly number[],
  fold: (train: number[], held: number[], visibleCosts: readonly number[], heldList: string) => readonly number[],
): number[] {
  if (lists.length !== costs.length) throw new RangeError(`leaveOneListOut: ${lists.length} lists for ${costs.length} costs`);
  const out = new Array<number>(lists.length).fill(NaN);
  for (const list of [...new Set(lists)].sort()) {
    const train: number[] = [];
    const held: number[] = [];
    lists.forEach((l, i) => (l === list ? held : train).push(i));
    const visible = costs.map((c, i) => (lists[i] === list ? NaN : c));
    const predicted = fold(train, held, visible, list);
    if (predicted.length !== held.length) throw new RangeError(`leaveOneListOut: ${predicted.length} predictions for the ${held.length} rows of ${list}`);
    held.forEach((i, k) => (out[i] = predicted[k]!));
  }
  return out;
}
