import type { TallyLayout } from '../../../sim/ruleset.js';
import { GOAL_COUNT } from './goalBits.js';
import { NOT_PLAYED_COUNT } from './notPlayed.js';

/** Victory points are counted in bins of this many points. */
export const VP_BIN = 250;
export const VP_BINS = 25;
/** Turns tracked one by one for broken and destroyed formations; the last counts the game's end. */
export const TRACKED_TURNS = 5;
/** Turn counts tallied one by one up to this; longer games in the last bin. */
export const TURN_BINS = 13;

/** Where each counter of a game tally lives (a TallyLayout: chunks merge by adding; no per-step records). */
export interface GameTallyLayout extends TallyLayout {
  kind: 'game';
  /** Wins of army A and B, and draws. */
  wins: [number, number];
  draws: number;
  /** Wins of army A and B on goals (the rest came at the tiebreak). */
  winsOnGoals: [number, number];
  /** Games ended on the tiebreak. */
  tiebreaks: number;
  /** Wins of the army that acted first in turn 1. */
  firstPlayerWins: number;
  /** Wins of the army that set up on the south edge (y 0), and games army A did. */
  southWins: number;
  armyASouth: number;
  /** Per army: games ending with k goals at the last check (k 0..5), then each goal's count. */
  goalCounts: [number, number];
  goals: [number, number];
  /** Per army: victory points at the end, in VP_BINS bins of VP_BIN; their sum and sum of squares. */
  vpHistogram: [number, number];
  vpSum: [number, number];
  vpSumSq: [number, number];
  /** Games by their last turn (1..TURN_BINS-1, the last bin for longer ones). */
  turns: number;
  /** Per formation (army A's then B's, in order): points destroyed (sum, sum of squares), objectives held (end phases), broken and destroyed at the end of each tracked turn. */
  formations: FormationGameLayout[];
  /** Games in which each rule not played (notPlayed.ts) mattered. */
  notPlayed: number;
}

export interface FormationGameLayout {
  destroyedPointsSum: number;
  destroyedPointsSumSq: number;
  heldSum: number;
  heldSumSq: number;
  /** TRACKED_TURNS counters each: broken (and alive) and destroyed at the end of turn 1, 2, ...; the last turn's state carries to later ones. */
  brokenByTurn: number;
  destroyedByTurn: number;
}

/** The layout for a game of `formations` formations. */
export function gameTallyLayout(formations: number): GameTallyLayout {
  let next = 1;
  const take = (n: number) => {
    const at = next;
    next += n;
    return at;
  };
  const pair = (n: number): [number, number] => [take(n), take(n)];
  const layout: Omit<GameTallyLayout, 'length'> = {
    kind: 'game',
    records: [],
    wins: pair(1),
    draws: take(1),
    winsOnGoals: pair(1),
    tiebreaks: take(1),
    firstPlayerWins: take(1),
    southWins: take(1),
    armyASouth: take(1),
    goalCounts: pair(GOAL_COUNT + 1),
    goals: pair(GOAL_COUNT),
    vpHistogram: pair(VP_BINS),
    vpSum: pair(1),
    vpSumSq: pair(1),
    turns: take(TURN_BINS),
    formations: Array.from({ length: formations }, () => ({
      destroyedPointsSum: take(1),
      destroyedPointsSumSq: take(1),
      heldSum: take(1),
      heldSumSq: take(1),
      brokenByTurn: take(TRACKED_TURNS),
      destroyedByTurn: take(TRACKED_TURNS),
    })),
    notPlayed: take(NOT_PLAYED_COUNT),
  };
  return { ...layout, length: next };
}

/** Is this tally layout a game's? */
export function isGameLayout(layout: TallyLayout): layout is GameTallyLayout {
  return (layout as Partial<GameTallyLayout>).kind === 'game';
}
