import { mixWeights, type Battle } from '../../../../model/battle.js';
import { flyingKind, type FlyingKind } from '../../../../model/flyingKind.js';
import type { FormationSpec } from '../../../../model/formation.js';
import { InputError } from '../../../../model/inputError.js';
import { covarianceOfMeans } from '../../../../stats/covarianceOfMeans.js';
import { varianceOfMean } from '../../../../stats/varianceOfMean.js';
import { playShares } from '../../../../reports/value/fixedPointCost.js';
import { planValue, type ValueRun } from '../../../../reports/value/formationValue.js';
import type { ValueMeetingSums, ValueMeetingTask } from '../../../../run/valueMeeting.js';

/**
 * One pair of a matchup (docs/rosters.md, "Matchups"): one copy of a formation against one copy
 * of another, in every scene of the battle the pair plays, each play run as the fair cost runs
 * its one-against-one group (planValue: same engagements, same names, so the same dice). What a
 * pair gives is each side's share of itself lost, a weighted mean over the plays, with the
 * variances and covariance of those means.
 *
 * Which formation is side A: a flier (aircraft or spacecraft), since only it plays the air and
 * orbital scenes; between two ground formations, the one whose text sorts first. The side does
 * not depend on which list holds which formation, so a matchup of two lists and the matchup the
 * other way round run the same meetings.
 */

/** A pair as run: its two sides, or why the battle has no scene for it. */
export type PairPlan =
  | { met: true; key: string; a: FormationSpec; b: FormationSpec; tasks: ValueMeetingTask[]; plays: Array<{ scene: string; first: 'A' | 'B' }>; weights: (sums: ValueMeetingSums[]) => number[]; spent: number }
  | { met: false; key: string; why: string };

/** The pair's outcome: each side's mean share of itself lost per meeting, with the variances and covariance of those means. */
export interface PairExchange {
  key: string;
  /** Side A's and side B's formation texts. */
  a: string;
  b: string;
  /** Mean share of side A lost (u) and of side B lost (v), 0 to 1. */
  lostA: number;
  lostB: number;
  varA: number;
  varB: number;
  covAB: number;
  /**
   * The plays of the pair: scene, who had the initiative, weight (the weights add up to 1), trials,
   * and how many trials each side lost points in each bin of LOSS_BIN points (index k: [k·bin, (k+1)·bin)).
   */
  plays: Array<{ scene: string; first: 'A' | 'B'; weight: number; trials: number; lossesA: number[]; lossesB: number[] }>;
}

/** The width, in points, of the bins a matchup counts each side's loss per trial in (its loss distribution). */
export const LOSS_BIN = 25;

/** The formation's kind, refusing one that mixes fliers and ground units (the matchup cannot say which scenes it plays). */
export function pairKind(f: FormationSpec): FlyingKind {
  const kind = flyingKind(f);
  if (kind === null) throw new InputError([{ file: `formation "${f.text}"`, path: '', message: 'mixes aircraft or spacecraft with ground units; a formation flies or stands, not both' }]);
  return kind;
}

/** The key of an unordered pair: the same for (x, y) and (y, x). */
export function pairKey(x: string, y: string): string {
  return x <= y ? `${x}\u0000${y}` : `${y}\u0000${x}`;
}

/** Which of two formations is side A, or why no scene of a battle plays them against each other. */
export function pairSides(x: FormationSpec, y: FormationSpec): { a: FormationSpec; b: FormationSpec } | { why: string } {
  const kx = pairKind(x);
  const ky = pairKind(y);
  if (kx !== 'ground' && ky !== 'ground') return { why: `${kx === ky ? `two ${kx === 'aircraft' ? 'aircraft formations' : 'spacecraft'}` : 'an aircraft formation and a spacecraft'}: no scene of the battle plays fliers against each other (interception is not simulated)` };
  if (kx !== 'ground') return { a: x, b: y };
  if (ky !== 'ground') return { a: y, b: x };
  return x.text <= y.text ? { a: x, b: y } : { a: y, b: x };
}

/** The meetings of a pair under a battle (nothing is run here). */
export function planPair(x: FormationSpec, y: FormationSpec, battle: Battle, run: ValueRun): PairPlan {
  const key = pairKey(x.text, y.text);
  const sides = pairSides(x, y);
  if ('why' in sides) return { met: false, key, why: sides.why };
  const plan = planValue(sides.a, [sides.b], battle, { ...run, includeOwnList: true });
  const group = { m: 1, n: 1 };
  const tasks = plan.tasksFor(0, group).map((t) => ({ ...t, lossBin: LOSS_BIN }));
  const w = mixWeights(battle, null);
  const weights = (sums: ValueMeetingSums[]) => {
    const shares = playShares(plan.slots, { ...group, sums }, sides.b.points!, plan.firstChances[0]!);
    const raw = plan.slots.map((s, j) => (w[s.scene] ?? 0) * shares[j]!);
    const total = raw.reduce((t, x) => t + x, 0);
    return raw.map((x) => (total > 0 ? x / total : 0));
  };
  const plays = plan.slots.map((s) => ({ scene: battle.scenes[s.scene]!.id, first: s.initiative === 0 ? ('A' as const) : ('B' as const) }));
  return { met: true, key, a: sides.a, b: sides.b, tasks, plays, weights, spent: tasks[0]?.spent ?? 0 };
}

/**
 * The pair's exchange from its meetings' sums. With play k's weight ω_k (the scene's weight times
 * the play's share of it, RB 1.5, normalised over the pair's plays), side A's share lost is
 * u = Σ ω_k·ℓ̄_k (ℓ̄: copies of A lost, less a spacecraft's spent cost, which no enemy destroys) and
 * side B's v = Σ ω_k·d̄_k / P_B (d̄: B's points lost, P_B its units' points as run); the plays are
 * independent runs, so Var u = Σ ω_k²·Var ℓ̄_k and likewise for v and Cov(u, v).
 */
export function pairExchange(plan: Extract<PairPlan, { met: true }>, sums: ValueMeetingSums[]): PairExchange {
  const w = plan.weights(sums);
  const pointsB = plan.tasks[0]!.sideB[0]!.points;
  let lostA = 0, lostB = 0, varA = 0, varB = 0, covAB = 0;
  sums.forEach((s, k) => {
    const wk = w[k]!;
    if (wk === 0 || s.n === 0) return;
    lostA += wk * (s.l / s.n - plan.spent);
    lostB += (wk * s.d) / s.n / pointsB;
    varA += wk * wk * varianceOfMean(s.l, s.ll, s.n);
    varB += (wk * wk * varianceOfMean(s.d, s.dd, s.n)) / (pointsB * pointsB);
    covAB += (wk * wk * covarianceOfMeans(s.l, s.d, s.dl, s.n)) / pointsB;
  });
  const plays = plan.plays.map((p, k) => ({ ...p, weight: w[k]!, trials: sums[k]!.n, lossesA: sums[k]!.lossesA ?? [], lossesB: sums[k]!.lossesB ?? [] }));
  if (plan.a.text === plan.b.text) {
    // A formation against itself: both sides are draws of its loss in the same meetings, each side
    // holding the initiative as often; their mean is each side's loss, so the pair mirrors exactly.
    const mean = (lostA + lostB) / 2;
    const v = (varA + varB + 2 * covAB) / 4;
    return { key: plan.key, a: plan.a.text, b: plan.b.text, lostA: mean, lostB: mean, varA: v, varB: v, covAB: v, plays };
  }
  return { key: plan.key, a: plan.a.text, b: plan.b.text, lostA, lostB, varA, varB, covAB, plays };
}
