import { Z95 } from '../../../../stats/z95.js';
import { combineScores, type BatchedScore } from './batchedScore.js';

/**
 * A formation's exchange (issue 30, item 5): how much of its army's other formations the army can
 * give up, with the formation added, and keep its score against the field.
 *
 * X's n formations are dropped in an order fixed by the seed; vertex j is the army X + f less the
 * first j of them (vertex 0 is X + f, vertex n is f alone). A share t in [0, n] gives up the first
 * ⌊t⌋ wholly and the next in part, φ = t − ⌊t⌋: the mixture of vertices ⌊t⌋ and ⌊t⌋ + 1 that
 * plays a share φ of its games with the second. Its expected score is exactly
 *
 *     S(t) = (1 − φ)·S_⌊t⌋ + φ·S_⌊t⌋+1,
 *
 * so the mixture is not played: both vertices are played whole on the same batches, and S(t) is
 * their interpolation, which has the mixture's expectation and a smaller variance than splitting
 * the games. S is piecewise linear in t, so the root of D(t) = S(t) − S(X) is found by bisection
 * over the vertices (each step plays one army) and then exactly inside the last bracket.
 *
 * The 95% interval is Fieller's for a root: the t around the root where D(t)² ≤ z²·Var D(t), with
 * D's variance paired batch by batch (batchedScore.ts); it steps out vertex by vertex, playing
 * those it needs, and bisects inside the segment where the test starts to reject.
 */

export type ExchangeBound = 'none' | 'no-gain' | 'beyond';

export interface Exchange {
  /** t*: formations given up, the last in part (0 to n). */
  share: number;
  /** The 95% interval of t*. */
  low: number;
  high: number;
  /** 'no-gain': X + f scores no more than X (t* = 0); 'beyond': f alone scores at least X (t* = n, a lower bound). */
  bound: ExchangeBound;
  /** S at each vertex played (null where not played), and S(X). */
  vertexScores: Array<number | null>;
  baseScore: number;
}

export interface ExchangeProblem {
  /** X's formations that can be given up. */
  n: number;
  /** S(X). */
  base: BatchedScore;
  /** S at vertex j: X + f less the first j formations of the drop order. */
  vertex: (j: number) => Promise<BatchedScore>;
}

/** Bisection steps inside a segment for an interval bound: 2⁻⁴⁰ of a formation. */
const BOUND_STEPS = 40;

export async function solveExchange(p: ExchangeProblem, z = Z95): Promise<Exchange> {
  const played = new Map<number, BatchedScore>();
  const at = async (j: number): Promise<BatchedScore> => {
    let s = played.get(j);
    if (s === undefined) {
      s = await p.vertex(j);
      played.set(j, s);
    }
    return s;
  };
  /** D at share t, given its segment's vertices played. */
  const difference = async (t: number) => {
    const j = Math.floor(t);
    const phi = t - j;
    // At a vertex only that army is needed.
    if (phi === 0) return combineScores([[1, await at(j)], [-1, p.base]]);
    return combineScores([[1 - phi, await at(j)], [phi, await at(j + 1)], [-1, p.base]]);
  };
  const rejects = async (t: number) => {
    const d = await difference(t);
    return d.mean * d.mean > z * z * d.variance;
  };

  let share: number;
  let bound: ExchangeBound = 'none';
  const d0 = (await difference(0)).mean;
  if (d0 <= 0 || p.n === 0) {
    share = 0;
    if (d0 <= 0) bound = 'no-gain';
  } else if ((await difference(p.n)).mean >= 0) {
    share = p.n;
    bound = 'beyond';
  } else {
    let lo = 0;
    let hi = p.n;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if ((await difference(mid)).mean >= 0) lo = mid;
      else hi = mid;
    }
    const a = (await difference(lo)).mean;
    const b = (await difference(hi)).mean;
    share = lo + a / (a - b);
  }

  /** From the root outwards to `end` (0 or n): the last share the test does not reject. */
  const reach = async (end: number): Promise<number> => {
    const step = end < share ? -1 : 1;
    let inside = share;
    // Vertices in the direction of `end`, nearest first.
    let v = step < 0 ? Math.ceil(share) - 1 : Math.floor(share) + 1;
    if (step < 0 && Number.isInteger(share)) v = share - 1;
    while (step < 0 ? v >= end : v <= end) {
      if (await rejects(v)) {
        let ok = inside;
        let bad = v;
        for (let k = 0; k < BOUND_STEPS; k++) {
          const mid = (ok + bad) / 2;
          if (await rejects(mid)) bad = mid;
          else ok = mid;
        }
        return ok;
      }
      inside = v;
      v += step;
    }
    return end;
  };
  const low = share <= 0 ? 0 : await reach(0);
  const high = share >= p.n ? p.n : await reach(p.n);
  const vertexScores = Array.from({ length: p.n + 1 }, (_, j) => {
    const s = played.get(j);
    return s === undefined ? null : combineScores([[1, s]]).mean;
  });
  return { share, low, high, bound, vertexScores, baseScore: combineScores([[1, p.base]]).mean };
}

/**
 * The worth given up at share t: the worths of the first ⌊t⌋ formations of the drop order and
 * the share φ of the next.
 */
export function worthGivenUp(t: number, worthsInDropOrder: ArrayLike<number>): number {
  const whole = Math.floor(t);
  let w = 0;
  for (let i = 0; i < whole && i < worthsInDropOrder.length; i++) w += worthsInDropOrder[i]!;
  if (whole < worthsInDropOrder.length) w += (t - whole) * worthsInDropOrder[whole]!;
  return w;
}
