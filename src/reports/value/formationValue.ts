import { mixWeights, scenePlayedBy, type Battle, type BattleCover } from '../../model/battle.js';
import { flyingKind } from '../../model/flyingKind.js';
import type { FormationSpec } from '../../model/formation.js';
import { InputError } from '../../model/inputError.js';
import { sceneEngagement } from '../../sim/rulesets/netea/battleScenes.js';
import { firstMoveChance } from '../../sim/rulesets/netea/strategyRoll.js';
import type { CoverSpec } from '../../sim/rulesets/netea/spec.js';
import { engagementTallyLayout } from '../../sim/engagementTallyLayout.js';
import { withCost } from '../fairCost.js';
import { lossSlots } from './lossValue.js';
import { meetingWeights, parityCost, type ParityMeeting, type ParityMetric } from './parityCost.js';
import { pointsMatchedGroup } from './pointsMatchedGroup.js';
import type { ValueMeetingSums, ValueMeetingTask } from './valueMeeting.js';
import { verdictOf, type Verdict } from './verdict.js';
import type { NeteaOptions } from '../../sim/rulesets/netea/spec.js';

/**
 * A formation's value under a battle (battles/reference.json): it meets every
 * opponent of the field as points-matched groups in every scene, once with
 * each side holding the initiative, and its fair cost is the parity cost
 * (parityCost.ts) under the battle's mix, with a sensitivity band from the
 * alternative mixes, all from the same meetings.
 */

export interface ValueRun {
  seed: string;
  trials: number;
  chunkSize: number;
  /** Meet opponents of the formation's own list too (a matrix of a list against itself). */
  includeOwnList?: boolean;
  /** The battle's air-defence formations for the data set (air-attack scenes with `airDefence`). */
  airDefence?: FormationSpec[];
  /** The engine's rules (default: the Tournament Pack's; `--rules rulebook-2004`: the 2004 rulebook's). */
  options?: NeteaOptions;
}

/** A planned meeting: which side holds the initiative, and the formation's chance of winning the strategy roll. */
export interface PlannedMeeting extends Omit<ParityMeeting, 'sums' | 'share'> {
  initiative: 0 | 1;
  firstChance: number;
}

export interface ValuePlan {
  formation: FormationSpec;
  /** The cost the runs used: the formation's own, or 100 nominal when it has none. */
  runCost: number;
  opponents: FormationSpec[];
  meetings: PlannedMeeting[];
  tasks: ValueMeetingTask[];
  /** The formation flies (aircraft, spacecraft) or stands: which of the battle's scenes it plays. */
  kind: 'ground' | 'aircraft' | 'spacecraft';
}

const NOMINAL_COST = 100;

function coverSpec(c: BattleCover): CoverSpec {
  if (c === 'none') return { kind: 'none' };
  if (c === 'obscured') return { kind: 'obscured' };
  return { kind: 'save', save: c.save };
}

/**
 * Every meeting of `formation` against `opponents` under `battle`, as tasks
 * for `runValueMeeting`. Opponents of the formation's own army list are left
 * out: the field stands for the other lists.
 */
export function planValue(formation: FormationSpec, opponents: FormationSpec[], battle: Battle, run: ValueRun): ValuePlan {
  const runCost = formation.points ?? NOMINAL_COST;
  const priced = withCost(formation, runCost);
  const field = run.includeOwnList === true ? opponents : opponents.filter((o) => formation.armyId === null || o.armyId !== formation.armyId);
  field.forEach((o) => {
    if (o.points === null || o.points <= 0) throw new InputError([{ file: `formation "${o.text}"`, path: '', message: 'the opponent has no points cost (its units match no army-list formation); name an army-list formation, e.g. "codex-astartes/tactical-detachment"' }]);
  });
  const kind = flyingKind(formation);
  if (kind === null) throw new InputError([{ file: `formation "${formation.text}"`, path: '', message: 'mixes aircraft or spacecraft with ground units; a formation flies or stands, not both' }]);
  const played = battle.scenes.filter((sc) => scenePlayedBy(sc.kind) === kind);
  if (played.length === 0) throw new InputError([{ file: `battle "${battle.name}"`, path: 'scenes', message: `no scene that ${kind === 'ground' ? 'ground formations' : kind} play (${kind === 'aircraft' ? 'an "air-attack" scene' : kind === 'spacecraft' ? 'an "orbital" scene' : 'a "firefight" or "assault" scene'}), so it cannot value "${formation.text}"` }]);
  const defence = run.airDefence ?? [];
  const meetings: ValuePlan['meetings'] = [];
  const tasks: ValueMeetingTask[] = [];
  const credits = { broken: battle.value.brokenCredit.value, blastMarker: battle.value.blastMarkerCredit.value };
  field.forEach((o, oi) => {
    // RB 4.3: one spacecraft attacks one formation; other formations meet points-matched groups.
    const { m, n } = kind === 'spacecraft' ? { m: 1, n: 1 } : pointsMatchedGroup(runCost, o.points!, battle.maxGroup);
    const firstChance = battle.initiative.value === 'strategy-roll' ? firstMoveChance(formation.strategyRating, o.strategyRating) : 0.5;
    const groupA = Array.from({ length: m }, () => priced);
    const groupB = Array.from({ length: n }, () => o);
    battle.scenes.forEach((scene, si) => {
      if (scenePlayedBy(scene.kind) !== kind) return;
      const sceneDefence = scene.airDefence ? defence : [];
      // The air defence's points are part of the opponent side the formation meets (P̄, parityCost.ts).
      const opponentPoints = o.points! + sceneDefence.reduce((t, f) => t + (f.points ?? 0), 0) / n;
      // Only flak answers an air attack and a spacecraft is not attacked: the initiative changes nothing, so one play serves.
      const plays: Array<0 | 1> = kind === 'ground' ? [0, 1] : [0];
      for (const initiative of plays) {
        const spec = sceneEngagement(groupA, groupB, { kind: scene.kind, gap: scene.gap, approachGap: scene.approachGap, action: scene.action, turns: scene.turns, cover: coverSpec(scene.cover), initiative, airDefence: sceneDefence, ...(run.options !== undefined ? { options: run.options } : {}) });
        const layout = engagementTallyLayout(spec);
        const last = layout.records[layout.records.length - 1]!;
        meetings.push({ scene: si, opponent: oi, initiative, firstChance: kind === 'ground' ? firstChance : 0.5, m, n, opponentPoints });
        tasks.push({
          spec,
          seed: run.seed,
          scenario: `battle:${battle.name}@${battle.version}`,
          matchup: `${scene.id}|${initiative === 0 ? 'A' : 'B'} first|${m}x ${formation.text} vs ${n}x ${o.text}`,
          trials: run.trials,
          chunkSize: run.chunkSize,
          sideA: groupA.map((f, i) => lossSlots(last.formations[i]!, f)),
          sideB: groupB.map((f, i) => lossSlots(last.formations[m + i]!, f)),
          credits,
          ...(kind === 'spacecraft' ? { spent: m * runCost * battle.spacecraftSpent.value } : {}),
        });
      }
    });
  });
  return { formation, runCost, opponents: field, meetings, tasks, kind };
}

export interface MixCost {
  mix: string;
  estimate: number;
  ci95: [number, number];
  /** The mix reweighs a scene this formation plays (otherwise it is the battle's own mix for it). */
  changes: boolean;
}

export interface OpponentShare {
  opponent: string;
  points: number;
  /** The fair cost against this opponent alone (its meetings only, the battle's mix), with its interval. */
  fairCost: { estimate: number; ci95: [number, number] };
  /** Share of what the formation destroys, and of what it loses, that comes from meeting this opponent. */
  destroyedShare: number;
  lostShare: number;
}

export interface SceneSums {
  scene: string;
  destroyed: number;
  lost: number;
  opponentPoints: number;
}

/** The fair cost under scene weights `w` from per-scene sums (as parityCost.ts, without the interval). */
export function sceneMixCost(scenes: SceneSums[], w: number[], c0: number, metric: ParityMetric): number {
  let x = 0, y = 0, p = 0, t = 0;
  scenes.forEach((s, i) => {
    // A scene the formation does not play (another kind's) has no opponents and no weight in its mix.
    if (s.opponentPoints <= 0) return;
    x += w[i]! * s.destroyed;
    y += w[i]! * s.lost;
    p += w[i]! * s.opponentPoints;
    t += w[i]!;
  });
  const ratio = y > 0 ? x / y : x > 0 ? Infinity : 0;
  if (ratio === 0 || ratio === Infinity) return ratio;
  return metric === 'exchange' ? c0 * ratio : Math.sqrt((c0 * p * ratio) / t);
}

export interface FormationValue {
  formation: string;
  text: string;
  /** Ground, aircraft or spacecraft: which of the battle's scenes it played. */
  kind: 'ground' | 'aircraft' | 'spacecraft';
  cost: number | null;
  runCost: number;
  metric: ParityMetric;
  fairCost: { estimate: number; ci95: [number, number]; band: [number, number] };
  /** The fair cost under each alternative mix of the battle. */
  alternatives: MixCost[];
  /** Fair cost ÷ cost (null without a cost). */
  valuePerPoint: number | null;
  verdict: Verdict | null;
  opponents: OpponentShare[];
  /** Set when one or two opponents make up most (> 60%) of what it destroys or loses. */
  dominatedBy: string | null;
  /**
   * Per scene, X, Y and P̄'s numerator as parityCost.ts defines them with the
   * scene's weight set to 1: any mix's fair cost follows from these without
   * running anything again (sceneMixCost).
   */
  scenes: SceneSums[];
  meetings: number;
  trialsPerMeeting: number;
}

/** Shares of X and Y (parityCost.ts) by opponent under the battle's mix. */
function opponentShares(plan: ValuePlan, meetings: ParityMeeting[], weights: number[], metric: ParityMetric): OpponentShare[] {
  const k = plan.opponents.map((o, oi) => {
    const c = parityCost(meetings.filter((m) => m.opponent === oi), weights, plan.runCost, metric);
    return { opponent: o.text, points: o.points!, fairCost: { estimate: c.estimate, ci95: c.ci95 }, destroyedShare: 0, lostShare: 0 };
  });
  let x = 0;
  let y = 0;
  const w = meetingWeights(meetings, weights);
  meetings.forEach((mt, j) => {
    const d = (w[j]! * mt.sums.d) / mt.sums.n / mt.m;
    const l = (w[j]! * mt.sums.l) / mt.sums.n / mt.m;
    k[mt.opponent]!.destroyedShare += d;
    k[mt.opponent]!.lostShare += l;
    x += d;
    y += l;
  });
  return k.map((o) => ({ ...o, destroyedShare: x > 0 ? o.destroyedShare / x : 0, lostShare: y > 0 ? o.lostShare / y : 0 }));
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

/**
 * Each meeting's share of its scene, from who holds the initiative (RB 1.5):
 * the winner of the strategy roll chooses to act first or second. The
 * formation's net in a play is what it destroys per opponent point less what
 * it loses per point of its own (at its run cost); the formation, winning the
 * roll with chance p, picks the play with the higher net, the opponent the
 * one with the lower. With `alternate` (p = ½ for both plays) each counts half.
 */
export function initiativeShares(plan: ValuePlan, sums: ValueMeetingSums[]): number[] {
  const net = plan.meetings.map((m, j) => sums[j]!.d / sums[j]!.n / (m.n * m.opponentPoints) - sums[j]!.l / sums[j]!.n / (m.m * plan.runCost));
  return plan.meetings.map((m, j) => {
    if (m.firstChance === 0.5) return 0.5;
    const other = plan.meetings.findIndex((o, k) => k !== j && o.scene === m.scene && o.opponent === m.opponent);
    const better = net[j]! > net[other]! || (net[j]! === net[other]! && m.initiative === 0);
    return better ? m.firstChance : 1 - m.firstChance;
  });
}

/** The fair cost, its interval, band and verdict, from the plan's meeting results (in task order). */
export function valueFromMeetings(plan: ValuePlan, sums: ValueMeetingSums[], battle: Battle, asked: ParityMetric): FormationValue {
  // A spacecraft's loss is its spent cost, the same at any cost: exchange parity (destroyed = spent) is already size-consistent.
  const metric: ParityMetric = plan.kind === 'spacecraft' ? 'exchange' : asked;
  const plays = initiativeShares(plan, sums);
  const meetings: ParityMeeting[] = plan.meetings.map((m, j) => ({ scene: m.scene, opponent: m.opponent, share: plays[j]!, m: m.m, n: m.n, opponentPoints: m.opponentPoints, sums: sums[j]! }));
  const base = mixWeights(battle, null);
  const main = parityCost(meetings, base, plan.runCost, metric);
  const played = new Set(battle.scenes.filter((sc) => scenePlayedBy(sc.kind) === plan.kind).map((sc) => sc.id));
  const alternatives = battle.alternatives.map((a): MixCost => {
    const c = parityCost(meetings, mixWeights(battle, a.id), plan.runCost, metric);
    return { mix: a.id, estimate: c.estimate, ci95: c.ci95, changes: Object.keys(a.weights).some((id) => played.has(id)) };
  });
  const all = [{ estimate: main.estimate, ci95: main.ci95 }, ...alternatives];
  const band: [number, number] = [Math.min(...all.map((c) => c.ci95[0])), Math.max(...all.map((c) => c.ci95[1]))];
  const cost = plan.formation.points;
  const shares = opponentShares(plan, meetings, base, metric);
  return {
    formation: plan.formation.name,
    text: plan.formation.text,
    kind: plan.kind,
    cost,
    runCost: plan.runCost,
    metric,
    fairCost: { estimate: main.estimate, ci95: main.ci95, band },
    alternatives,
    valuePerPoint: cost !== null && cost > 0 ? main.estimate / cost : null,
    verdict: cost !== null && cost > 0 ? verdictOf(cost, band, battle.margin.value) : null,
    opponents: shares,
    dominatedBy: dominance(shares),
    scenes: battle.scenes.map((scene, si) => {
      const c = parityCost(meetings, battle.scenes.map((_, k) => (k === si ? 1 : 0)), plan.runCost, metric);
      return { scene: scene.id, destroyed: c.destroyed, lost: c.lost, opponentPoints: c.opponentPoints };
    }),
    meetings: meetings.length,
    trialsPerMeeting: sums[0]?.n ?? 0,
  };
}
