import type { Battle } from '../../../../model/battle.js';
import { battleAirDefenceOf, battleAirRaidOf } from '../../../../model/battleField.js';
import type { Dataset } from '../../../../model/dataset.js';
import type { FormationSpec } from '../../../../model/formation.js';
import type { LoadedBattle } from '../../../../model/loadBattle.js';
import type { RosterFile } from '../../model/roster/listFile.js';
import type { ValueRun } from '../../../../reports/value/formationValue.js';
import type { MatchupSide } from './matchupResult.js';
import { matchupSide } from './matchupSide.js';
import { planPair, type PairPlan } from './pairMeeting.js';

/**
 * What `matchup <my list> <their list>` and the playground's matchup share, so that both print the
 * same JSON for the same lists, seed and trials: the sides read from the data set in use, the
 * pairs to run (each once, in the same order), the notes and unsupported rules every output
 * carries, and the JSON itself. Running the pairs is each one's own (worker threads, Web Workers).
 */

/** What every output of a matchup states: the run's settings, the rules, the data and the battle. */
export interface MatchupRun {
  rules: string;
  seed: string;
  trials: number;
  chunkSize: number;
  data: { id: string; version: string };
  battle: { name: string; version: number; file: string };
}

export function matchupRun(data: Dataset, loaded: LoadedBattle, o: { seed: string; trials: number; chunkSize: number }): MatchupRun {
  return { rules: 'netea', seed: o.seed, trials: o.trials, chunkSize: o.chunkSize, data: { id: data.id, version: data.version }, battle: { name: loaded.battle.name, version: loaded.battle.version, file: loaded.file } };
}

/**
 * Every distinct pair of a formation of `mine` against one of `theirs`, in the order they are
 * first met (mine's order, then theirs'): a pair that appears twice (a formation listed twice, or
 * in both lists) is planned once.
 */
export function planPairs(mine: FormationSpec[], theirs: FormationSpec[], battle: Battle, run: ValueRun): PairPlan[] {
  const plans = new Map<string, PairPlan>();
  for (const x of mine) for (const y of theirs) {
    const plan = planPair(x, y, battle, run);
    if (!plans.has(plan.key)) plans.set(plan.key, plan);
  }
  return [...plans.values()];
}

/** The rules the formations carry that are not simulated, each once. */
export const unsupportedOf = (specs: FormationSpec[]): string[] => [...new Set(specs.flatMap((f) => f.unsupported))];

/** Whether any formation holds aircraft (they meet the battle's air defence). */
export const hasFliers = (specs: FormationSpec[]): boolean => specs.some((f) => f.units.some((u) => u.unit.type === 'AC' || u.unit.type === 'AC/WE'));

/** The notes every output carries: army upgrades not simulated, construction breaches, the battle's air defence. */
export function matchupNotes(sides: MatchupSide[], breaches: string[], airDefence: FormationSpec[], fliers: boolean): string[] {
  return [
    ...sides.flatMap((s) => s.unsimulated.map((u) => `${s.file}: army upgrade ${u.name} (${u.points} points) is not a formation: in no pair, and not in the list's points simulated`)),
    ...breaches.map((b) => `construction: ${b}`),
    ...(fliers && airDefence.length > 0 ? [`air attacks under air defence meet the battle's ${airDefence.map((f) => f.name).join(', ')} beside the target, as fair-cost does; its flak counts for the target's side`] : []),
  ];
}

/** Two lists read for a matchup: their sides and formations, the battle's air defence, and what the outputs note. */
export interface ListMatchupInputs {
  mine: ReturnType<typeof matchupSide>;
  theirs: ReturnType<typeof matchupSide>;
  airDefence: FormationSpec[];
  /** The battle's raiding aircraft (scenes with `airRaid`). */
  airRaid: FormationSpec[];
  /** The battle's air-defence formations the data set lacks, where it lacks some (the command line says it on stderr). */
  airDefenceNote: string | null;
  notes: string[];
  unsupported: string[];
}

export function listMatchupInputs(data: Dataset, loaded: LoadedBattle, mine: { file: string; roster: RosterFile }, theirs: { file: string; roster: RosterFile }): ListMatchupInputs {
  const m = matchupSide(data, mine);
  const t = matchupSide(data, theirs);
  const air = battleAirDefenceOf(data, loaded);
  const raid = battleAirRaidOf(data, loaded);
  const all = [...m.specs, ...t.specs];
  const breaches = [...m.breaches.map((b) => `${m.side.file}: ${b}`), ...t.breaches.map((b) => `${t.side.file}: ${b}`)];
  return { mine: m, theirs: t, airDefence: air.specs, airRaid: raid.specs, airDefenceNote: [air.note, raid.note].filter((n): n is string => n !== null).join('; ') || null, notes: matchupNotes([m.side, t.side], breaches, air.specs, hasFliers(all)), unsupported: unsupportedOf(all) };
}

/** `matchup --json`: the run, the result, the notes and the rules not simulated. */
export function matchupJson<R extends object>(run: MatchupRun, result: R, notes: string[], unsupported: string[]): MatchupRun & R & { notes: string[]; unsupported: string[] } {
  return { ...run, ...result, notes, unsupported };
}
