import { TRIALS } from '../../../sim/ruleset.js';
import { wilsonInterval } from '../../../stats/wilsonInterval.js';
import { meanInterval } from '../../../stats/meanInterval.js';
import type { GameSpec } from '../game/gameSpec.js';
import { TRACKED_TURNS, TURN_BINS, VP_BIN, VP_BINS, type GameTallyLayout } from '../game/gameTally.js';
import { GOAL_COUNT, GOAL_NAMES } from '../game/goalBits.js';
import { NOT_PLAYED } from '../game/notPlayed.js';

/**
 * The numbers of a run of games, from its tally (gameTally.ts): every
 * probability with its 95% Wilson interval, every mean with its normal 95%
 * interval, each distribution whole. Plain data, for text and --json.
 */

export interface Probability {
  p: number;
  ci95: [number, number];
}

export interface MeanValue {
  mean: number;
  ci95: [number, number];
}

export interface ArmyGameResult {
  name: string;
  points: number;
  wins: Probability;
  /** Wins on goals at the end of turn 3 or later, and at the tiebreak. */
  winsOnGoals: Probability;
  /** P(k goals at the last check), k = 0..5. */
  goalCounts: number[];
  /** P(each goal achieved at the last check), by name. */
  goals: Record<string, Probability>;
  victoryPoints: MeanValue;
  /** P(victory points in [k·250, (k+1)·250)), the last bin open. */
  victoryPointsHistogram: Array<{ from: number; p: number }>;
  formations: FormationGameResult[];
}

export interface FormationGameResult {
  name: string;
  points: number;
  /** Points of enemy units it destroyed per game. */
  pointsDestroyed: MeanValue;
  /** End phases per game in which it captured or contested an objective. */
  objectivesHeld: MeanValue;
  /** P(broken) and P(destroyed) at the end of turns 1 to 5 (a game over earlier counts as it ended). */
  brokenByTurn: number[];
  destroyedByTurn: number[];
}

export interface GameResult {
  games: number;
  draws: Probability;
  armies: [ArmyGameResult, ArmyGameResult];
  /** P(the army acting first in turn 1 wins), P(the army on the south edge wins): the first-player and table-side advantages. */
  firstPlayerWins: Probability;
  southEdgeWins: Probability;
  tiebreaks: Probability;
  /** P(the game ended after turn k), k = 1..12 (the last bin: 12 or more). */
  turns: number[];
  /** Each rule the games do not play, and in how many of them it mattered. */
  notPlayed: Array<{ rule: string; when: string; games: number; share: number }>;
}

function probability(successes: number, n: number): Probability {
  return { p: n > 0 ? successes / n : 0, ci95: wilsonInterval(successes, n) };
}

export function gameResult(spec: GameSpec, tally: Float64Array, layout: GameTallyLayout): GameResult {
  const n = tally[TRIALS]!;
  let formationIndex = 0;
  const armies = spec.armies.map((army, a): ArmyGameResult => {
    const formations = army.formations.map((f): FormationGameResult => {
      const L = layout.formations[formationIndex++]!;
      return {
        name: f.name,
        points: f.points ?? 0,
        pointsDestroyed: meanInterval(tally[L.destroyedPointsSum]!, tally[L.destroyedPointsSumSq]!, n),
        objectivesHeld: meanInterval(tally[L.heldSum]!, tally[L.heldSumSq]!, n),
        brokenByTurn: Array.from({ length: TRACKED_TURNS }, (_, t) => (n > 0 ? tally[L.brokenByTurn + t]! / n : 0)),
        destroyedByTurn: Array.from({ length: TRACKED_TURNS }, (_, t) => (n > 0 ? tally[L.destroyedByTurn + t]! / n : 0)),
      };
    });
    const side = a as 0 | 1;
    return {
      name: army.name,
      points: army.formations.reduce((s, f) => s + (f.points ?? 0), 0),
      wins: probability(tally[layout.wins[side]]!, n),
      winsOnGoals: probability(tally[layout.winsOnGoals[side]]!, n),
      goalCounts: Array.from({ length: GOAL_COUNT + 1 }, (_, k) => (n > 0 ? tally[layout.goalCounts[side] + k]! / n : 0)),
      goals: Object.fromEntries(GOAL_NAMES.map((g, k) => [g, probability(tally[layout.goals[side] + k]!, n)])),
      victoryPoints: meanInterval(tally[layout.vpSum[side]]!, tally[layout.vpSumSq[side]]!, n),
      victoryPointsHistogram: Array.from({ length: VP_BINS }, (_, k) => ({ from: k * VP_BIN, p: n > 0 ? tally[layout.vpHistogram[side] + k]! / n : 0 })),
      formations,
    };
  }) as [ArmyGameResult, ArmyGameResult];
  return {
    games: n,
    draws: probability(tally[layout.draws]!, n),
    armies,
    firstPlayerWins: probability(tally[layout.firstPlayerWins]!, n),
    southEdgeWins: probability(tally[layout.southWins]!, n),
    tiebreaks: probability(tally[layout.tiebreaks]!, n),
    turns: Array.from({ length: TURN_BINS - 1 }, (_, k) => (n > 0 ? tally[layout.turns + k + 1]! / n : 0)),
    notPlayed: NOT_PLAYED.map((r, k) => ({ rule: r.rule, when: r.when, games: tally[layout.notPlayed + k]!, share: n > 0 ? tally[layout.notPlayed + k]! / n : 0 })).filter((r) => r.games > 0),
  };
}

/** Each rule not played that mattered in a game of any pair of policies, with the games it mattered in across them all: a rule only some players reach is named too. */
export function notPlayedAcross(results: readonly GameResult[]): Array<{ rule: string; when: string; games: number }> {
  const byRule = new Map<string, { rule: string; when: string; games: number }>();
  for (const r of results) {
    for (const x of r.notPlayed) {
      const seen = byRule.get(x.rule);
      if (seen !== undefined) seen.games += x.games;
      else byRule.set(x.rule, { rule: x.rule, when: x.when, games: x.games });
    }
  }
  // In the order of NOT_PLAYED.
  return NOT_PLAYED.flatMap((r) => byRule.get(r.rule) ?? []);
}
