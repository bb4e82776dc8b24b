import { mixWeights, scenePlayedBy, type Battle } from '../../model/battle.js';
import { Z95 } from '../../stats/z95.js';
import { gapVariance, meetingTerms, missingGroups, modelRoot, opponentSharesAt, rootInterval, type OpponentModel, type SimulatedGroup, type ValueModel } from './fixedPointCost.js';
import { neymanTrials } from './neymanTrials.js';
import type { FormationValue, MixCost, OpponentShare, ValuePlan } from './formationValue.js';
import type { GroupComposition } from './groupCompositions.js';
import type { ParityMetric } from './parityCost.js';
import type { ValueMeetingSums, ValueMeetingTask } from '../../run/valueMeeting.js';
import { verdictOf } from './verdict.js';

/**
 * Solves a plan's fixed point (fixedPointCost.ts) by simulating only the
 * groups it needs. Every opponent starts with its one-against-one group (no
 * price is read to choose it); then, until nothing is missing: the model's
 * root p̂ from the groups simulated so far, and the achievable groups
 * bracketing p̂ that are not simulated yet, all run at once. Each round adds
 * at least one of the finitely many groups, so it ends, and it ends with the
 * groups that bracket the root simulated: the root is then that of the exact
 * mixture. The answer depends on the groups simulated around the root, whose
 * trials are seeded by their names, not on the way there. The alternative
 * mixes (the band) are solved the same way on the same cache of groups.
 */

export type RunMeetings = (tasks: ValueMeetingTask[]) => Promise<ValueMeetingSums[]>;

/**
 * Trials by need (docs/fair-cost.md, "Trials where they count"): every
 * meeting first runs `pilot` trials; then, while a mix's fair cost is known
 * less closely than ±precision of itself, the meetings around its root get
 * more trials, each in proportion to its part in the interval
 * (neymanTrials.ts), none beyond `cap`.
 */
export interface SequentialTrials {
  precision: number;
  pilot: number;
  cap: number;
}

/** Each round aims a little below the target variance, so that the estimate of the spread rarely leaves it short. */
const AIM = 0.8;

const addSums = (a: ValueMeetingSums, b: ValueMeetingSums): ValueMeetingSums => ({ n: a.n + b.n, d: a.d + b.d, l: a.l + b.l, dd: a.dd + b.dd, ll: a.ll + b.ll, dl: a.dl + b.dl });

/** With `exactOpponents`, each opponent's own fair cost is solved exactly too (matrix, fair-cost); else from the groups already run (audit). */
export async function solveValue(plan: ValuePlan, battle: Battle, metric: ParityMetric, run: RunMeetings, exactOpponents: boolean, sequential?: SequentialTrials): Promise<FormationValue> {
  const model: ValueModel = { slots: plan.slots, opponents: plan.opponents.map((o, i): OpponentModel => ({ opponent: o.text, points: o.points!, firstChance: plan.firstChances[i]!, groups: [] })) };
  let meetings = 0;
  const pilot = sequential === undefined ? null : Math.min(sequential.pilot, sequential.cap);
  const simulate = async (needs: Array<{ opponent: number; group: GroupComposition }>) => {
    const sums = await Promise.all(needs.map((nd) => run(plan.tasksFor(nd.opponent, nd.group).map((t) => (pilot === null ? t : { ...t, trials: pilot })))));
    needs.forEach((nd, i) => {
      const groups = model.opponents[nd.opponent]!.groups;
      if (groups.some((g) => g.m === nd.group.m && g.n === nd.group.n)) return;
      groups.push({ m: nd.group.m, n: nd.group.n, sums: sums[i]! });
      groups.sort((a, b) => a.n / a.m - b.n / b.m);
      meetings += sums[i]!.length;
    });
  };
  const solve = async (w: number[], only: number | null) => {
    for (;;) {
      const p = modelRoot(model, w, metric, only);
      const needs = missingGroups(model, plan.compositions, p, only);
      if (needs.length === 0) return;
      await simulate(needs);
    }
  };
  const base = mixWeights(battle, null);
  const mixes = [base, ...battle.alternatives.map((a) => mixWeights(battle, a.id))];
  const solveAll = async () => {
    for (const w of mixes) await solve(w, null);
    if (exactOpponents) for (let oi = 0; oi < model.opponents.length; oi++) await solve(base, oi);
  };
  await solveAll();
  if (sequential !== undefined) {
    // A spacecraft is valued by exchange parity (valueFromModel): its interval is that equation's.
    const judged: ParityMetric = plan.kind === 'spacecraft' ? 'exchange' : metric;
    // Extra trials of one meeting are a run of their own, named by the round: the trials before them are kept, not run again.
    const rounds = new Map<SimulatedGroup, number>();
    // Each round adds trials to some meeting, none beyond the cap, so the rounds end; one or two usually suffice.
    for (;;) {
      const extra = extraTrials(model, mixes, judged, sequential);
      if (extra.size === 0) break;
      const groups = [...extra.keys()];
      const sums = await Promise.all(
        groups.map((g) => {
          const stage = (rounds.get(g) ?? 0) + 1;
          rounds.set(g, stage);
          const oi = model.opponents.findIndex((o) => o.groups.includes(g));
          const more = extra.get(g)!;
          return run(plan.tasksFor(oi, g).flatMap((t, j) => (more[j]! > 0 ? [{ ...t, trials: more[j]!, matchup: `${t.matchup} #${stage}` }] : [])));
        }),
      );
      groups.forEach((g, i) => {
        const more = extra.get(g)!;
        let k = 0;
        g.sums = g.sums.map((s, j) => (more[j]! > 0 ? addSums(s, sums[i]![k++]!) : s));
      });
      await solveAll();
    }
  }
  return valueFromModel(plan, model, battle, metric, meetings);
}

/**
 * The extra trials each meeting needs this round (by group, one count per
 * slot; groups needing none left out): for every mix whose 95% interval is
 * wider than ±precision of its root, Neyman's allocation (neymanTrials.ts)
 * for the variance that would bring it there, the half-width taken to shrink
 * as the standard deviation of G; a meeting takes the most any mix asks.
 */
function extraTrials(model: ValueModel, mixes: number[][], metric: ParityMetric, o: SequentialTrials): Map<SimulatedGroup, number[]> {
  const out = new Map<SimulatedGroup, number[]>();
  for (const w of mixes) {
    const p = modelRoot(model, w, metric);
    if (!(p > 0) || !Number.isFinite(p)) continue;
    const [lo, hi] = rootInterval(model, w, metric, p, Z95);
    const half = (hi - lo) / 2;
    if (half <= o.precision * p) continue;
    const v = gapVariance(model, w, p, metric);
    const target = Number.isFinite(half) && half > 0 ? AIM * v * ((o.precision * p) / half) ** 2 : v / 4;
    const terms = meetingTerms(model, w, p, metric);
    neymanTrials(terms, target, o.pilot, o.cap).forEach((more, j) => {
      if (more === 0) return;
      const t = terms[j]!;
      const row = out.get(t.group) ?? model.slots.map(() => 0);
      row[t.slot] = Math.max(row[t.slot]!, more);
      out.set(t.group, row);
    });
  }
  return out;
}

function dominance(shares: OpponentShare[]): string | null {
  if (shares.length < 4) return null;
  const top = (key: 'destroyedShare' | 'lostShare') => [...shares].sort((a, b) => b[key] - a[key]).slice(0, 2);
  for (const [key, what] of [['lostShare', 'of what it loses'], ['destroyedShare', 'of what it destroys']] as const) {
    const two = top(key);
    const share = two.reduce((t, o) => t + o[key], 0);
    if (share > 0.6) return `${two.map((o) => o.opponent).join(' and ')} make ${(100 * share).toFixed(0)}% ${what}`;
  }
  return null;
}

/** A root and its 95% interval under weights w from the model. */
function estimate(model: ValueModel, w: number[], metric: ParityMetric, only: number | null = null): { estimate: number; ci95: [number, number] } {
  const p = modelRoot(model, w, metric, only);
  return { estimate: p, ci95: rootInterval(model, w, metric, p, Z95, only) };
}

/** The fair cost, its interval, band and verdict from a solved model. */
export function valueFromModel(plan: ValuePlan, model: ValueModel, battle: Battle, asked: ParityMetric, meetings: number): FormationValue {
  // A spacecraft's loss is its spent cost, the same at any price: exchange parity (destroyed = spent).
  const metric: ParityMetric = plan.kind === 'spacecraft' ? 'exchange' : asked;
  const base = mixWeights(battle, null);
  const main = estimate(model, base, metric);
  const played = new Set(battle.scenes.filter((sc) => scenePlayedBy(sc.kind) === plan.kind).map((sc) => sc.id));
  const alternatives = battle.alternatives.map((a): MixCost => ({ mix: a.id, ...estimate(model, mixWeights(battle, a.id), metric), changes: Object.keys(a.weights).some((id) => played.has(id)) }));
  const all = [main, ...alternatives];
  const band: [number, number] = [Math.min(...all.map((c) => c.ci95[0])), Math.max(...all.map((c) => c.ci95[1]))];
  const shares = opponentSharesAt(model, base, main.estimate);
  const opponents: OpponentShare[] = model.opponents.map((o, oi) => ({ opponent: o.opponent, points: o.points, fairCost: estimate(model, base, metric, oi), destroyedShare: shares[oi]!.destroyed, lostShare: shares[oi]!.lost }));
  const ran = model.opponents.flatMap((o) => o.groups.flatMap((g) => g.sums.map((s) => s.n)));
  return judgedAt(
    {
      formation: plan.formation.name,
      text: plan.formation.text,
      kind: plan.kind,
      cost: null,
      runCost: plan.runCost,
      metric,
      fairCost: { ...main, band },
      alternatives,
      valuePerPoint: null,
      verdict: null,
      opponents,
      dominatedBy: dominance(opponents),
      model,
      meetings,
      trialsPerMeeting: Math.max(0, ...ran),
      trials: ran.reduce((a, b) => a + b, 0),
    },
    plan.formation.points,
    battle.margin.value,
  );
}

/** The value judged against a cost (the stated one, or one a balancer proposes): only the verdict and value per point change. */
export function judgedAt(v: FormationValue, cost: number | null, margin: number): FormationValue {
  const priced = cost !== null && cost > 0;
  return { ...v, cost, valuePerPoint: priced ? v.fairCost.estimate / cost : null, verdict: priced ? verdictOf(cost, v.fairCost.band, margin) : null };
}

/** The fair cost under scene weights w from the groups a value simulated, without running anything (audit --fit). */
export function mixFairCost(v: Pick<FormationValue, 'model' | 'metric'>, w: number[]): number {
  return modelRoot(v.model, w, v.metric);
}
