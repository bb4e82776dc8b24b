import { linearEstimate, type Estimate, type LossTerm } from './linearEstimate.js';
import { pairKey, type PairExchange } from './pairMeeting.js';

/**
 * A matchup aggregated from its pairs (docs/rosters.md, "Matchups"). For formations i of one side
 * (P_i points, list total P) and j of the other (P_j), u_ij is the share of i lost and v_ij the
 * share of j lost in their pair, so i destroys D_ij = v_ij·P_j and loses L_ij = u_ij·P_i.
 *
 * Each formation i acts in one meeting, against the other side's formation j with weight
 * t_ij = t_j / Σ_{j' it meets} t_j' (t_j: j's share of its list's points; a pair no scene plays
 * is left out and the weights renormalised over the rest). Then
 *
 *   destroyed per 100 points of i   x_i = 100·Σ_j t_ij·D_ij / P_i
 *   lost per 100 points of i        ℓ_i = 100·Σ_j t_ij·L_ij / P_i     (in its own meetings)
 *   the list's destroyed per 100    X   = Σ_i (P_i/P)·x_i = 100·Σ_i Σ_j t_ij·D_ij / P
 *
 * and the other side acting gives what each of the side's formations loses, per 100 points of the
 * side's whole list: λ_i = 100·Σ_j s_ji·L_ij / P (s_ji the weight j gives i), which add up to the
 * side's points lost per 100, Λ = Σ_i λ_i = X_other·P_other / P.
 */

/** A formation as a matchup weighs it: its text, name, points, and its base weight as an opponent (t_j). */
export interface SideFormation {
  text: string;
  name: string;
  points: number;
  weight: number;
}

export type PairResult = PairExchange | { key: string; why: string };

export const isMet = (p: PairResult | undefined): p is PairExchange => p !== undefined && !('why' in p);

export interface ActingFormation {
  /** Index in its side. */
  index: number;
  destroyedPer100: Estimate;
  lostPer100: Estimate;
  netPer100: Estimate;
  /** Its weight against each formation of the other side (0 where no scene plays the pair). */
  opponentWeights: number[];
}

/** t_ij: the weight of each formation of `others` in `actor`'s meeting (its base weight, renormalised over the pairs met; 0 where not met). */
export function opponentWeights(actor: SideFormation, others: SideFormation[], pairs: Map<string, PairResult>): number[] {
  const met = others.map((o) => (isMet(pairs.get(pairKey(actor.text, o.text))) ? o.weight : 0));
  const total = met.reduce((t, x) => t + x, 0);
  return met.map((x) => (total > 0 ? x / total : 0));
}

/** x_i, ℓ_i and x_i − ℓ_i of every formation of `side` acting against `others`. */
export function actingFormations(side: SideFormation[], others: SideFormation[], pairs: Map<string, PairResult>): ActingFormation[] {
  return side.map((f, index) => {
    const t = opponentWeights(f, others, pairs);
    const destroyed: LossTerm[] = [];
    const lost: LossTerm[] = [];
    others.forEach((o, j) => {
      const pair = pairs.get(pairKey(f.text, o.text));
      if (!isMet(pair) || t[j] === 0) return;
      destroyed.push({ pair, who: o.text, c: (100 * t[j]! * o.points) / f.points });
      lost.push({ pair, who: f.text, c: 100 * t[j]! });
    });
    return {
      index,
      destroyedPer100: linearEstimate(destroyed),
      lostPer100: linearEstimate(lost),
      netPer100: linearEstimate([...destroyed, ...lost.map((x) => ({ ...x, c: -x.c }))]),
      opponentWeights: t,
    };
  });
}

const sidePoints = (side: SideFormation[]) => side.reduce((t, f) => t + f.points, 0);

/**
 * The side's own meetings, each of its formations acting once: X, its points destroyed per 100 of
 * its points, Σ_i (P_i/P)·x_i; what it loses in them, Σ_i (P_i/P)·ℓ_i; and the difference.
 */
export function ownMeetings(side: SideFormation[], others: SideFormation[], pairs: Map<string, PairResult>): { destroyedPer100: Estimate; lostPer100: Estimate; netPer100: Estimate } {
  const total = sidePoints(side);
  const destroyed: LossTerm[] = [];
  const lost: LossTerm[] = [];
  side.forEach((f) => {
    const t = opponentWeights(f, others, pairs);
    others.forEach((o, j) => {
      const pair = pairs.get(pairKey(f.text, o.text));
      if (!isMet(pair) || t[j] === 0) return;
      destroyed.push({ pair, who: o.text, c: (100 * t[j]! * o.points) / total });
      lost.push({ pair, who: f.text, c: (100 * t[j]! * f.points) / total });
    });
  });
  return { destroyedPer100: linearEstimate(destroyed), lostPer100: linearEstimate(lost), netPer100: linearEstimate([...destroyed, ...lost.map((x) => ({ ...x, c: -x.c }))]) };
}

/** λ_i for each formation of `side` when `others` act: its points lost per 100 points of its list. */
export function lossesPer100(side: SideFormation[], others: SideFormation[], pairs: Map<string, PairResult>): Estimate[] {
  const total = sidePoints(side);
  const terms: LossTerm[][] = side.map(() => []);
  others.forEach((o) => {
    const s = opponentWeights(o, side, pairs);
    side.forEach((f, i) => {
      const pair = pairs.get(pairKey(f.text, o.text));
      if (isMet(pair) && s[i]! > 0) terms[i]!.push({ pair, who: f.text, c: (100 * s[i]! * f.points) / total });
    });
  });
  return terms.map(linearEstimate);
}

/** Λ: the side's points lost per 100 of its points when the other side acts (Σ λ_i, with its own interval). */
export function listLostPer100(side: SideFormation[], others: SideFormation[], pairs: Map<string, PairResult>): Estimate {
  const total = sidePoints(side);
  const terms: LossTerm[] = [];
  others.forEach((o) => {
    const s = opponentWeights(o, side, pairs);
    side.forEach((f, i) => {
      const pair = pairs.get(pairKey(f.text, o.text));
      if (isMet(pair) && s[i]! > 0) terms.push({ pair, who: f.text, c: (100 * s[i]! * f.points) / total });
    });
  });
  return linearEstimate(terms);
}

/** One pair seen from `mine`: what each side destroys per 100 of its own points, the net, and each side's share lost. */
export interface PairView {
  mine: number;
  theirs: number;
  /** 100·D/P_i: points of theirs destroyed per 100 points of mine. */
  destroyedPer100: Estimate;
  /** 100·L/P_j: points of mine destroyed per 100 points of theirs. */
  theirDestroyedPer100: Estimate;
  /** 100·(D − L)/P_i. */
  netPer100: Estimate;
  /** u: the share of my formation lost; v: of theirs. */
  shareLost: Estimate;
  theirShareLost: Estimate;
}

export function pairView(mine: SideFormation, theirs: SideFormation, i: number, j: number, pair: PairExchange): PairView {
  const d: LossTerm = { pair, who: theirs.text, c: (100 * theirs.points) / mine.points };
  const l: LossTerm = { pair, who: mine.text, c: 100 };
  return {
    mine: i,
    theirs: j,
    destroyedPer100: linearEstimate([d]),
    theirDestroyedPer100: linearEstimate([{ pair, who: mine.text, c: (100 * mine.points) / theirs.points }]),
    netPer100: linearEstimate([d, { ...l, c: -l.c }]),
    shareLost: linearEstimate([{ pair, who: mine.text, c: 1 }]),
    theirShareLost: linearEstimate([{ pair, who: theirs.text, c: 1 }]),
  };
}
