import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../src/sim/rng.js';
import { GameRunner } from '../../src/rulesets/netea/game/gameRunner.js';
import { strategyRoll, actionPhase } from '../../src/rulesets/netea/game/turn.js';
import { activate } from '../../src/rulesets/netea/game/activation.js';
import { END_GOALS, END_TIEBREAK, GameResult, gameOver, setUp } from '../../src/rulesets/netea/game/playGame.js';
import { RandomTableMaker } from '../../src/rulesets/netea/game/randomTable.js';
import { ACT_OVERWATCH, HOLD_MOVE } from '../../src/rulesets/netea/game/actionCodes.js';
import { Timeline } from '../../src/rulesets/netea/game/timeline.js';
import { NP_TURN_CAP } from '../../src/rulesets/netea/game/notPlayed.js';
import { POLICIES } from '../../src/rulesets/netea/game/policy/policyParams.js';
import { ScriptedDice } from '../helpers/scriptedDice.js';
import { actionOrder, army, gameSpec, OPEN_TABLE, put } from './helpers.js';

/** Forced dice for the turn sequence (RB 1.4-1.6, 6.1.7): the strategy roll, the action test and the retain test, the alternation, the end of the game. */

const SIXES = (): ScriptedDice => new ScriptedDice(new Array<number>(20_000).fill(6));

describe('the strategy roll (RB 1.5)', () => {
  const runner = new GameRunner(gameSpec(army('codex-astartes/tactical-detachment'), army('ork-war-horde/warband', 'B')));
  const game = runner.game;

  it('D6 + strategy rating, the higher goes first; turn 1 ties broken by a D6 (1-3 army A)', () => {
    game.reset(rngFromSeed('x'));
    game.turn = 1;
    // 1 + 5 = 6 against 4 + 3 = 7: army B.
    expect(strategyRoll(game, 5, 3, new ScriptedDice([1, 4]))).toBe(1);
    game.initiativeWinner = -1;
    // 2 + 5 = 7 against 4 + 3 = 7 in turn 1: a third die, 5, gives it to army B; 2 to army A.
    expect(strategyRoll(game, 5, 3, new ScriptedDice([2, 4, 5]))).toBe(1);
    game.initiativeWinner = -1;
    expect(strategyRoll(game, 5, 3, new ScriptedDice([2, 4, 2]))).toBe(0);
  });

  it('"In the case of a tie, the side that failed to win the initiative last turn gets it"', () => {
    game.initiativeWinner = 0;
    expect(strategyRoll(game, 5, 3, new ScriptedDice([3, 5]))).toBe(1);
    expect(strategyRoll(game, 5, 3, new ScriptedDice([1, 3]))).toBe(0);
  });
});

describe('the action test and the retain test (RB 1.6.2-1.6.3)', () => {
  // Imperial Guard (initiative 2+) far from the enemy: nothing to shoot, a hold moves.
  const spec = gameSpec(army('steel-legion/infantry-company'), army('ork-war-horde/warband', 'B'), { table: OPEN_TABLE });
  const runner = new GameRunner(spec);
  const { game, players } = runner;
  const plan = players[0].plan;
  const ready = (): void => {
    game.reset(rngFromSeed('x'));
    game.turn = 1;
    put(game, 0, 90, 20);
    put(game, 1, 90, 110);
    plan.f = 0;
    plan.action = ACT_OVERWATCH;
    plan.target = -1;
    plan.destX = 90;
    plan.destY = 40;
  };

  it('a 2 passes the 2+ test; with the retain test\'s -1 it fails: a hold, and a Blast marker', () => {
    ready();
    expect(activate(game, players, plan, false, new ScriptedDice([2]))).toBe(true);
    expect(game.overwatch[0]).toBe(1);
    expect(game.e.fBm[0]).toBe(0);
    ready();
    expect(activate(game, players, plan, true, new ScriptedDice([2]))).toBe(false);
    expect(game.overwatch[0]).toBe(0);
    expect(game.e.fBm[0]).toBe(1);
    // The hold: nothing in range and far from its break point, it moves towards where it was going.
    expect(plan.hold).toBe(HOLD_MOVE);
    expect(game.y[0]).toBeGreaterThan(20);
  });

  it('with a Blast marker it takes a 3 (-1), with the retain test as well a 4', () => {
    ready();
    game.e.fBm[0] = 1;
    expect(activate(game, players, plan, false, new ScriptedDice([2]))).toBe(false);
    ready();
    game.e.fBm[0] = 1;
    expect(activate(game, players, plan, true, new ScriptedDice([3]))).toBe(false);
    ready();
    game.e.fBm[0] = 1;
    expect(activate(game, players, plan, true, new ScriptedDice([4]))).toBe(true);
  });
});

describe('alternating activations (RB 1.6, 1.6.3)', () => {
  /** The armies acting, in order, in the action phase of turn 1, and whether each retained. */
  function order(a: string, b: string, retainChance: number): string[] {
    const policy = { ...POLICIES['objective-first'], retainChance };
    const runner = new GameRunner(gameSpec(army(a), army(b, 'B'), { table: OPEN_TABLE, policies: [policy, policy] }));
    const { game, players } = runner;
    const dice = SIXES();
    setUp(game, players, new RandomTableMaker(), dice);
    const timeline = new Timeline();
    game.timeline = timeline;
    game.turn = 1;
    game.firstToAct = 0;
    players[0].newTurn();
    players[1].newTurn();
    actionPhase(game, players, dice);
    return actionOrder(game, timeline);
  }

  it('one formation each in turn, the first player first', () => {
    expect(order('ork-war-horde/warband, ork-war-horde/warband', 'ork-war-horde/warband, ork-war-horde/warband', 1)).toEqual(['A', 'B', 'A', 'B']);
  });

  it('retaining after a passed test: two in a row, never three', () => {
    expect(order('ork-war-horde/warband, ork-war-horde/warband, ork-war-horde/warband', 'ork-war-horde/warband, ork-war-horde/warband, ork-war-horde/warband', 0)).toEqual(['A', 'A retains', 'B', 'B retains', 'A', 'B']);
  });

  it('"If one player runs out of formations to activate ... the opposing player may keep on activating" without the -1', () => {
    expect(order('ork-war-horde/warband, ork-war-horde/warband, ork-war-horde/warband', 'ork-war-horde/warband', 1)).toEqual(['A', 'B', 'A', 'A']);
  });
});

describe('the end of the game (RB 6.1.7)', () => {
  const runner = new GameRunner(gameSpec(army('ork-war-horde/warband'), army('ork-war-horde/warband', 'B'), { table: OPEN_TABLE, maxTurns: 6 }));
  const { game, players } = runner;
  const result = new GameResult();
  const atTurn = (turn: number): void => {
    setUp(game, players, new RandomTableMaker(), SIXES());
    game.turn = turn;
    result.end = END_GOALS;
    result.winner = -1;
    // Both warbands stand in the open, out of reach of every objective: no goal but They Shall Not Pass, which both have.
    put(game, 0, 10, 45);
    put(game, 1, 170, 75);
  };

  it('no winner after turn 3: the game goes on, no dice', () => {
    atTurn(3);
    expect(gameOver(game, result, new ScriptedDice([]))).toBe(false);
  });

  it('after turn 4, equal D6s play another turn, different ones end it on the tiebreak', () => {
    atTurn(4);
    expect(gameOver(game, result, new ScriptedDice([3, 3]))).toBe(false);
    expect(gameOver(game, result, new ScriptedDice([2, 5]))).toBe(true);
    expect(result.end).toBe(END_TIEBREAK);
  });

  it('at the turn cap, equal dice end it too, and the cap is named', () => {
    atTurn(6);
    game.notPlayed.clear();
    expect(gameOver(game, result, new ScriptedDice([4, 4]))).toBe(true);
    expect(result.end).toBe(END_TIEBREAK);
    expect(game.notPlayed.mattered[NP_TURN_CAP]).toBe(1);
  });
});
