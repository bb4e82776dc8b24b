import { gameScore } from '../../../stats/gameScore.js';
import { Z95 } from '../../../stats/z95.js';
import type { NeteaOptions } from './engine.js';
import { fieldedFormations, type GameArmy } from './gameSpec.js';
import type { GameTallyLayout } from './gameTally.js';
import { assaultOdds } from './policy/assaultOdds.js';
import { NOT_PLAYED } from './notPlayed.js';
import type { TournamentArmy } from './tournamentArmy.js';

/**
 * The lists' round robin (issue 30, item 4): every list meets every other with K random armies a
 * side, every army of one against every army of the other, N games each, under each policy played
 * by both players. A list's score against the field is the mean of its scores against each other
 * list (equal weight per opposing list), each the mean over the K × K army pairs; its interval
 * counts the games, the armies as drawn (the spread over the list's own armies is given beside it).
 */

/** The engine holds at most 31 formations in one game (gameEngagement.ts masks); larger pairs are refused and counted. */
export const MAX_GAME_FORMATIONS = 31;
/** z of a two-sided 99.9% interval. */
export const Z999 = 3.2905;

export interface ArmyPairing {
  /** Indices into the lists, and into each list's armies. */
  lists: [number, number];
  armies: [number, number];
  /** Why it is not played (too many formations for the engine), or null. */
  refused: string | null;
}

/** Every pair of lists (a list with itself too when `mirrors`), every army of one against every army of the other. */
export function armyPairings(armies: readonly (readonly TournamentArmy[])[], mirrors: boolean): ArmyPairing[] {
  const out: ArmyPairing[] = [];
  for (let i = 0; i < armies.length; i++) {
    for (let j = mirrors ? i : i + 1; j < armies.length; j++) {
      for (let a = 0; a < armies[i]!.length; a++) {
        for (let b = 0; b < armies[j]!.length; b++) {
          const n = armies[i]![a]!.army.formations.length + armies[j]![b]!.army.formations.length;
          out.push({ lists: [i, j], armies: [a, b], refused: n > MAX_GAME_FORMATIONS ? `${n} formations: the engine holds at most ${MAX_GAME_FORMATIONS} in one game` : null });
        }
      }
    }
  }
  return out;
}

/**
 * The players' assault odds for a pair of armies (policy/assaultOdds.ts), for GameSpec.assaultOdds:
 * reckoned in the calling thread, where they are kept by pair of formations, so that each pair of
 * formations is fought once for the whole round robin, not once per pair of armies and worker.
 */
export function reckonedOdds(armies: [GameArmy, GameArmy], options: NeteaOptions): number[] {
  const sides = armies.flatMap((a, side) => a.formations.map(() => side));
  return Array.from(assaultOdds(fieldedFormations({ armies }), sides, options));
}

/** What a pairing's games gave army A: wins, draws, games, and the games each rule not played mattered in. */
export interface PairingOutcome {
  wins: number;
  draws: number;
  games: number;
  notPlayed: number[];
}

export function pairingOutcome(tally: Float64Array, layout: GameTallyLayout): PairingOutcome {
  return {
    wins: tally[layout.wins[0]]!,
    draws: tally[layout.draws]!,
    games: tally[layout.wins[0]]! + tally[layout.wins[1]]! + tally[layout.draws]!,
    notPlayed: NOT_PLAYED.map((_, k) => tally[layout.notPlayed + k]!),
  };
}

export interface Score {
  score: number;
  ci95: [number, number];
  ci999: [number, number];
  games: number;
}

export interface ListStanding {
  list: string;
  /** Against the field: the other lists, each weighing the same. */
  field: Score | null;
  /** Each own army's score against the field: how much the draw of armies moves it. */
  byArmy: number[];
  /** Row i of the matrix: the score against each list (null where no game was played). */
  against: Array<Score | null>;
  /** Army pairs refused, with the list's own army and the opponent. */
  refused: number;
}

function score(mean: number, variance: number, games: number): Score {
  const sd = Math.sqrt(variance);
  return { score: mean, ci95: [mean - Z95 * sd, mean + Z95 * sd], ci999: [mean - Z999 * sd, mean + Z999 * sd], games };
}

/**
 * The standings of one policy's round robin: for each list its score against each list (the mean
 * over the army pairs played, their variances added), and against the field.
 */
export function standings(lists: readonly string[], armiesPerList: readonly number[], pairings: readonly ArmyPairing[], outcomes: readonly (PairingOutcome | null)[]): ListStanding[] {
  const n = lists.length;
  // Sums over army pairs of list i against list j, from i's side: mean, variance, count, games.
  const sum = new Float64Array(n * n);
  const varSum = new Float64Array(n * n);
  const count = new Float64Array(n * n);
  const games = new Float64Array(n * n);
  const armySum = lists.map((_, i) => new Float64Array(armiesPerList[i]!));
  const armyCount = lists.map((_, i) => new Float64Array(armiesPerList[i]!));
  const refused = new Float64Array(n);
  pairings.forEach((p, k) => {
    const o = outcomes[k];
    const [i, j] = p.lists;
    if (o === null || o === undefined) {
      refused[i]!++;
      if (j !== i) refused[j]!++;
      return;
    }
    const s = gameScore(o.wins, o.draws, o.games);
    const sides: Array<[number, number, number, number]> = i === j ? [[i, j, s.mean, p.armies[0]]] : [[i, j, s.mean, p.armies[0]], [j, i, 1 - s.mean, p.armies[1]]];
    for (const [x, y, m, army] of sides) {
      sum[x * n + y]! += m;
      varSum[x * n + y]! += s.variance;
      count[x * n + y]!++;
      games[x * n + y]! += o.games;
      // The field is the other lists: a mirror is no part of a list's score against it.
      if (x !== y) {
        armySum[x]![army]! += m;
        armyCount[x]![army]!++;
      }
    }
  });
  return lists.map((list, i) => {
    const against = lists.map((_, j) => {
      const c = count[i * n + j]!;
      return c === 0 ? null : score(sum[i * n + j]! / c, varSum[i * n + j]! / (c * c), games[i * n + j]!);
    });
    const others = against.filter((s, j) => j !== i && s !== null) as Score[];
    const field = others.length === 0 ? null : score(others.reduce((t, s) => t + s.score, 0) / others.length, others.reduce((t, s) => t + ((s.ci95[1] - s.score) / Z95) ** 2, 0) / (others.length * others.length), others.reduce((t, s) => t + s.games, 0));
    const byArmy = Array.from(armySum[i]!, (s, a) => (armyCount[i]![a]! === 0 ? Number.NaN : s / armyCount[i]![a]!));
    return { list, field, byArmy, against, refused: refused[i]! };
  });
}

/** The games in which each rule not played mattered, per list (either side of its games), over every pairing and policy. */
export function notPlayedByList(n: number, pairings: readonly ArmyPairing[], outcomesByPolicy: readonly (readonly (PairingOutcome | null)[])[]): Array<{ games: number; rules: number[] }> {
  const out = Array.from({ length: n }, () => ({ games: 0, rules: NOT_PLAYED.map(() => 0) }));
  for (const outcomes of outcomesByPolicy) {
    pairings.forEach((p, k) => {
      const o = outcomes[k];
      if (o === null || o === undefined) return;
      for (const i of p.lists[0] === p.lists[1] ? [p.lists[0]] : p.lists) {
        out[i]!.games += o.games;
        o.notPlayed.forEach((g, r) => (out[i]!.rules[r]! += g));
      }
    });
  }
  return out;
}
