import { mixWeights, scenePlayedBy, type Battle } from '../../model/battle.js';
import { Z95 } from '../../stats/z95.js';
import { missingGroups, modelRoot, opponentSharesAt, rootInterval, type OpponentModel, type ValueModel } from './fixedPointCost.js';
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

/** With `exactOpponents`, each opponent's own fair cost is solved exactly too (matrix, fair-cost); else from the groups already run (audit). */
export async function solveValue(plan: ValuePlan, battle: Battle, metric: ParityMetric, run: RunMeetings, exactOpponents: boolean): Promise<FormationValue> {
  const model: ValueModel = { slots: plan.slots, opponents: plan.opponents.map((o, i): OpponentModel => ({ opponent: o.text, points: o.points!, firstChance: plan.firstChances[i]!, groups: [] })) };
  let meetings = 0;
  const simulate = async (needs: Array<{ opponent: number; group: GroupComposition }>) => {
    const sums = await Promise.all(needs.map((nd) => run(plan.tasksFor(nd.opponent, nd.group))));
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
  await solve(base, null);
  for (const a of battle.alternatives) await solve(mixWeights(battle, a.id), null);
  if (exactOpponents) for (let oi = 0; oi < model.opponents.length; oi++) await solve(base, oi);
  return valueFromModel(plan, model, battle, metric, meetings);
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
  const first = model.opponents.find((o) => o.groups.length > 0)?.groups[0]?.sums[0];
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
      trialsPerMeeting: first?.n ?? 0,
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
