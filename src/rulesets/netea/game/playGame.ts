import type { Sfc32 } from '../../../sim/rng.js';
import { d6 } from '../../../sim/dice/d6.js';
import type { Game } from './game.js';
import type { Player } from './policy/player.js';
import type { RandomTableMaker } from './randomTable.js';
import { deploy } from './deployment.js';
import { playTurn } from './turn.js';
import { goalsOf, goalWinner } from './goals.js';
import { victoryPoints } from './victoryPoints.js';
import { NP_TURN_CAP } from './notPlayed.js';
import { EV_END, EV_GOALS, EV_OBJECTIVE, EV_SIDES, EV_TIEBREAK_DICE } from './timeline.js';
import { OBJECTIVE_COUNT } from './objectives.js';
import { TRACKED_TURNS } from './gameTally.js';

/** How a game ended. */
export const END_GOALS = 0;
export const END_TIEBREAK = 1;

/** The outcome of one game (one object, refilled each game). */
export class GameResult {
  /** The winning army (0 A, 1 B), or -1 for a draw (equal victory points at the tiebreak). */
  winner = -1;
  /** END_GOALS or END_TIEBREAK. */
  end = END_GOALS;
  /** The last turn played. */
  turns = 0;
  /** Each army's goals (goals.ts bits) at the last check, and victory points (RB 6.1.7) at the end. */
  readonly goals = new Int32Array(2);
  readonly vp = new Float64Array(2);
}

/**
 * One tournament game (RB 6.1): the table (a fixed layout or a random one),
 * the table edges (the higher strategy rating chooses: the policies take
 * either at random, a D6; equal ratings dice for the choice, RB 6.1.2), the
 * objectives (RB 6.1.4), the set-up (RB 6.1.5-6.1.6), then turns until an
 * army wins on goals at the end of turn 3 or later (RB 6.1.7); after turn 4
 * each player rolls a D6: equal rolls play another turn, different ones end
 * the game on victory points. A game still undecided after `maxTurns` ends on
 * victory points and is named.
 */
export function playGame(game: Game, players: readonly [Player, Player], tables: RandomTableMaker, rng: Sfc32, result: GameResult): void {
  setUp(game, players, tables, rng);
  result.winner = -1;
  result.end = END_GOALS;
  do {
    playTurn(game, players, rng);
    recordTurnState(game);
  } while (!gameOver(game, result, rng));
  result.turns = game.turn;
  victoryPoints(game, 0, result.vp);
  victoryPoints(game, 1, result.vp);
  if (result.end === END_TIEBREAK) result.winner = result.vp[0]! > result.vp[1]! ? 0 : result.vp[1]! > result.vp[0]! ? 1 : -1;
  game.timeline?.add(game.turn, EV_END, -1, -1, result.winner, result.end, result.vp[0]!, result.vp[1]!);
}

/** A game's set-up (RB 6.1.2-6.1.6): the table, the edges, the objectives, the armies set up. */
export function setUp(game: Game, players: readonly [Player, Player], tables: RandomTableMaker, rng: Sfc32): void {
  game.reset(rng);
  game.notPlayed.clear();
  players[0].reset();
  players[1].reset();
  const spec = game.spec;
  if (spec.table === null) tables.layOut(game.table, rng);
  const ratingA = spec.armies[0].strategyRating;
  const ratingB = spec.armies[1].strategyRating;
  const chooser = ratingA > ratingB ? 0 : ratingB > ratingA ? 1 : d6(rng) <= 3 ? 0 : 1;
  const chooserEdge = d6(rng) <= 3 ? 0 : 1;
  game.edge[chooser] = chooserEdge;
  game.edge[1 - chooser] = 1 - chooserEdge;
  game.timeline?.add(0, EV_SIDES, -1, -1, game.edge[0]!, chooser, 0, 0);
  const first = ratingA > ratingB ? 0 : ratingB > ratingA ? 1 : d6(rng) <= 3 ? 0 : 1;
  if (spec.table !== null && spec.table.objectives !== undefined) game.objectives.placeFromLayout(spec.table, game.edge);
  else game.objectives.place(first, game.edge, rng);
  if (game.timeline !== null) {
    const o = game.objectives;
    for (let k = 0; k < OBJECTIVE_COUNT; k++) game.timeline.add(0, EV_OBJECTIVE, k, o.placer[k]!, o.x[k]!, o.y[k]!, o.onEdge[k]!, 0);
  }
  deploy(game, players, first);
}

/**
 * RB 6.1.7, at the end of a turn: from turn 3 an army with two goals and more
 * than its opponent wins; after turn 4 with no winner both roll a D6, equal
 * rolls playing another turn, different ones ending the game on the
 * tiebreak; at `maxTurns` the tiebreak ends it (named). Sets the result's
 * goals, winner (a goal win) and end; true when the game is over.
 */
export function gameOver(game: Game, result: GameResult, rng: Sfc32): boolean {
  if (game.turn >= 3) {
    result.goals[0] = goalsOf(game, 0);
    result.goals[1] = goalsOf(game, 1);
    result.winner = goalWinner(result.goals[0]!, result.goals[1]!);
    game.timeline?.add(game.turn, EV_GOALS, -1, -1, result.goals[0]!, result.goals[1]!, result.winner, 0);
    if (result.winner >= 0) return true;
  }
  if (game.turn < 4) return false;
  const a = d6(rng);
  const b = d6(rng);
  game.timeline?.add(game.turn, EV_TIEBREAK_DICE, -1, -1, a, b, 0, 0);
  if (a === b && game.turn < game.spec.maxTurns) return false;
  if (a === b) game.notPlayed.mark(NP_TURN_CAP);
  result.end = END_TIEBREAK;
  return true;
}

/** Each formation's state at the end of this turn, for the tally's broken and destroyed by turn. */
export function recordTurnState(game: Game): void {
  if (game.turn > TRACKED_TURNS) return;
  const e = game.e;
  const base = (game.turn - 1) * game.nF;
  for (let f = 0; f < game.nF; f++) game.turnState[base + f] = e.fAlive[f] === 0 ? 2 : e.fBroken[f] === 1 ? 1 : 0;
}
