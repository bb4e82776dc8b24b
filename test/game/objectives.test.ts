import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../src/sim/rng.js';
import { GameRunner } from '../../src/rulesets/netea/game/gameRunner.js';
import { setUp } from '../../src/rulesets/netea/game/playGame.js';
import { RandomTableMaker } from '../../src/rulesets/netea/game/randomTable.js';
import { findControl } from '../../src/rulesets/netea/game/endPhase.js';
import { CONTESTED, NOBODY, Objectives } from '../../src/rulesets/netea/game/objectives.js';
import { goalsOf, goalWinner } from '../../src/rulesets/netea/game/goals.js';
import { GOAL_BLITZKRIEG, GOAL_BREAK_THEIR_SPIRIT, GOAL_DEFEND_THE_FLAG, GOAL_TAKE_AND_HOLD, GOAL_THEY_SHALL_NOT_PASS } from '../../src/rulesets/netea/game/goalBits.js';
import { victoryPoints } from '../../src/rulesets/netea/game/victoryPoints.js';
import { GONE, type Game } from '../../src/rulesets/netea/game/game.js';
import { army, gameSpec, OPEN_TABLE, put } from './helpers.js';

/** RB 6.1.4 objectives and 6.1.7 goals and victory points, on hand-placed tables. */

describe('placing objectives (RB 6.1.4)', () => {
  it('each army\'s first on its own edge, its other two in the enemy half 30 cm or more from that edge and from every other objective', () => {
    const o = new Objectives();
    const edges = Uint8Array.of(0, 1);
    const rng = rngFromSeed('objectives');
    for (let game = 0; game < 2000; game++) {
      o.place(game & 1, edges, rng);
      for (let k = 0; k < 6; k++) {
        const own = edges[o.placer[k]!] === 0 ? 0 : 120;
        if (o.onEdge[k] === 1) expect(o.y[k]).toBe(own);
        else {
          expect(Math.abs(o.y[k]! - own)).toBeGreaterThan(60);
          expect(Math.abs(o.y[k]! - own)).toBeLessThanOrEqual(90);
          expect(o.half[k]).toBe(1 - o.placer[k]!);
        }
        for (let j = 0; j < k; j++) expect(Math.hypot(o.x[j]! - o.x[k]!, o.y[j]! - o.y[k]!)).toBeGreaterThanOrEqual(30);
      }
      expect([...o.onEdge].filter((v) => v === 1).length).toBe(2);
    }
  });
});

/** A game of two armies set up on the open test table; its formations then placed by hand. */
function table(a: string, b: string): Game {
  const runner = new GameRunner(gameSpec(army(a), army(b, 'B'), { table: OPEN_TABLE }));
  setUp(runner.game, runner.players, new RandomTableMaker(), rngFromSeed('x'));
  // Army A on the south edge: OPEN_TABLE's objectives 1 (90, 0) is its own, 3 (60, 40) and 4 (120, 40) in its half; 2, 5, 6 in B's.
  runner.game.edge[0] = 0;
  runner.game.edge[1] = 1;
  runner.game.objectives.placeFromLayout(OPEN_TABLE, runner.game.edge);
  for (let f = 0; f < runner.game.nF; f++) runner.game.status[f] = GONE;
  return runner.game;
}

describe('capturing and contesting (RB 6.1.4)', () => {
  it('a unit within 15 cm captures; both armies there contest; nobody, nobody', () => {
    const game = table('ork-war-horde/warband, ork-war-horde/warband', 'ork-war-horde/warband');
    const r = game.rad[0]!;
    // Formation 0's nearest unit 14 cm from objective 3 (60, 40); formation 1 on objective 5 (30, 80), and B's too.
    put(game, 0, 60, 40 + 14 + r);
    put(game, 1, 30, 80);
    put(game, 2, 30 + 2 * r + 6, 80);
    findControl(game);
    expect(game.objectives.control[2]).toBe(0);
    expect(game.objectives.control[4]).toBe(CONTESTED);
    expect(game.objectives.control[0]).toBe(NOBODY);
    // 16 cm away: out of reach.
    put(game, 0, 60, 40 + 16 + r);
    findControl(game);
    expect(game.objectives.control[2]).toBe(NOBODY);
  });

  it('units of broken formations, or of formations that rallied this end phase, neither capture nor contest', () => {
    const game = table('ork-war-horde/warband', 'ork-war-horde/warband');
    put(game, 0, 30, 80);
    put(game, 1, 30, 95);
    game.e.fBroken[1] = 1;
    findControl(game);
    expect(game.objectives.control[4]).toBe(0);
    game.e.fBroken[1] = 0;
    game.rallied[1] = 1;
    findControl(game);
    expect(game.objectives.control[4]).toBe(0);
    game.rallied[1] = 0;
    findControl(game);
    expect(game.objectives.control[4]).toBe(CONTESTED);
  });
});

describe('the five goals (RB 6.1.7)', () => {
  const setControl = (game: Game, control: number[]): void => control.forEach((c, k) => (game.objectives.control[k] = c));

  it('Blitzkrieg: the objective the opponent set up on his own edge', () => {
    const game = table('ork-war-horde/warband', 'ork-war-horde/warband');
    setControl(game, [NOBODY, 0, NOBODY, NOBODY, NOBODY, NOBODY]);
    expect(goalsOf(game, 0) & GOAL_BLITZKRIEG).toBe(GOAL_BLITZKRIEG);
    setControl(game, [0, NOBODY, NOBODY, NOBODY, NOBODY, NOBODY]);
    expect(goalsOf(game, 0) & GOAL_BLITZKRIEG).toBe(0);
  });

  it('Defend the Flag: all three in your half; Take and Hold: two in the opponent\'s', () => {
    const game = table('ork-war-horde/warband', 'ork-war-horde/warband');
    setControl(game, [0, NOBODY, 0, 0, NOBODY, NOBODY]);
    expect(goalsOf(game, 0) & GOAL_DEFEND_THE_FLAG).toBe(GOAL_DEFEND_THE_FLAG);
    setControl(game, [0, NOBODY, 0, CONTESTED, NOBODY, NOBODY]);
    expect(goalsOf(game, 0) & GOAL_DEFEND_THE_FLAG).toBe(0);
    setControl(game, [NOBODY, NOBODY, NOBODY, NOBODY, 0, 0]);
    expect(goalsOf(game, 0) & GOAL_TAKE_AND_HOLD).toBe(GOAL_TAKE_AND_HOLD);
    setControl(game, [NOBODY, 0, NOBODY, NOBODY, 0, NOBODY]);
    expect(goalsOf(game, 0) & GOAL_TAKE_AND_HOLD).toBe(GOAL_TAKE_AND_HOLD);
    setControl(game, [NOBODY, NOBODY, NOBODY, NOBODY, 0, CONTESTED]);
    expect(goalsOf(game, 0) & GOAL_TAKE_AND_HOLD).toBe(0);
  });

  it('Break Their Spirit: destroying (not breaking) the opponent\'s most expensive formation, any of several tied', () => {
    const game = table('ork-war-horde/warband', 'ork-war-horde/big-warband, ork-war-horde/warband');
    put(game, 1, 90, 100);
    game.e.fBroken[1] = 1;
    expect(goalsOf(game, 0) & GOAL_BREAK_THEIR_SPIRIT).toBe(0);
    game.e.fAlive[2] = 0;
    expect(goalsOf(game, 0) & GOAL_BREAK_THEIR_SPIRIT).toBe(0);
    game.e.fAlive[1] = 0;
    expect(goalsOf(game, 0) & GOAL_BREAK_THEIR_SPIRIT).toBe(GOAL_BREAK_THEIR_SPIRIT);
    const tied = table('ork-war-horde/warband', 'ork-war-horde/warband, ork-war-horde/warband');
    tied.e.fAlive[2] = 0;
    expect(goalsOf(tied, 0) & GOAL_BREAK_THEIR_SPIRIT).toBe(GOAL_BREAK_THEIR_SPIRIT);
  });

  it('They Shall Not Pass: no unbroken enemy formation in your half (a unit over the line counts)', () => {
    const game = table('ork-war-horde/warband', 'ork-war-horde/warband');
    const r = game.rad[1]!;
    put(game, 1, 90, 60 + r + 1);
    expect(goalsOf(game, 0) & GOAL_THEY_SHALL_NOT_PASS).toBe(GOAL_THEY_SHALL_NOT_PASS);
    put(game, 1, 90, 60 + r - 1);
    expect(goalsOf(game, 0) & GOAL_THEY_SHALL_NOT_PASS).toBe(0);
    game.e.fBroken[1] = 1;
    expect(goalsOf(game, 0) & GOAL_THEY_SHALL_NOT_PASS).toBe(GOAL_THEY_SHALL_NOT_PASS);
  });

  it('winning: two goals or more, and more than the opponent', () => {
    expect(goalWinner(GOAL_BLITZKRIEG | GOAL_TAKE_AND_HOLD, GOAL_THEY_SHALL_NOT_PASS)).toBe(0);
    expect(goalWinner(GOAL_BLITZKRIEG | GOAL_TAKE_AND_HOLD, GOAL_THEY_SHALL_NOT_PASS | GOAL_DEFEND_THE_FLAG)).toBe(-1);
    expect(goalWinner(GOAL_BLITZKRIEG, 0)).toBe(-1);
    expect(goalWinner(GOAL_BLITZKRIEG, GOAL_BREAK_THEIR_SPIRIT | GOAL_TAKE_AND_HOLD | GOAL_DEFEND_THE_FLAG)).toBe(1);
  });
});

describe('victory points (RB 6.1.7)', () => {
  it('full value destroyed or broken at half strength; half value at half strength unbroken, or broken above half', () => {
    // Army B: four warbands of 10 units, 200 points each.
    const game = table('ork-war-horde/warband', 'ork-war-horde/warband, ork-war-horde/warband, ork-war-horde/warband, ork-war-horde/warband');
    const e = game.e;
    const kill = (f: number, n: number): void => {
      for (let u = e.fUnitStart[f]!; u < e.fUnitStart[f]! + n; u++) e.stAlive[u] = 0;
      e.fAlive[f]! -= n;
    };
    kill(1, 10);
    kill(2, 5);
    e.fBroken[2] = 1;
    kill(3, 5);
    e.fBroken[4] = 1;
    const vp = new Float64Array(2);
    victoryPoints(game, 0, vp);
    // 200 destroyed + 200 broken at half + 100 unbroken at half + 100 broken above half.
    expect(vp[0]).toBe(600);
    victoryPoints(game, 1, vp);
    expect(vp[1]).toBe(0);
  });
});
