import type { FormationSpec } from '../model/formation.js';
import { InputError } from '../model/inputError.js';
import type { TallyLayout } from '../sim/ruleset.js';
import { compileScenario, type ScenarioSpec } from '../scenarios/registry.js';
import type { EngagementBuilder, EngagementSettings } from './engagementKinds.js';
import { buildEngagement } from './registry.js';
import { noteUnderWay } from '../run/interrupt.js';
import { simulateWithMomentsYielding, type Moments, type TrialVariable } from '../run/moments.js';
import { covarianceOfMeans } from '../stats/covarianceOfMeans.js';
import { fiellerInterval } from '../stats/fiellerInterval.js';
import { varianceOfMean } from '../stats/varianceOfMean.js';
import { Z95 } from '../stats/z95.js';

/**
 * Fair cost: the points cost at which a formation reaches parity with a set of
 * opponents. Every opponent is met twice, once with the formation acting
 * (shooting or assaulting first) and once with the opponent acting, so neither
 * gets the first move for free.
 *
 * The cost is not an input of the rules: changing it only rescales the points
 * of the formation's units (every unit's share in proportion, which keeps
 * their order, the only thing allocation looks at). So one run per meeting
 * gives the whole curve B(c) = K / c^p of the balance ratio against cost, with
 * common random numbers at every cost (the very same trials), and parity
 * B(c*) = 1 solves to c* = K^(1/p). K is a constant times a ratio of two means
 * X/Y, whose 95% interval is Fieller's from the per-trial variances and the
 * covariance within each run (runs are independent of each other); c*'s
 * interval is that interval through the monotone map K ↦ K^(1/p).
 *
 * With D = opponent points destroyed per meeting, L = the formation's points
 * lost per meeting (at its current cost c0), W = the formation's wins,
 * V = the opponents' wins, summed over all meetings, and P̄ the mean opponent cost:
 * - exchange:   B(c) = ΣD / (ΣL·c/c0)                  → c* = c0·ΣD/ΣL
 * - efficiency: B(c) = [100·ΣD/(m·c)] / [100·ΣL(c)/ΣP] → c* = √(c0·P̄·ΣD/ΣL)
 *   (its points destroyed per 100 points equal the opponents' per 100 of theirs)
 * - win:        B(c) = (ΣW/c) / (ΣV/P̄)                → c* = P̄·ΣW/ΣV
 *   (its wins per point equal the opponents' wins per point)
 */

export const FAIR_COST_METRICS = ['exchange', 'efficiency', 'win'] as const;
export type FairCostMetric = (typeof FAIR_COST_METRICS)[number];

export const FAIR_COST_DEFINITIONS: Record<FairCostMetric, string> = {
  exchange: 'Exchange parity: over all meetings, the opponents\' points it destroys equal its own points lost (exchange ratio 1); fair cost = current cost × exchange ratio',
  efficiency: 'Efficiency parity: its points destroyed per 100 of its points equal the opponents\' points destroyed per 100 of theirs; fair cost = √(current cost × mean opponent cost × exchange ratio)',
  win: 'Win parity: its wins per point of its cost equal the opponents\' wins per point of theirs; fair cost = mean opponent cost × (its wins ÷ opponents\' wins)',
};

export interface FairCostRunOptions {
  seed: string;
  trials: number;
  chunkSize: number;
}

/** One meeting: one run of the engagement with one side acting. */
export interface Meeting {
  opponent: number;
  /** `formation`: the formation acts on the opponent; `opponent`: the opponent acts on it. */
  acting: 'formation' | 'opponent';
  matchup: string;
  trials: number;
  elapsedMs: number;
  /** Means per trial, at the formation's current (or nominal) cost. */
  pointsDestroyed: number;
  pointsLost: number;
  wins: number;
  losses: number;
  moments: Moments;
  layout: TallyLayout;
  spec: ScenarioSpec;
}

export interface FairCostInput {
  formation: FormationSpec;
  opponents: FormationSpec[];
  engagement: EngagementSettings;
  metric: FairCostMetric;
  run: FairCostRunOptions;
  /** Seeds the chunks with the matchup names: the same names and seed give common random numbers. */
  scenario?: string;
  /**
   * Another rule system's engagements and repricing (Epic 40,000:
   * src/rulesets/epic40k/cli/epic40kFairCost.ts); default the first system's (registry.ts buildEngagement; withCost).
   */
  rules?: FairCostRules;
}

/** What the search needs of a rule system: its engagement between two formations, a formation repriced, and what to say of an unpriced opponent. */
export interface FairCostRules {
  build: EngagementBuilder;
  withCost: (f: FormationSpec, cost: number) => FormationSpec;
  unpriced: string;
}

/** An estimate with a 95% interval. */
export interface Estimate {
  estimate: number;
  ci95: [number, number];
}

export interface CurvePoint {
  cost: number;
  balance: number;
  low: number;
  high: number;
}

export interface OpponentSummary {
  opponent: number;
  name: string;
  points: number;
  /** Opponent points the formation destroys per meeting (both meetings averaged). */
  pointsDestroyed: Estimate;
  /** The formation's points lost per meeting at its current cost. */
  pointsLost: Estimate;
  /** Formation's points destroyed per 100 of its current cost. */
  formationPer100: Estimate;
  /** Opponent's points destroyed (the formation's losses) per 100 of the opponent's cost. */
  opponentPer100: Estimate;
  /** P(the formation wins) and P(the opponent wins), averaged over both meetings. */
  formationWins: Estimate;
  opponentWins: Estimate;
}

export interface FairCostResult {
  formation: string;
  /** The formation's army-list cost, or null when it has none (a nominal 100 was used). */
  currentCost: number | null;
  /** The cost the runs used for its units: the current cost, or 100 nominal. */
  runCost: number;
  metric: FairCostMetric;
  definition: string;
  /** Exponent of cost in B(c) = K / c^p. */
  power: 1 | 2;
  /** K with its interval. */
  constant: Estimate;
  /** Parity cost c* with its interval (upper end may be Infinity). */
  fairCost: Estimate;
  /** Balance ratio at the current cost (> 1: the formation is worth more than it costs). */
  balanceAtCurrent: Estimate | null;
  meanOpponentCost: number;
  opponents: OpponentSummary[];
  meetings: Meeting[];
  curve: CurvePoint[];
  trialsPerMeeting: number;
  /** Every metric solved from the same meetings (the chosen one included), for comparison. */
  byMetric: Array<{ metric: FairCostMetric; fairCost: Estimate; balanceAtCurrent: Estimate | null }>;
}

const NOMINAL_COST = 100;

/** A copy of the formation whose units' points add up to `cost` (shares kept in proportion). */
export function withCost(f: FormationSpec, cost: number): FormationSpec {
  const current = f.points;
  const units = f.units.map((u) => ({
    ...u,
    points: current !== null && current > 0 && u.points !== null ? (u.points * cost) / current : cost / f.units.length,
  }));
  return { ...f, units, points: cost };
}

/** Side 0 acts on side 1: who wins a trial of this script (see the README's metric definitions). */
function winVariables(spec: ScenarioSpec, layout: TallyLayout): { side0: (t: Float64Array) => number; side1: (t: Float64Array) => number } {
  const assaults = layout.records.filter((r) => r.assault !== undefined);
  const lastAssault = assaults[assaults.length - 1];
  if (lastAssault) {
    const A = lastAssault.assault!;
    return { side0: (t) => t[A.attackerWins]!, side1: (t) => t[A.defenderWins]! };
  }
  // No assault: a side wins when every enemy formation ends broken or destroyed and one of its own does not.
  const last = layout.records[layout.records.length - 1]!;
  const out = (side: 0 | 1) => spec.formations.flatMap((f, i) => (f.side === side ? [last.formations[i]!] : []));
  const allOut = (blocks: ReturnType<typeof out>, t: Float64Array) => blocks.every((L) => t[L.broken]! > 0 || t[L.destroyed]! > 0);
  const s0 = out(0);
  const s1 = out(1);
  return {
    side0: (t) => (allOut(s1, t) && !allOut(s0, t) ? 1 : 0),
    side1: (t) => (allOut(s0, t) && !allOut(s1, t) ? 1 : 0),
  };
}

function lostOn(spec: ScenarioSpec, layout: TallyLayout, side: 0 | 1): (t: Float64Array) => number {
  const last = layout.records[layout.records.length - 1]!;
  const slots = spec.formations.flatMap((f, i) => (f.side === side ? [last.formations[i]!.pointsLostSum] : []));
  return (t) => {
    let s = 0;
    for (const slot of slots) s += t[slot]!;
    return s;
  };
}

/** Variable order in every meeting's Moments. */
const D = 0;
const L = 1;
const W = 2;
const V = 3;

/** Runs one meeting and collects D, L, W, V per trial, seen from the formation (letting the event loop run: Ctrl-C). */
export async function runMeeting(formation: FormationSpec, opponent: FormationSpec, index: number, acting: 'formation' | 'opponent', input: Pick<FairCostInput, 'engagement' | 'run' | 'scenario' | 'rules'>): Promise<Meeting> {
  const build = input.rules?.build ?? buildEngagement;
  const spec = acting === 'formation' ? build(formation, opponent, input.engagement) : build(opponent, formation, input.engagement);
  const layout = compileScenario(spec).layout;
  const formationSide: 0 | 1 = acting === 'formation' ? 0 : 1;
  const opponentSide: 0 | 1 = formationSide === 0 ? 1 : 0;
  const wins = winVariables(spec, layout);
  const variables: TrialVariable[] = [
    { name: 'pointsDestroyed', value: lostOn(spec, layout, opponentSide) },
    { name: 'pointsLost', value: lostOn(spec, layout, formationSide) },
    { name: 'wins', value: formationSide === 0 ? wins.side0 : wins.side1 },
    { name: 'losses', value: formationSide === 0 ? wins.side1 : wins.side0 },
  ];
  const matchup = acting === 'formation' ? `${formation.text} -> ${opponent.text}` : `${opponent.text} -> ${formation.text}`;
  noteUnderWay();
  const { result, moments } = await simulateWithMomentsYielding(
    { spec, seed: input.run.seed, scenario: input.scenario ?? 'fair-cost', matchup, trials: input.run.trials, chunkSize: input.run.chunkSize },
    variables,
  );
  const n = moments.n;
  return {
    opponent: index,
    acting,
    matchup,
    trials: n,
    elapsedMs: result.elapsedMs,
    pointsDestroyed: moments.sums[D]! / n,
    pointsLost: moments.sums[L]! / n,
    wins: moments.sums[W]! / n,
    losses: moments.sums[V]! / n,
    moments,
    layout,
    spec,
  };
}

/** Σ over independent meetings of the means of variables a and b, with variances and covariance. */
function sumOver(meetings: Meeting[], a: number, b: number): { x: number; y: number; vx: number; vy: number; cxy: number } {
  let x = 0, y = 0, vx = 0, vy = 0, cxy = 0;
  for (const m of meetings) {
    const M = m.moments;
    const n = M.n;
    x += M.sums[a]! / n;
    y += M.sums[b]! / n;
    vx += varianceOfMean(M.sums[a]!, M.cross[a]![a]!, n);
    vy += varianceOfMean(M.sums[b]!, M.cross[b]![b]!, n);
    cxy += covarianceOfMeans(M.sums[a]!, M.sums[b]!, M.cross[a]![b]!, n);
  }
  return { x, y, vx, vy, cxy };
}

function meanOf(meetings: Meeting[], a: number, scale = 1): Estimate {
  const s = sumOver(meetings, a, a);
  const k = meetings.length;
  const half = Z95 * Math.sqrt(s.vx);
  return { estimate: (s.x / k) * scale, ci95: [((s.x - half) / k) * scale, ((s.x + half) / k) * scale] };
}

function ratioEstimate(meetings: Meeting[], a: number, b: number, factor: number): Estimate {
  const s = sumOver(meetings, a, b);
  const [lo, hi] = fiellerInterval(s.x, s.y, s.vx, s.vy, s.cxy);
  return { estimate: (factor * s.x) / s.y, ci95: [Math.max(0, factor * lo), factor * hi] };
}

const root = (k: number, p: number) => (k === Infinity ? Infinity : k <= 0 ? 0 : p === 1 ? k : Math.sqrt(k));

/**
 * Solves parity from meetings already run: the constant K of B(c) = K / c^p
 * with its interval, c* = K^(1/p), and the curve around the current cost.
 */
export function solveFairCost(formation: FormationSpec, opponents: FormationSpec[], meetings: Meeting[], metric: FairCostMetric, runCost: number): FairCostResult {
  const meanOpponentCost = opponents.reduce((s, o) => s + o.points!, 0) / opponents.length;
  let constant: Estimate;
  let power: 1 | 2;
  switch (metric) {
    case 'exchange':
      constant = ratioEstimate(meetings, D, L, runCost);
      power = 1;
      break;
    case 'efficiency':
      constant = ratioEstimate(meetings, D, L, runCost * meanOpponentCost);
      power = 2;
      break;
    case 'win':
      constant = ratioEstimate(meetings, W, V, meanOpponentCost);
      power = 1;
      break;
  }
  const fairCost: Estimate = { estimate: root(constant.estimate, power), ci95: [root(constant.ci95[0], power), root(constant.ci95[1], power)] };
  const currentCost = formation.points;
  const balanceAt = (c: number): Estimate => ({ estimate: constant.estimate / c ** power, ci95: [constant.ci95[0] / c ** power, constant.ci95[1] / c ** power] });
  const perOpponent: OpponentSummary[] = opponents.map((o, j) => {
    const mine = meetings.filter((m) => m.opponent === j);
    return {
      opponent: j,
      name: o.name,
      points: o.points!,
      pointsDestroyed: meanOf(mine, D),
      pointsLost: meanOf(mine, L),
      formationPer100: meanOf(mine, D, 100 / runCost),
      opponentPer100: meanOf(mine, L, 100 / o.points!),
      formationWins: meanOf(mine, W),
      opponentWins: meanOf(mine, V),
    };
  });
  return {
    formation: formation.name,
    currentCost,
    runCost,
    metric,
    definition: FAIR_COST_DEFINITIONS[metric],
    power,
    constant,
    fairCost,
    balanceAtCurrent: currentCost !== null ? balanceAt(currentCost) : null,
    meanOpponentCost,
    opponents: perOpponent,
    meetings,
    curve: fairCostCurve(constant, power, [currentCost ?? fairCost.estimate, fairCost.estimate, fairCost.ci95[0], fairCost.ci95[1]]),
    trialsPerMeeting: meetings[0]?.trials ?? 0,
    byMetric: [],
  };
}

/** B(c) and its band over a cost range covering the given costs with a margin. */
export function fairCostCurve(constant: Estimate, power: number, costs: number[], steps = 60): CurvePoint[] {
  const finite = costs.filter((c) => Number.isFinite(c) && c > 0);
  if (finite.length === 0) return [];
  const lo = Math.max(1, Math.min(...finite) * 0.6);
  const hi = Math.max(...finite) * 1.4;
  const out: CurvePoint[] = [];
  for (let i = 0; i <= steps; i++) {
    const cost = lo + ((hi - lo) * i) / steps;
    const d = cost ** power;
    out.push({ cost, balance: constant.estimate / d, low: constant.ci95[0] / d, high: constant.ci95[1] / d });
  }
  return out;
}

/**
 * Finds the fair cost of `formation` against `opponents`: runs every meeting
 * (both directions per opponent) with common random numbers and solves parity.
 */
export async function fairCost(input: FairCostInput): Promise<FairCostResult> {
  if (input.opponents.length === 0) throw new InputError([{ file: 'option --vs', path: '', message: 'expected at least one opponent formation' }]);
  input.opponents.forEach((o) => {
    if (o.points === null) {
      throw new InputError([{ file: `formation "${o.text}"`, path: '', message: input.rules?.unpriced ?? 'the opponent has no points cost (its units match no army-list formation); name an army-list formation, e.g. "codex-astartes/tactical-detachment"' }]);
    }
  });
  const runCost = input.formation.points ?? NOMINAL_COST;
  const formation = (input.rules?.withCost ?? withCost)(input.formation, runCost);
  const meetings: Meeting[] = [];
  for (const [j, o] of input.opponents.entries()) {
    meetings.push(await runMeeting(formation, o, j, 'formation', input));
    meetings.push(await runMeeting(formation, o, j, 'opponent', input));
  }
  const all = FAIR_COST_METRICS.map((m) => solveFairCost(input.formation, input.opponents, meetings, m, runCost));
  const chosen = all[FAIR_COST_METRICS.indexOf(input.metric)]!;
  chosen.byMetric = all.map((r) => ({ metric: r.metric, fairCost: r.fairCost, balanceAtCurrent: r.balanceAtCurrent }));
  return chosen;
}
