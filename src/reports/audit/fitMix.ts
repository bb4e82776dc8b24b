import { scenePlayedBy, type Battle } from '../../model/battle.js';
import type { ValueModel } from '../value/fixedPointCost.js';
import { MixRootSolver } from '../value/mixRootSolver.js';
import type { ParityMetric } from '../value/parityCost.js';

/**
 * Fits the battle's scene weights to a data set's own costs, on a named half
 * of its lists, so that the other half can judge the fit: a mix fitted on the
 * lists it is then judged by proves nothing.
 *
 * The loss is the mean of log²(fair cost ÷ cost) over the fitting half's
 * formations (a fair cost of 0 or ∞ is left out): 0 when every fair cost is
 * its cost, symmetric in over- and under-costing. The search is a
 * deterministic coordinate search over the weights (each scaled by a set of
 * factors, or set to 0, the best change kept, until none helps), starting
 * from the battle's own weights; every weight is renormalised to sum to 1
 * and kept at MIN_WEIGHT or more, so the fitted battle still holds every
 * kind of engagement the reference battle has. Only the ground formations'
 * scenes are fitted (and their rows should be the only ones given): the
 * air-attack and orbital scenes keep their reasoned weights.
 */

export interface FitRow {
  army: string;
  cost: number;
  /** The groups its value simulated: any mix's fair cost follows from them (fixedPointValue.ts mixFairCost). */
  model: ValueModel;
}

const FACTORS = [0, 0.5, 0.8, 1.25, 2];
const MAX_ROUNDS = 60;
export const MIN_WEIGHT = 0.02;

/** The rows' fair costs under the scene weights w, in the rows' order (mixFairCost's numbers, fixedPointValue.ts). */
export type FairCostsUnder = (w: number[]) => ArrayLike<number>;

/** Each row's fair cost under a mix, by a MixRootSolver per row: the same doubles as mixFairCost, at a fraction of its work. */
export function solvedFairCosts(rows: readonly FitRow[], metric: ParityMetric): FairCostsUnder {
  const solvers = rows.map((r) => new MixRootSolver(r.model, metric));
  return (w) => solvers.map((s) => s.root(w));
}

export function mixLoss(rows: readonly FitRow[], w: number[], metric: ParityMetric, costsUnder: FairCostsUnder = solvedFairCosts(rows, metric)): number {
  return lossOf(rows, costsUnder(w));
}

function lossOf(rows: readonly FitRow[], fairCosts: ArrayLike<number>): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < rows.length; i++) {
    const c = fairCosts[i]!;
    if (!(c > 0) || !Number.isFinite(c)) continue;
    sum += Math.log(c / rows[i]!.cost) ** 2;
    n++;
  }
  return n === 0 ? Infinity : sum / n;
}

/** Weights summing to 1, none below MIN_WEIGHT (the floor taken from the others in proportion). */
function normalise(w: number[]): number[] {
  const t = w.reduce((a, b) => a + b, 0);
  let out = w.map((x) => x / t);
  for (let pass = 0; pass < w.length; pass++) {
    const low = out.map((x) => x < MIN_WEIGHT);
    if (!low.some(Boolean)) break;
    const free = out.reduce((a, x, i) => a + (low[i] ? 0 : x), 0);
    const left = 1 - MIN_WEIGHT * low.filter(Boolean).length;
    out = out.map((x, i) => (low[i] ? MIN_WEIGHT : (x * left) / free));
  }
  return out;
}

export interface FittedMix {
  weights: number[];
  loss: number;
  startLoss: number;
  rounds: number;
}

/**
 * `costsUnder` gives the rows' fair costs under a mix; a caller fitting the
 * same rows many times (the held-out validation's folds) passes one that
 * keeps them (fairCostsByMix.ts), which changes no number.
 */
export function fitMix(rows: readonly FitRow[], battle: Battle, metric: ParityMetric, costsUnder: FairCostsUnder = solvedFairCosts(rows, metric)): FittedMix {
  // Ground formations' scenes only: aircraft and spacecraft play scenes of their own, whose weights stay as reasoned.
  const ground = battle.scenes.map((s) => scenePlayedBy(s.kind) === 'ground');
  const full = (g: number[]) => {
    let k = 0;
    return battle.scenes.map((s, i) => (ground[i] ? g[k++]! : s.weight));
  };
  const loss0 = (g: number[]) => lossOf(rows, costsUnder(full(g)));
  const fitted = fitGround(normalise(battle.scenes.filter((_, i) => ground[i]).map((s) => s.weight)), loss0);
  return { ...fitted, weights: full(fitted.weights) };
}

function fitGround(start: number[], lossOf: (w: number[]) => number): FittedMix {
  let w = start;
  const startLoss = lossOf(w);
  let loss = startLoss;
  let rounds = 0;
  for (; rounds < MAX_ROUNDS; rounds++) {
    let best: { w: number[]; loss: number } | null = null;
    for (let i = 0; i < w.length; i++) {
      for (const f of [...FACTORS, 'add' as const]) {
        const t = [...w];
        t[i] = f === 'add' ? t[i]! + 0.05 : t[i]! * f;
        if (t.reduce((a, b) => a + b, 0) <= 0) continue;
        const n = normalise(t);
        const l = lossOf(n);
        if (l < (best?.loss ?? loss) - 1e-12) best = { w: n, loss: l };
      }
    }
    if (best === null) break;
    w = best.w;
    loss = best.loss;
  }
  return { weights: w, loss, startLoss, rounds };
}

/** The lists of a half: alternate lists in id order, A the first. */
export function halfLists(armies: string[], half: 'A' | 'B'): Set<string> {
  const ids = [...new Set(armies)].sort();
  return new Set(ids.filter((_, i) => i % 2 === (half === 'A' ? 0 : 1)));
}
