import { isMet, opponentWeights, type PairResult, type SideFormation } from './listExchange.js';
import { pairKey, type PairExchange } from './pairMeeting.js';

/**
 * The distribution of losses per trial in a side's own meetings (docs/rosters.md, "Matchups"): a
 * meeting drawn as the side's figures weigh them, formation i of the side with its share of the
 * side's points P_i/P, its opponent j with t_ij (opponentWeights), the play k of the pair with its
 * weight ω_k, and a trial of that play; what the acting formation loses in it (`lost`) and what
 * its opponent loses (`destroyed`), in points (units destroyed plus the battle's credits, as the
 * means count them). With c_k(b) the trials of play k whose loss falls in bin b and n_k its trials,
 *
 *   P(loss in bin b) = Σ_i (P_i/P) Σ_j t_ij Σ_k ω_k · c_k(b) / n_k,
 *
 * bin b holding losses in [b·w, (b+1)·w), w = LOSS_BIN points. A formation against itself gives
 * both sides the mean of its two sides' counts, as its means do.
 */

export interface LossHistogram {
  /** Probability of a loss in each bin of LOSS_BIN points, from 0 up to the highest bin reached. */
  lost: number[];
  destroyed: number[];
}

/** Adds weight × (counts / trials) to `into`, bin by bin. */
function addCounts(into: number[], counts: number[], trials: number, weight: number): void {
  if (trials === 0 || weight === 0) return;
  while (into.length < counts.length) into.push(0);
  counts.forEach((c, b) => (into[b]! += (weight * c) / trials));
}

/** One play's counts as seen from `actor`: its own loss and its opponent's. */
function playLosses(pair: PairExchange, actor: string, play: PairExchange['plays'][number]): { own: number[]; other: number[] } {
  if (pair.a === pair.b) {
    const mixed: number[] = [];
    addCounts(mixed, play.lossesA, 1, 0.5);
    addCounts(mixed, play.lossesB, 1, 0.5);
    return { own: mixed, other: mixed };
  }
  return pair.a === actor ? { own: play.lossesA, other: play.lossesB } : { own: play.lossesB, other: play.lossesA };
}

/** The side's own meetings' loss distribution, each way. */
export function lossHistogram(side: SideFormation[], others: SideFormation[], pairs: Map<string, PairResult>): LossHistogram {
  const total = side.reduce((t, f) => t + f.points, 0);
  const lost: number[] = [];
  const destroyed: number[] = [];
  for (const f of side) {
    const t = opponentWeights(f, others, pairs);
    others.forEach((o, j) => {
      const pair = pairs.get(pairKey(f.text, o.text));
      if (!isMet(pair) || t[j] === 0) return;
      const w = (f.points / total) * t[j]!;
      for (const play of pair.plays) {
        const { own, other } = playLosses(pair, f.text, play);
        addCounts(lost, own, play.trials, w * play.weight);
        addCounts(destroyed, other, play.trials, w * play.weight);
      }
    });
  }
  return { lost, destroyed };
}
