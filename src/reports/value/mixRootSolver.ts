import { bracketRoot } from './bracketRoot.js';
import { playShares, type ValueModel } from './fixedPointCost.js';
import { constantMixRoot, parityGap, type ParityMetric } from './parityCost.js';

/**
 * A formation's fair cost under many scene mixes: modelRoot(model, w, metric)
 * (fixedPointCost.ts), the same double, for the fits that try thousands of
 * mixes on the same groups (fitMix.ts; the held-out validation's 34 folds).
 *
 * modelRoot reads only the sign of G(p): at the breakpoints, from the lowest
 * up, then at each bisection midpoint of the bracket it picks. So any G with
 * the same signs gives the same root. Here G is first taken from sums made
 * once per model, whatever the mix: for Q = X, ℓ, P (opponent points faced)
 * and W (weight), at each breakpoint b and scene e,
 *
 *   T_Q(b, e) = Σ_o Σ_g λ_og(b) · Σ_{j∈e} a_j·q̄_j/m / K,   so that   Q̃(b) = Σ_e w_e·T_Q(b, e)
 *
 * (λ modelRoot's mixture weights, a_j the play's share): a few operations per
 * scene instead of several per meeting. Between two breakpoints every
 * opponent's mixture is affine in p, so Q̃(p) = (1 − t)·Q̃(b_i) + t·Q̃(b_i+1),
 * t = (p − b_i)/(b_i+1 − b_i): a few operations per bisection step.
 *
 * Every Q is a sum of non-negative terms: modelRoot's, n ≤ 2·K·S of them (S
 * the plays) of about six roundings each, is within (n + 10)·u·Q̌ of the real
 * value (u = ε/2, Q̌ the same sum with both groups of every opponent's mixture
 * at full weight, which also bounds the rounding of λ), and Q̃ within
 * (2K + S + E + 15)·u·Q̌ (E the scenes). So they differ by at most δ·Q̌,
 * δ = ν·u, ν = 2KS + 2K + S + E + 25, which to first order moves G by at most
 * δ·M, M = p²·ℓ̌ + P̄·X̌ + X·(P̌ + P̄·W̌)/W (exchange parity: p·ℓ̌ + X̌), and
 * forming G from them adds a few roundings more. Where |G̃| > (ν + 10)·ε·M,
 * twice that, its sign is modelRoot's; elsewhere (the last bisection steps,
 * a breakpoint at a root) G is evaluated exactly as modelRoot evaluates it,
 * term by term in its order. The tests compare the two on random models,
 * bit for bit.
 */
export class MixRootSolver {
  private readonly metric: ParityMetric;
  /** Opponents with a simulated group (K of them); each one's groups are groupStart[o] to groupStart[o + 1] − 1. */
  private readonly k: number;
  private readonly groupStart: Int32Array;
  /** Per group: opponent points per copy (n·P/m) and m. */
  private readonly ratio: Float64Array;
  private readonly m: Float64Array;
  /** Per group and play (g·S + j): play share, sums d and l, trials, n·P + air defence. */
  private readonly share: Float64Array;
  private readonly d: Float64Array;
  private readonly l: Float64Array;
  private readonly trials: Float64Array;
  private readonly faced: Float64Array;
  /** The scenes the plays belong to, in first-seen order, and each play's index among them. */
  private readonly scenes: number[];
  private readonly slotScene: Int32Array;
  /** Every price at which an opponent's mixture changes, ascending and distinct. */
  private readonly breaks: Float64Array;
  /** T_Q(b, e) at index (4·b + q)·E + e, for Q = X, ℓ, P, W (q = 0 to 3); the same with every mixed group at full weight (Q̌); and in each bracket strictly between two breakpoints. */
  private readonly atBreakByScene: Float64Array;
  private readonly fullAtBreakByScene: Float64Array;
  private readonly fullInBracketByScene: Float64Array;
  /** (ν + 10)·ε: the relative size of G̃ below which its sign is not trusted. */
  private readonly tolerance: number;

  /** The mix in use: each play's weight and each scene's. */
  private readonly slotWeight: Float64Array;
  private readonly sceneWeight: Float64Array;
  /** The mixture at the price last set: per opponent its lower group and λ, its upper group (−1 when alone) and 1 − λ. */
  private readonly lowGroup: Int32Array;
  private readonly lowWeight: Float64Array;
  private readonly highGroup: Int32Array;
  private readonly highWeight: Float64Array;
  /** For the root being solved: Q̃ at the breakpoints worked out so far (index 4·b + q), G's sign there (±1, or G where the sums cannot tell), how many. */
  private readonly atBreak: Float64Array;
  private readonly signAtBreak: Float64Array;
  private known = 0;
  /** The bracket being bisected, and Q̌ in it. */
  private bracket = 0;
  private readonly fullInBracket = new Float64Array(4);
  private readonly sum = new Float64Array(4);
  private readonly full = new Float64Array(4);
  /** Roots solved, and the evaluations of G made term by term (where the sums could not tell its sign), by where. */
  roots = 0;
  exactAtBreaks = 0;
  exactInBrackets = 0;
  exactBeyond = 0;

  constructor(model: ValueModel, metric: ParityMetric) {
    this.metric = metric;
    const slots = model.slots;
    const S = slots.length;
    const included = model.opponents.filter((o) => o.groups.length > 0);
    const K = (this.k = included.length);
    const groups = included.flatMap((o) => o.groups.map((g) => ({ o, g, shares: playShares(slots, g, o.points, o.firstChance) })));
    const G = groups.length;
    this.groupStart = new Int32Array(K + 1);
    included.forEach((o, i) => (this.groupStart[i + 1] = this.groupStart[i]! + o.groups.length));
    this.scenes = [...new Set(slots.map((s) => s.scene))];
    const E = this.scenes.length;
    this.slotScene = Int32Array.from(slots, (s) => this.scenes.indexOf(s.scene));
    this.ratio = new Float64Array(G);
    this.m = new Float64Array(G);
    this.share = new Float64Array(G * S);
    this.d = new Float64Array(G * S);
    this.l = new Float64Array(G * S);
    this.trials = new Float64Array(G * S);
    this.faced = new Float64Array(G * S);
    // Per group and scene (4·(g·E + e) + q): Σ over the scene's plays of a·d̄/m, a·ℓ̄/m, a·(n·P + defence)/m and a.
    const byScene = new Float64Array(4 * G * E);
    groups.forEach(({ o, g, shares }, gi) => {
      this.ratio[gi] = (g.n * o.points) / g.m;
      this.m[gi] = g.m;
      for (let j = 0; j < S; j++) {
        const s = g.sums[j]!;
        const at = gi * S + j;
        this.share[at] = shares[j]!;
        this.d[at] = s.d;
        this.l[at] = s.l;
        this.trials[at] = s.n;
        this.faced[at] = g.n * o.points + slots[j]!.defencePoints;
        const e = 4 * (gi * E + this.slotScene[j]!);
        byScene[e] += (shares[j]! * (s.d / s.n)) / g.m;
        byScene[e + 1] += (shares[j]! * (s.l / s.n)) / g.m;
        byScene[e + 2] += (shares[j]! * this.faced[at]!) / g.m;
        byScene[e + 3] += shares[j]!;
      }
    });
    this.breaks = Float64Array.from([...new Set(this.ratio)].sort((a, b) => a - b));
    const B = this.breaks.length;
    this.lowGroup = new Int32Array(K);
    this.lowWeight = new Float64Array(K);
    this.highGroup = new Int32Array(K);
    this.highWeight = new Float64Array(K);
    this.atBreakByScene = new Float64Array(4 * B * E);
    this.fullAtBreakByScene = new Float64Array(4 * B * E);
    this.fullInBracketByScene = new Float64Array(4 * Math.max(0, B - 1) * E);
    // Σ_o Σ_g (weight)·(the group's scene sums)/K at the mixture set, into `into` at breakpoint or bracket `at`.
    const addMixture = (into: Float64Array, at: number, fullWeight: boolean) => {
      for (let o = 0; o < K; o++) {
        for (const [g, weight] of [[this.lowGroup[o]!, this.lowWeight[o]!], [this.highGroup[o]!, this.highWeight[o]!]] as const) {
          if (g < 0) continue;
          const c = fullWeight ? 1 : weight;
          for (let q = 0; q < 4; q++) for (let e = 0; e < E; e++) into[(4 * at + q) * E + e] += (c * byScene[4 * (g * E + e) + q]!) / K;
        }
      }
    };
    for (let i = 0; i < B; i++) {
      this.mixtureAt(this.breaks[i]!);
      addMixture(this.atBreakByScene, i, false);
      addMixture(this.fullAtBreakByScene, i, true);
      if (i + 1 === B) continue;
      this.mixtureAt((this.breaks[i]! + this.breaks[i + 1]!) / 2);
      addMixture(this.fullInBracketByScene, i, true);
    }
    this.tolerance = (2 * K * S + 2 * K + S + E + 35) * Number.EPSILON;
    this.slotWeight = new Float64Array(S);
    this.sceneWeight = new Float64Array(E);
    this.atBreak = new Float64Array(4 * B);
    this.signAtBreak = new Float64Array(B);
  }

  /** The fair cost under scene weights w: modelRoot(model, w, metric), the same double. */
  root(w: readonly number[]): number {
    const b = this.breaks;
    const B = b.length;
    if (B === 0) return NaN;
    for (let j = 0; j < this.slotWeight.length; j++) this.slotWeight[j] = w[this.scenes[this.slotScene[j]!]!] ?? 0;
    for (let e = 0; e < this.sceneWeight.length; e++) this.sceneWeight[e] = w[this.scenes[e]!] ?? 0;
    this.known = 0;
    this.roots++;
    // modelRoot's tests, in its order: G at the lowest breakpoint, then the lowest bracket where G turns from negative to non-negative.
    if (this.signAt(0) >= 0) return Math.min(b[0]!, this.exactConstantRoot(b[0]!));
    for (let i = 0; i + 1 < B; i++) {
      if (this.signAt(i) < 0 && this.signAt(i + 1) >= 0) {
        this.bracket = i;
        this.weigh(this.fullInBracketByScene, i, this.fullInBracket);
        return bracketRoot(this.inBracket, b[i]!, b[i + 1]!);
      }
    }
    return Math.max(b[B - 1]!, this.exactConstantRoot(b[B - 1]!));
  }

  /** G's sign in the bracket being bisected (bracketRoot reads nothing else). */
  private readonly inBracket = (p: number): number => {
    const i = this.bracket;
    const lo = this.breaks[i]!;
    const hi = this.breaks[i + 1]!;
    if (p === lo) return this.signAtBreak[i]!;
    if (p === hi) return this.signAtBreak[i + 1]!;
    const t = (p - lo) / (hi - lo);
    for (let q = 0; q < 4; q++) this.sum[q] = (1 - t) * this.atBreak[4 * i + q]! + t * this.atBreak[4 * (i + 1) + q]!;
    const sign = this.certainSign(p, this.sum, this.fullInBracket);
    if (sign !== 0) return sign;
    this.exactInBrackets++;
    this.mixtureAt(p);
    return this.exactGap(p);
  };

  /** Σ_e w_e·T(at, e) for the four quantities, into `out`. */
  private weigh(byScene: Float64Array, at: number, out: Float64Array): void {
    const E = this.sceneWeight.length;
    for (let q = 0; q < 4; q++) {
      let s = 0;
      const from = (4 * at + q) * E;
      for (let e = 0; e < E; e++) s += this.sceneWeight[e]! * byScene[from + e]!;
      out[q] = s;
    }
  }

  /** G's sign at breakpoint i (±1, or G itself where the sums cannot tell), each breakpoint worked out once per root. */
  private signAt(i: number): number {
    while (this.known <= i) {
      const at = this.known++;
      const p = this.breaks[at]!;
      this.weigh(this.atBreakByScene, at, this.sum);
      this.weigh(this.fullAtBreakByScene, at, this.full);
      for (let q = 0; q < 4; q++) this.atBreak[4 * at + q] = this.sum[q]!;
      let sign = this.certainSign(p, this.sum, this.full);
      if (sign === 0) {
        this.exactAtBreaks++;
        this.mixtureAt(p);
        sign = this.exactGap(p);
      }
      this.signAtBreak[at] = sign;
    }
    return this.signAtBreak[i]!;
  }

  /** ±1 when G̃ = G(X̃, ℓ̃, P̃/W̃) is further from 0 than the two ways of summing can differ, else 0. */
  private certainSign(p: number, sum: Float64Array, full: Float64Array): number {
    const x = sum[0]!, l = sum[1]!, pp = sum[2]!, wt = sum[3]!;
    const fx = full[0]!, fl = full[1]!, fp = full[2]!, fw = full[3]!;
    const tolerance = this.tolerance;
    if (!(wt > tolerance * fw)) return 0;
    const pBar = pp / wt;
    const gap = parityGap(p, x, l, pBar, this.metric);
    const size = this.metric === 'exchange' ? p * fl + fx : p * p * fl + pBar * fx + (x * (fp + pBar * fw)) / wt;
    if (!Number.isFinite(size) || !(Math.abs(gap) > tolerance * size)) return 0;
    return gap > 0 ? 1 : -1;
  }

  /** Each opponent's mixture at p, as mixtureWeights.ts computes it (the same floats). */
  private mixtureAt(p: number): void {
    const r = this.ratio;
    for (let o = 0; o < this.k; o++) {
      const first = this.groupStart[o]!;
      const last = this.groupStart[o + 1]! - 1;
      this.highGroup[o] = -1;
      this.highWeight[o] = 0;
      this.lowWeight[o] = 1;
      if (!(p > r[first]!)) this.lowGroup[o] = first;
      else if (p >= r[last]!) this.lowGroup[o] = last;
      else {
        let i = first;
        while (r[i + 1]! < p) i++;
        const hi = r[i + 1]!;
        if (hi === p) this.lowGroup[o] = i + 1;
        else {
          const a = (hi - p) / (hi - r[i]!);
          this.lowGroup[o] = i;
          this.lowWeight[o] = a;
          this.highGroup[o] = i + 1;
          this.highWeight[o] = 1 - a;
        }
      }
    }
  }

  /** X, ℓ and P̄ at the mixture set, term by term in modelRoot's order (fixedPointCost.ts, mixOf), into sum[0..2]. */
  private exactMix(): void {
    let x = 0, l = 0, pp = 0, wt = 0;
    const S = this.slotWeight.length;
    for (let o = 0; o < this.k; o++) {
      for (let side = 0; side < 2; side++) {
        const g = side === 0 ? this.lowGroup[o]! : this.highGroup[o]!;
        if (g < 0) continue;
        const weight = side === 0 ? this.lowWeight[o]! : this.highWeight[o]!;
        const m = this.m[g]!;
        for (let j = 0; j < S; j++) {
          const at = g * S + j;
          const a = (weight * this.slotWeight[j]! * this.share[at]!) / this.k;
          if (a === 0) continue;
          const n = this.trials[at]!;
          x += (a * this.d[at]!) / n / m;
          l += (a * this.l[at]!) / n / m;
          pp += (a * this.faced[at]!) / m;
          wt += a;
        }
      }
    }
    this.sum[0] = x;
    this.sum[1] = l;
    this.sum[2] = wt > 0 ? pp / wt : 0;
  }

  /** G(p) as modelRoot computes it, at the mixture set for p. */
  private exactGap(p: number): number {
    this.exactMix();
    return parityGap(p, this.sum[0]!, this.sum[1]!, this.sum[2]!, this.metric);
  }

  /** Beyond the breakpoints the terms are constant: the root of that constant mixture, as modelRoot takes it. */
  private exactConstantRoot(at: number): number {
    this.exactBeyond++;
    this.mixtureAt(at);
    this.exactMix();
    return constantMixRoot(this.sum[0]!, this.sum[1]!, this.sum[2]!, this.metric);
  }
}
