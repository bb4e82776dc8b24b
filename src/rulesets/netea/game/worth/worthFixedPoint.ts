/**
 * The fixed point over worths (issue 30, item 5). Each valued formation e was exchanged, on each
 * base army of its list, for a share of that army's formations (exchange.ts); averaged over the
 * base armies, e is worth
 *
 *     T(w)_e = Σ_i M[e][i] · w_i,
 *
 * M[e][i] the mean share of formation i given up for e (whole formations count 1, the last in
 * part its φ). The shares are found on the games alone (the drop order is fixed by the seed and
 * the mixture is by share of the last formation), so M does not depend on w: the games are played
 * once and T is linear. Each list is then rescaled so that its base armies' worths average the
 * points limit (a rule of the tournament, not a price):
 *
 *     w_e ← T(w)_e · L / mean_k Σ_{i ∈ X_k} T(w)_i      (e of that list)
 *
 * Started from equal worth per formation of each list (w⁰ = L / the mean number of formations of
 * its base armies) and repeated until no worth moves by more than `tolerance` points; the answer is
 * the Perron vector of each list's block of M, when the iteration converges to one.
 */

export interface WorthList {
  /** The valued formations of this list, by index into the worth vector. */
  items: number[];
  /** Each base army as the items of its formations (an item twice when fielded twice). */
  armies: number[][];
}

export interface FixedPointResult {
  worth: Float64Array;
  iterations: number;
  /** The largest change of a worth at the last iteration, in points. */
  lastMove: number;
  converged: boolean;
  /** Lists whose armies came out worth nothing (every exchange gave up nothing): no scale exists. */
  degenerate: number[];
  /** Each list's last rescale: its worths are this times the worth of what they were exchanged for (1/λ at the Perron vector). */
  scale: number[];
}

export interface FixedPointOptions {
  limit: number;
  tolerance?: number;
  maxIterations?: number;
}

/** The mean over a list's base armies of their worths' sum. */
function armyWorth(list: WorthList, w: Float64Array): number {
  let total = 0;
  for (const army of list.armies) for (const i of army) total += w[i]!;
  return total / list.armies.length;
}

/** Equal worth per formation of each list: L over the mean number of formations of its base armies. */
export function equalWorth(n: number, lists: readonly WorthList[], limit: number): Float64Array {
  const w = new Float64Array(n);
  for (const list of lists) {
    const size = list.armies.reduce((s, a) => s + a.length, 0) / list.armies.length;
    for (const i of list.items) w[i] = limit / size;
  }
  return w;
}

/** M is n × n, row-major: M[e * n + i]. */
export function worthFixedPoint(M: Float64Array, lists: readonly WorthList[], o: FixedPointOptions): FixedPointResult {
  const n = Math.round(Math.sqrt(M.length));
  if (n * n !== M.length) throw new RangeError('M must be square');
  const tolerance = o.tolerance ?? 0.01;
  const maxIterations = o.maxIterations ?? 1000;
  let w: Float64Array = equalWorth(n, lists, o.limit);
  let next: Float64Array = new Float64Array(n);
  let lastMove = Infinity;
  let iterations = 0;
  const degenerate = new Set<number>();
  const scale = lists.map(() => 1);
  while (iterations < maxIterations && lastMove > tolerance) {
    next.fill(0);
    for (let e = 0; e < n; e++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += M[e * n + i]! * w[i]!;
      next[e] = s;
    }
    lists.forEach((list, k) => {
      const total = armyWorth(list, next);
      scale[k] = total > 0 ? o.limit / total : Number.NaN;
      if (total > 0) for (const i of list.items) next[i] = next[i]! * scale[k]!;
      else degenerate.add(k);
    });
    lastMove = 0;
    for (let i = 0; i < n; i++) lastMove = Math.max(lastMove, Math.abs(next[i]! - w[i]!));
    [w, next] = [next, w];
    iterations++;
    if (degenerate.size > 0) break;
  }
  return { worth: w, iterations, lastMove, converged: lastMove <= tolerance && degenerate.size === 0, degenerate: [...degenerate], scale };
}
