import { covarianceOfMeans } from '../../stats/covarianceOfMeans.js';
import { varianceOfMean } from '../../stats/varianceOfMean.js';
import { bracketRoot } from './bracketRoot.js';
import type { GroupComposition } from './groupCompositions.js';
import { mixtureWeights } from './mixtureWeights.js';
import { constantMixRoot, parityCoefficients, parityGap, type ParityMetric } from './parityCost.js';
import type { ValueMeetingSums } from '../../run/valueMeeting.js';

/**
 * The fair cost as a fixed point (docs/fair-cost.md): the price p at which
 * the formation reaches parity (parityCost.ts) with a field sized to p. Each
 * opponent's side is sized by mixing the two achievable groups whose opponent
 * points per copy bracket p (mixtureWeights.ts). A group's meetings give, per
 * copy of the formation, d = the opponents' loss in their own points and
 * ℓ = the share of the formation lost: neither reads any price of the
 * formation, so each group is simulated once and serves every p.
 *
 * Under scene weights W (scene s's weight shared equally over the K opponents
 * and between its plays by the chance of each initiative, share a), at p:
 *
 *   X(p) = Σ_o Σ_s (W_s·a/K) Σ_k λ_ok(p)·d̄_oks      ℓ(p) likewise with ℓ̄
 *   P̄(p) = Σ_o Σ_s (W_s·a/K) Σ_k λ_ok(p)·(n_k·P_o + air defence)/m_k ÷ Σ (W_s·a/K)
 *
 * and the fair cost is the root of G(p) (parityCost.ts): with the field sized
 * to p, p·ℓ(p) = X(p). The model holds only the groups simulated so far:
 * between two of them an opponent mixes those two, beyond them it takes the
 * nearest; `missingGroups` names the achievable groups a price needs, so a
 * caller simulates those and solves again until none is missing
 * (fixedPointValue.ts), at which point the model is the exact mixture around
 * the root.
 *
 * The 95% interval is by test inversion, Fieller's construction for a root:
 * the prices p where |G(p)| ≤ 1.96·sd(G(p)). At a fixed p, G is linear in the
 * means d̄ and ℓ̄ of the meetings, which are independent runs, so
 * Var G(p) = Σ c_ℓ²·Var ℓ̄ + c_d²·Var d̄ + 2·c_ℓ·c_d·Cov(ℓ̄, d̄) over every
 * meeting in the mixture, with c_ℓ = (W_s·a/K)·λ·∂G/∂ℓ and c_d likewise.
 */

/** One play of a scene against every opponent: which scene, who holds the initiative. */
export interface ValueSlot {
  scene: number;
  initiative: 0 | 1;
  /** Points of the battle's air defence standing beside the opponent side in this play. */
  defencePoints: number;
  /** The scene's one play (the initiative changes nothing there). */
  alone: boolean;
}

/** A group simulated: its meetings' sums, one per slot (d: opponents' points lost; l: copies of the formation lost). */
export interface SimulatedGroup extends GroupComposition {
  sums: ValueMeetingSums[];
}

export interface OpponentModel {
  opponent: string;
  points: number;
  /** The formation's chance of winning the strategy roll against it (½ when the initiative alternates). */
  firstChance: number;
  /** Ascending in n/m. */
  groups: SimulatedGroup[];
}

export interface ValueModel {
  slots: ValueSlot[];
  opponents: OpponentModel[];
}

/** Which opponents a price is taken against: all of them, or one alone. */
type Only = number | null;

interface Term {
  opponent: number;
  group: SimulatedGroup;
  /** λ·W_s·a/K per slot. */
  weights: number[];
}

/**
 * Each play's share of its scene: ½ each when the initiative alternates;
 * otherwise the formation, with chance q (its chance of winning the strategy
 * roll, RB 1.5, or of choosing the fight as the faster side:
 * initiativeChances.ts), takes the play with the higher net for it (what it
 * destroys per opponent point less the share of itself it loses), the
 * opponent the other.
 */
export function playShares(slots: ValueSlot[], g: SimulatedGroup, opponentPoints: number, firstChance: number): number[] {
  if (firstChance === 0.5) return slots.map((slot) => (slot.alone ? 1 : 0.5));
  const net = slots.map((_, j) => {
    const s = g.sums[j]!;
    return s.d / s.n / (g.n * opponentPoints) - s.l / s.n / g.m;
  });
  return slots.map((slot, j) => {
    if (slot.alone) return 1;
    const other = slots.findIndex((o, k) => k !== j && o.scene === slot.scene);
    const better = net[j]! > net[other]! || (net[j]! === net[other]! && slot.initiative === 0);
    return better ? firstChance : 1 - firstChance;
  });
}

/** Each group's play shares, computed once per set of sums (a group's sums are replaced, never changed, when it runs more trials). */
const sharesOf = new WeakMap<ValueMeetingSums[], number[]>();
function cachedShares(slots: ValueSlot[], g: SimulatedGroup, opponentPoints: number, firstChance: number): number[] {
  let shares = sharesOf.get(g.sums);
  if (shares === undefined) {
    shares = playShares(slots, g, opponentPoints, firstChance);
    sharesOf.set(g.sums, shares);
  }
  return shares;
}

const ratiosOf = (o: OpponentModel, groups: GroupComposition[]) => groups.map((g) => (g.n * o.points) / g.m);

function included(model: ValueModel, only: Only): number[] {
  return only === null ? model.opponents.map((_, i) => i).filter((i) => model.opponents[i]!.groups.length > 0) : model.opponents[only]!.groups.length > 0 ? [only] : [];
}

/**
 * What every price's terms read that no price changes: the included
 * opponents, each group's points per copy and play shares, each slot's scene
 * weight. A root search evaluates G at some fifty prices (an audit's fit,
 * hundreds of thousands), so they are taken once per search, not once per
 * price; the terms at p are then the same numbers, summed in the same order.
 */
interface Prepared {
  k: number;
  /** w[scene] of each slot. */
  slotWeights: number[];
  opponents: Array<{ index: number; model: OpponentModel; ratios: number[]; shares: number[][] }>;
}

function prepare(model: ValueModel, w: number[], only: Only): Prepared {
  const who = included(model, only);
  return {
    k: who.length,
    slotWeights: model.slots.map((s) => w[s.scene] ?? 0),
    opponents: who.map((index) => {
      const o = model.opponents[index]!;
      return { index, model: o, ratios: ratiosOf(o, o.groups), shares: o.groups.map((g) => cachedShares(model.slots, g, o.points, o.firstChance)) };
    }),
  };
}

function termsAt(prep: Prepared, p: number): Term[] {
  const out: Term[] = [];
  for (const o of prep.opponents) {
    for (const { index, weight } of mixtureWeights(p, o.ratios)) {
      const shares = o.shares[index]!;
      out.push({ opponent: o.index, group: o.model.groups[index]!, weights: prep.slotWeights.map((ws, j) => (weight * ws * shares[j]!) / prep.k) });
    }
  }
  return out;
}

export interface MixAt {
  /** What it destroys, in opponent points per copy. */
  x: number;
  /** The share of itself it loses, per copy. */
  l: number;
  /** Opponent points faced per copy. */
  pBar: number;
}

function sumsAt(model: ValueModel, terms: Term[]): MixAt {
  let x = 0, l = 0, pp = 0, wt = 0;
  const slots = model.slots;
  for (const t of terms) {
    const points = model.opponents[t.opponent]!.points;
    const { m, n, sums } = t.group;
    for (let j = 0; j < slots.length; j++) {
      const a = t.weights[j]!;
      if (a === 0) continue;
      const s = sums[j]!;
      x += (a * s.d) / s.n / m;
      l += (a * s.l) / s.n / m;
      pp += (a * (n * points + slots[j]!.defencePoints)) / m;
      wt += a;
    }
  }
  return { x, l, pBar: wt > 0 ? pp / wt : 0 };
}

/** sumsAt(model, termsAt(prep, p)) without building the terms: the same products, summed in the same order. */
function mixOf(model: ValueModel, prep: Prepared, p: number): MixAt {
  let x = 0, l = 0, pp = 0, wt = 0;
  const slots = model.slots;
  for (const o of prep.opponents) {
    for (const { index, weight } of mixtureWeights(p, o.ratios)) {
      const shares = o.shares[index]!;
      const group = o.model.groups[index]!;
      for (let j = 0; j < slots.length; j++) {
        const a = (weight * prep.slotWeights[j]! * shares[j]!) / prep.k;
        if (a === 0) continue;
        const s = group.sums[j]!;
        x += (a * s.d) / s.n / group.m;
        l += (a * s.l) / s.n / group.m;
        pp += (a * (group.n * o.model.points + slots[j]!.defencePoints)) / group.m;
        wt += a;
      }
    }
  }
  return { x, l, pBar: wt > 0 ? pp / wt : 0 };
}

/** X, ℓ and P̄ at price p under scene weights w. */
export function mixAt(model: ValueModel, w: number[], p: number, only: Only = null): MixAt {
  return mixOf(model, prepare(model, w, only), p);
}

/** G(p) (parityCost.ts) under the model. */
export function gapAt(model: ValueModel, w: number[], p: number, metric: ParityMetric, only: Only = null): number {
  return gapOf(model, prepare(model, w, only), p, metric);
}

function gapOf(model: ValueModel, prep: Prepared, p: number, metric: ParityMetric): number {
  const m = mixOf(model, prep, p);
  return parityGap(p, m.x, m.l, m.pBar, metric);
}

/** One meeting's part in G(p): its group, its slot, and the coefficients of its means ℓ̄ and d̄ in G. */
export interface MeetingTerm {
  opponent: number;
  group: SimulatedGroup;
  slot: number;
  ofLost: number;
  ofDestroyed: number;
}

/** Every meeting in the mixture at p, with its coefficients c_ℓ = (W_s·a/K)·λ·∂G/∂ℓ/m and c_d likewise (P̄ held at its value). */
export function meetingTerms(model: ValueModel, w: number[], p: number, metric: ParityMetric, only: Only = null): MeetingTerm[] {
  return meetingTermsOf(model, prepare(model, w, only), p, metric);
}

function meetingTermsOf(model: ValueModel, prep: Prepared, p: number, metric: ParityMetric): MeetingTerm[] {
  const terms = termsAt(prep, p);
  const { ofLost, ofDestroyed } = parityCoefficients(p, sumsAt(model, terms).pBar, metric);
  const out: MeetingTerm[] = [];
  for (const t of terms) {
    for (let j = 0; j < model.slots.length; j++) {
      const a = t.weights[j]! / t.group.m;
      if (a !== 0) out.push({ opponent: t.opponent, group: t.group, slot: j, ofLost: a * ofLost, ofDestroyed: a * ofDestroyed });
    }
  }
  return out;
}

/** Var of one meeting's part c_ℓ·ℓ̄ + c_d·d̄, from its sums. */
export function termVariance(t: MeetingTerm): number {
  const s = t.group.sums[t.slot]!;
  const cl = t.ofLost;
  const cd = t.ofDestroyed;
  return cl * cl * varianceOfMean(s.l, s.ll, s.n) + cd * cd * varianceOfMean(s.d, s.dd, s.n) + 2 * cl * cd * covarianceOfMeans(s.l, s.d, s.dl, s.n);
}

/** Var G(p) with P̄ held at its value: the meetings are independent runs, so their parts' variances add. */
export function gapVariance(model: ValueModel, w: number[], p: number, metric: ParityMetric, only: Only = null): number {
  return varianceOf(model, prepare(model, w, only), p, metric);
}

function varianceOf(model: ValueModel, prep: Prepared, p: number, metric: ParityMetric): number {
  let v = 0;
  for (const t of meetingTermsOf(model, prep, p, metric)) v += termVariance(t);
  return v;
}

/** Every price at which some included opponent's simulated groups change their mixture, ascending. */
function breakpoints(model: ValueModel, only: Only): number[] {
  const all = included(model, only).flatMap((oi) => ratiosOf(model.opponents[oi]!, model.opponents[oi]!.groups));
  return [...new Set(all)].sort((a, b) => a - b);
}

/**
 * The model's root: G is continuous and, beyond the smallest and largest
 * breakpoints, constant in its terms (constantMixRoot there). The lowest
 * bracket [b_i, b_i+1] with G(b_i) < 0 ≤ G(b_i+1) is searched by bisection
 * (bracketRoot.ts): no starting value. NaN without opponents.
 */
export function modelRoot(model: ValueModel, w: number[], metric: ParityMetric, only: Only = null): number {
  const b = breakpoints(model, only);
  if (b.length === 0) return NaN;
  const prep = prepare(model, w, only);
  const g = (p: number) => gapOf(model, prep, p, metric);
  const gs = b.map(g);
  if (gs[0]! >= 0) {
    const m = mixOf(model, prep, b[0]!);
    return Math.min(b[0]!, constantMixRoot(m.x, m.l, m.pBar, metric));
  }
  for (let i = 0; i + 1 < b.length; i++) if (gs[i]! < 0 && gs[i + 1]! >= 0) return bracketRoot(g, b[i]!, b[i + 1]!);
  const last = b[b.length - 1]!;
  const m = mixOf(model, prep, last);
  return Math.max(last, constantMixRoot(m.x, m.l, m.pBar, metric));
}

/** The achievable groups the mixture at p takes that the model has not simulated, per included opponent. */
export function missingGroups(model: ValueModel, achievable: GroupComposition[], p: number, only: Only = null): Array<{ opponent: number; group: GroupComposition }> {
  const who = only === null ? model.opponents.map((_, i) => i) : [only];
  return who.flatMap((oi) => {
    const o = model.opponents[oi]!;
    const q = Number.isNaN(p) ? o.points : p;
    return mixtureWeights(q, ratiosOf(o, achievable))
      .map(({ index }) => achievable[index]!)
      .filter((c) => !o.groups.some((g) => g.m === c.m && g.n === c.n))
      .map((group) => ({ opponent: oi, group }));
  });
}

/** How far the interval search looks from the estimate (×/÷), beyond which a bound is 0 or unbounded. */
const REACH = 1000;
const STEP = 1.1;

/**
 * The 95% interval by test inversion: the prices around the root p̂ where
 * G(p)² ≤ z²·Var G(p), each bound the first price, stepping out from p̂ by
 * 10%, where the test rejects, refined by bisection.
 */
export function rootInterval(model: ValueModel, w: number[], metric: ParityMetric, root: number, z: number, only: Only = null): [number, number] {
  if (!Number.isFinite(root)) return [root, root];
  const prep = prepare(model, w, only);
  const t = (p: number) => {
    const g = gapOf(model, prep, p, metric);
    return g * g - z * z * varianceOf(model, prep, p, metric);
  };
  if (t(root) > 0) return [root, root];
  // A root of 0 (it destroys nothing) is scaled by the smallest group's points.
  const scale = root > 0 ? root : (breakpoints(model, only)[0] ?? 1);
  const bound = (dir: 1 | -1): number => {
    if (root === 0 && dir === -1) return 0;
    let inner = root;
    let outer = root > 0 ? root * STEP ** dir : scale / 100;
    while (t(outer) <= 0) {
      inner = outer;
      outer *= STEP ** dir;
      if (dir === 1 && outer > scale * REACH) return Infinity;
      if (dir === -1 && outer < scale / REACH) return 0;
    }
    return bracketRoot(t, Math.min(inner, outer), Math.max(inner, outer));
  };
  return [bound(-1), bound(1)];
}

/** Shares of X and of ℓ at p by opponent. */
export function opponentSharesAt(model: ValueModel, w: number[], p: number): Array<{ destroyed: number; lost: number }> {
  const terms = termsAt(prepare(model, w, null), Number.isFinite(p) ? p : Number.MAX_VALUE);
  const out = model.opponents.map(() => ({ destroyed: 0, lost: 0 }));
  let x = 0, l = 0;
  for (const t of terms) {
    const m = sumsAt(model, [t]);
    out[t.opponent]!.destroyed += m.x;
    out[t.opponent]!.lost += m.l;
    x += m.x;
    l += m.l;
  }
  return out.map((o) => ({ destroyed: x > 0 ? o.destroyed / x : 0, lost: l > 0 ? o.lost / l : 0 }));
}
