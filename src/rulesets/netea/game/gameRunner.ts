import type { Sfc32 } from '../../../sim/rng.js';
import { TRIALS, type TrialRunner } from '../../../sim/ruleset.js';
import { Game } from './game.js';
import { fieldedFormations, type GameSpec } from './gameSpec.js';
import { gameTallyLayout, TRACKED_TURNS, TURN_BINS, VP_BIN, VP_BINS, type GameTallyLayout } from './gameTally.js';
import { GOAL_COUNT } from './goalBits.js';
import { goalCount } from './goals.js';
import { NOT_PLAYED_COUNT } from './notPlayed.js';
import { END_GOALS, GameResult, playGame } from './playGame.js';
import { Estimates } from './policy/estimates.js';
import { Player } from './policy/player.js';
import { RandomTableMaker } from './randomTable.js';
import { layOutFixed } from './tableLayout.js';
import { Timeline } from './timeline.js';

/** A compiled game and its players' reckonings, which hold nothing of the policies. */
interface Compiled {
  game: Game;
  estimates: Estimates;
}

/**
 * Compiled games kept per thread, by everything but the policies: the policies played over the
 * same armies (`game`'s pairs of policies, a round robin's policies for a pair of armies) share
 * one. A runner plays its games one after another and every game starts from `Game.reset`, so
 * runners that share a game give the numbers each would give alone. A few, most recent last.
 */
const MAX_COMPILED = 8;
const compiled = new Map<string, Compiled>();

function compile(spec: GameSpec): Compiled {
  const key = JSON.stringify([spec.armies, spec.table, spec.options, spec.maxTurns, spec.assaultOdds ?? null]);
  let c = compiled.get(key);
  if (c !== undefined) {
    compiled.delete(key);
  } else {
    const game = new Game(spec);
    if (spec.table !== null) layOutFixed(game.table, spec.table);
    c = { game, estimates: new Estimates(game.e, fieldedFormations(spec), spec.options, spec.assaultOdds) };
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
  }
  compiled.set(key, c);
  return c;
}

/**
 * Plays tournament games between two armies, game after game, adding each
 * game's outcome to a tally (gameTally.ts): the TrialRunner the worker pool
 * runs in chunks (a trial is a game), so the same seed gives the same numbers
 * on any number of workers. Compiled once per armies (compile above); a game allocates nothing.
 */
export class GameRunner implements TrialRunner {
  readonly layout: GameTallyLayout;
  readonly path = 'game';
  readonly game: Game;
  readonly players: readonly [Player, Player];
  private readonly tables = new RandomTableMaker();
  readonly result = new GameResult();

  constructor(spec: GameSpec) {
    const { game, estimates } = compile(spec);
    this.game = game;
    this.players = [new Player(this.game, 0, spec.policies[0], estimates), new Player(this.game, 1, spec.policies[1], estimates)];
    this.layout = gameTallyLayout(this.game.nF);
  }

  run(rng: Sfc32, games: number, tally: Float64Array): void {
    for (let k = 0; k < games; k++) {
      playGame(this.game, this.players, this.tables, rng, this.result);
      this.record(tally);
    }
    tally[TRIALS]! += games;
  }

  /** Plays one game recording its events (the same game as without: recording draws no dice). */
  sample(rng: Sfc32): Timeline {
    const timeline = new Timeline();
    this.game.timeline = timeline;
    try {
      playGame(this.game, this.players, this.tables, rng, this.result);
    } finally {
      this.game.timeline = null;
    }
    return timeline;
  }

  private record(tally: Float64Array): void {
    const L = this.layout;
    const r = this.result;
    const game = this.game;
    if (r.winner < 0) tally[L.draws]!++;
    else {
      tally[L.wins[r.winner as 0 | 1]]!++;
      if (r.end === END_GOALS) tally[L.winsOnGoals[r.winner as 0 | 1]]!++;
    }
    if (r.end !== END_GOALS) tally[L.tiebreaks]!++;
    if (r.winner === game.firstPlayer) tally[L.firstPlayerWins]!++;
    const south = game.edge[0] === 0 ? 0 : 1;
    if (south === 0) tally[L.armyASouth]!++;
    if (r.winner === south) tally[L.southWins]!++;
    for (let a = 0; a < 2; a++) {
      const goals = r.goals[a]!;
      tally[L.goalCounts[a as 0 | 1] + goalCount(goals)]!++;
      for (let g = 0; g < GOAL_COUNT; g++) if ((goals & (1 << g)) !== 0) tally[L.goals[a as 0 | 1] + g]!++;
      const vp = r.vp[a]!;
      tally[L.vpHistogram[a as 0 | 1] + Math.min(VP_BINS - 1, Math.floor(vp / VP_BIN))]!++;
      tally[L.vpSum[a as 0 | 1]]! += vp;
      tally[L.vpSumSq[a as 0 | 1]]! += vp * vp;
    }
    tally[L.turns + Math.min(TURN_BINS - 1, r.turns)]!++;
    const n = game.nF;
    const last = Math.min(r.turns, TRACKED_TURNS);
    for (let f = 0; f < n; f++) {
      const F = L.formations[f]!;
      const d = game.destroyedPoints[f]!;
      tally[F.destroyedPointsSum]! += d;
      tally[F.destroyedPointsSumSq]! += d * d;
      const held = game.held[f]!;
      tally[F.heldSum]! += held;
      tally[F.heldSumSq]! += held * held;
      for (let t = 0; t < TRACKED_TURNS; t++) {
        const state = game.turnState[(t < last ? t : last - 1) * n + f]!;
        if (state === 1) tally[F.brokenByTurn + t]!++;
        else if (state === 2) tally[F.destroyedByTurn + t]!++;
      }
    }
    for (let k = 0; k < NOT_PLAYED_COUNT; k++) if (game.notPlayed.mattered[k] === 1) tally[L.notPlayed + k]!++;
  }
}
