import { scenePlayedBy, type Battle } from '../../model/battle.js';
import { flyingKind } from '../../model/flyingKind.js';
import type { FormationSpec } from '../../model/formation.js';
import { InputError } from '../../model/inputError.js';
import { battleStagingOf } from '../../scenarios/registry.js';
import type { ValueModel, ValueSlot } from './fixedPointCost.js';
import { groupCompositions, type GroupComposition } from './groupCompositions.js';
import { initiativeChances } from './initiativeChances.js';
import { sceneMeetingTask } from './sceneMeetingTask.js';
import { lossSlots } from '../../scenarios/lossValue.js';
import type { ParityMetric } from './parityCost.js';
import type { ValueMeetingTask } from '../../run/valueMeeting.js';
import type { Verdict } from './verdict.js';

/**
 * A formation's value under a battle (battles/reference.json): it meets every
 * opponent of the field in every scene, once with each side holding the
 * initiative, in groups sized to the price being tried, and its fair cost is
 * the price at which it reaches parity with that field (fixedPointCost.ts),
 * with a sensitivity band from the alternative mixes. Nothing here reads the
 * formation's stated cost: the runs price its units at a nominal 100 points,
 * which only orders its units and never enters the answer (a loss is counted
 * as the share of the formation destroyed).
 */

export interface ValueRun {
  seed: string;
  trials: number;
  chunkSize: number;
  /** Meet opponents of the formation's own list too (a matrix of a list against itself). */
  includeOwnList?: boolean;
  /** The battle's air-defence formations for the data set (air-attack scenes with `airDefence`). */
  airDefence?: FormationSpec[];
  /** The battle's raiding aircraft for the data set (firefights and assaults with `airRaid`). */
  airRaid?: FormationSpec[];
  /** The `--rules` name whose staging plays the battle (src/scenarios/registry.ts battleStagingOf; default: the engine's own rules, the Tournament Pack's; `rulebook-2004`: the 2004 rulebook's). */
  rules?: string;
}

export interface ValuePlan {
  formation: FormationSpec;
  /** The points the runs price the formation's units at: a nominal 100, whatever it costs. */
  runCost: number;
  opponents: FormationSpec[];
  /** The formation's chance of winning the strategy roll against each opponent (½ when the initiative alternates). */
  firstChances: number[];
  /** The plays of the battle's scenes this formation meets every opponent in. */
  slots: ValueSlot[];
  /** The groups the battle can field against each opponent (every one for ground formations and aircraft; one spacecraft attacks one formation). */
  compositions: GroupComposition[];
  /** The meetings of one group against one opponent, one per slot. */
  tasksFor: (opponent: number, group: GroupComposition) => ValueMeetingTask[];
  /** The formation flies (aircraft, spacecraft) or stands: which of the battle's scenes it plays. */
  kind: 'ground' | 'aircraft' | 'spacecraft';
}

export const NOMINAL_COST = 100;

/**
 * The formation with its units priced at `NOMINAL_COST` in total, each unit's
 * share kept (equal shares when unpriced). The shares are rounded to 10⁻⁹ so
 * that the same units at any stated price run exactly the same trials.
 */
export function nominallyPriced(f: FormationSpec): FormationSpec {
  const total = f.units.reduce((t, u) => t + (u.points ?? 0), 0);
  const share = (points: number | null) => (total > 0 && points !== null ? points / total : 1 / f.units.length);
  const units = f.units.map((u) => ({ ...u, points: (Math.round(1e9 * share(u.points)) / 1e9) * NOMINAL_COST }));
  return { ...f, units, points: NOMINAL_COST };
}

/**
 * Every meeting of `formation` against `opponents` under `battle`, as tasks
 * for `runValueMeeting`, group by group. Opponents of the formation's own army
 * list are left out: the field stands for the other lists.
 */
export function planValue(formation: FormationSpec, opponents: FormationSpec[], battle: Battle, run: ValueRun): ValuePlan {
  const staging = battleStagingOf(run.rules);
  const priced = nominallyPriced(formation);
  const field = run.includeOwnList === true ? opponents : opponents.filter((o) => formation.armyId === null || o.armyId !== formation.armyId);
  field.forEach((o) => {
    if (o.points === null || o.points <= 0) throw new InputError([{ file: `formation "${o.text}"`, path: '', message: 'the opponent has no points cost (its units match no army-list formation); name an army-list formation, e.g. "codex-astartes/tactical-detachment"' }]);
  });
  const kind = flyingKind(formation);
  if (kind === null) throw new InputError([{ file: `formation "${formation.text}"`, path: '', message: 'mixes aircraft or spacecraft with ground units; a formation flies or stands, not both' }]);
  const played = battle.scenes.filter((sc) => scenePlayedBy(sc.kind) === kind);
  if (played.length === 0) throw new InputError([{ file: `battle "${battle.name}"`, path: 'scenes', message: `no scene that ${kind === 'ground' ? 'ground formations' : kind} play (${kind === 'aircraft' ? 'an "air-attack" scene' : kind === 'spacecraft' ? 'an "orbital" scene' : 'a "firefight" or "assault" scene'}), so it cannot value "${formation.text}"` }]);
  const defence = run.airDefence ?? [];
  const raid = run.airRaid ?? [];
  if (kind === 'ground' && raid.length === 0) {
    const raided = battle.scenes.find((sc) => sc.airRaid);
    if (raided !== undefined) throw new InputError([{ file: `battle "${battle.name}"`, path: `scenes.${raided.id}.airRaid`, message: `the scene opens with an air raid but the battle names no raiding aircraft for this data set (its "airRaid"), so it cannot value "${formation.text}"` }]);
  }
  const credits = { broken: battle.value.brokenCredit.value, blastMarker: battle.value.blastMarkerCredit.value };
  const slots: ValueSlot[] = [];
  battle.scenes.forEach((scene, si) => {
    if (scenePlayedBy(scene.kind) !== kind) return;
    // The air defence's points are part of the opponent side the formation meets (P̄, fixedPointCost.ts).
    // So are the raiding aircraft's, whose losses count among what the formation destroys (sceneMeetingTask).
    const defencePoints = (scene.airDefence ? defence : scene.airRaid ? raid : []).reduce((t, f) => t + (f.points ?? 0), 0);
    // Only flak answers an air attack and a spacecraft is not attacked: the initiative changes nothing, so one play serves.
    if (kind !== 'ground') slots.push({ scene: si, initiative: 0, defencePoints, alone: true });
    else for (const initiative of [0, 1] as const) slots.push({ scene: si, initiative, defencePoints, alone: false });
  });
  const tasksFor = (oi: number, { m, n }: GroupComposition): ValueMeetingTask[] => {
    const o = field[oi]!;
    const groupA = Array.from({ length: m }, () => priced);
    const groupB = Array.from({ length: n }, () => o);
    return slots.map((slot) => {
      const scene = battle.scenes[slot.scene]!;
      const sceneDefence = scene.airDefence ? defence : [];
      const sceneRaid = scene.airRaid ? raid : [];
      const spec = staging.scene(groupA, groupB, { kind: scene.kind, gap: scene.gap, approachGap: scene.approachGap, action: scene.action, turns: scene.turns, cover: scene.cover, initiative: slot.initiative, airDefence: sceneDefence, airRaid: sceneRaid });
      const task = sceneMeetingTask({ battle, sceneId: scene.id, initiative: slot.initiative, spec, groupA, groupB, raiders: sceneRaid, lossSlotsOf: lossSlots, formationText: formation.text, opponentText: o.text, run, credits });
      return kind === 'spacecraft' ? { ...task, spent: m * battle.spacecraftSpent.value } : task;
    });
  };
  // RB 4.3: one spacecraft attacks one formation; other formations meet groups sized to the price.
  const compositions = kind === 'spacecraft' ? [{ m: 1, n: 1 }] : groupCompositions(battle.maxGroup);
  const firstChances = initiativeChances(formation, field, battle, kind, staging);
  return { formation, runCost: NOMINAL_COST, opponents: field, firstChances, slots, compositions, tasksFor, kind };
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
  /** Share of what the formation destroys, and of what it loses, that comes from meeting this opponent, at its fair cost. */
  destroyedShare: number;
  lostShare: number;
}

export interface FormationValue {
  formation: string;
  text: string;
  /** Ground, aircraft or spacecraft: which of the battle's scenes it played. */
  kind: 'ground' | 'aircraft' | 'spacecraft';
  /** The cost the verdict judges: the formation's stated cost, or the one a balancer proposes (`--cost`); null without one. */
  cost: number | null;
  /** The points the runs priced its units at (nominal; the fair cost does not depend on it). */
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
   * The groups simulated against each opponent, with their meetings' sums:
   * any mix's fair cost follows from them without running anything again
   * (mixFairCost), exactly where the mix's root falls among them.
   */
  model: ValueModel;
  meetings: number;
  /** The most trials any of its meetings ran (every meeting's, when trials are not by need). */
  trialsPerMeeting: number;
  /** The trials of all its meetings together. */
  trials: number;
}
