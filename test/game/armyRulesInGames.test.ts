import { expect, it } from 'vitest';
import { loadDataset } from '../../src/model/loadDataset.js';
import { GameRunner } from '../../src/rulesets/netea/game/gameRunner.js';
import { parseArmy } from '../../src/rulesets/netea/game/armyInput.js';
import { activate } from '../../src/rulesets/netea/game/activation.js';
import { actionPhase } from '../../src/rulesets/netea/game/turn.js';
import { setUp } from '../../src/rulesets/netea/game/playGame.js';
import { RandomTableMaker } from '../../src/rulesets/netea/game/randomTable.js';
import { ACT_ADVANCE, ACT_DOUBLE, ACT_MARCH, ACT_OVERWATCH } from '../../src/rulesets/netea/game/actionCodes.js';
import { K_GARRISON, K_HIT_AND_RUN } from '../../src/rulesets/netea/game/formationInfo.js';
import { EV_SHOOT, Timeline } from '../../src/rulesets/netea/game/timeline.js';
import { POLICIES } from '../../src/rulesets/netea/game/policy/policyParams.js';
import { ScriptedDice } from '../helpers/scriptedDice.js';
import { describeWithTp } from '../helpers/tournamentPack.js';
import { actionOrder, gameSpec, OPEN_TABLE, put, readyOffTable } from './helpers.js';

/**
 * Army rules of the Tournament Pack a game plays (issue 30's parity work), with forced dice:
 * Farsight's retains (Eldar), Fleet of Foot's marches (Dark Eldar), Hit & Run Tactics' shot
 * before a move (Eldar, Dark Eldar), Implacable Advance's ban on marching and the Scarab
 * Conflict's ban on garrisons (Necrons).
 */
describeWithTp('Tournament Pack army rules in games', (tp) => {
  const data = loadDataset(tp);
  const runnerOf = (a: string, b: string, retainChance: number = POLICIES['objective-first'].retainChance): GameRunner => {
    const policy = { ...POLICIES['objective-first'], retainChance };
    return new GameRunner(gameSpec(parseArmy(data, a, 'A'), parseArmy(data, b, 'B'), { table: OPEN_TABLE, policies: [policy, policy] }));
  };
  /** A game with its objectives on OPEN_TABLE, army A on the south edge, every formation off the table. */
  const ready = (runner: GameRunner): void => readyOffTable(runner, 1);

  it('Farsight: a formation with a living Farseer retains without the -1 (a 2 passes its 2+ test); without one, or with it dead, a 2 fails', () => {
    // Guardians (a Farseer among them) and Rangers: both Biel-Tan formations test on 2+.
    const runner = runnerOf('eldar-biel-tan/guardian, eldar-biel-tan/ranger', 'ork-war-horde/warband');
    const { game, players } = runner;
    const plan = players[0].plan;
    const test = (f: number, retain: boolean, die: number): boolean => {
      ready(runner);
      put(game, f, 90, 20);
      put(game, 2, 90, 110);
      plan.f = f;
      plan.action = ACT_OVERWATCH;
      plan.target = -1;
      return activate(game, players, plan, retain, new ScriptedDice([die, 6, 6, 6, 6, 6, 6, 6, 6]));
    };
    ready(runner);
    expect(game.e.fInitiative[0]).toBe(2);
    expect(game.e.fInitiative[1]).toBe(2);
    expect(game.hasFarsight(0)).toBe(true);
    expect(game.hasFarsight(1)).toBe(false);
    expect(test(0, true, 2)).toBe(true);
    expect(test(1, true, 2)).toBe(false);
    expect(test(1, true, 3)).toBe(true);
    expect(players[0].needFor(0, ACT_OVERWATCH, true)).toBe(2);
    expect(players[0].needFor(1, ACT_OVERWATCH, true)).toBe(3);
    // The Farseer is the Guardians' first unit: dead, the -1 is back.
    ready(runner);
    game.e.stAlive[game.e.fUnitStart[0]!] = 0;
    expect(game.hasFarsight(0)).toBe(false);
    expect(players[0].needFor(0, ACT_OVERWATCH, true)).toBe(3);
  });

  /** The armies acting in turn 1's action phase (all sixes), each with whether it retained. */
  function order(a: string, b: string): string[] {
    const runner = runnerOf(a, b, 0);
    const { game, players } = runner;
    const dice = new ScriptedDice(new Array<number>(20_000).fill(6));
    setUp(game, players, new RandomTableMaker(), dice);
    const timeline = new Timeline();
    game.timeline = timeline;
    game.turn = 1;
    game.firstToAct = 0;
    game.farsightRetained.fill(0);
    players[0].newTurn();
    players[1].newTurn();
    actionPhase(game, players, dice);
    return actionOrder(game, timeline);
  }

  it('Farsight: once a turn, with a Farseer on the table, the Eldar retain twice in a row; never without one', () => {
    const orks = 'ork-war-horde/warband, ork-war-horde/warband, ork-war-horde/warband, ork-war-horde/warband';
    expect(order('eldar-biel-tan/guardian, eldar-biel-tan/ranger, eldar-biel-tan/ranger, eldar-biel-tan/ranger', orks)).toEqual(['A', 'A retains', 'A retains', 'B', 'B retains', 'A', 'B', 'B']);
    expect(order('eldar-biel-tan/ranger, eldar-biel-tan/ranger, eldar-biel-tan/ranger, eldar-biel-tan/ranger', orks)).toEqual(['A', 'A retains', 'B', 'B retains', 'A', 'A retains', 'B', 'B']);
  });

  it('Implacable Advance: a Necron formation never plans a march where a Biel-Tan one of the same speed does', () => {
    // Both 15 cm infantry on the south edge, the objectives far: the Rangers march, the Necron Warriors double at most.
    const runner = runnerOf('eldar-biel-tan/ranger, necron/infantry-phalanx', 'ork-war-horde/warband');
    const { game, players } = runner;
    ready(runner);
    put(game, 0, 40, 5);
    put(game, 1, 140, 5);
    put(game, 2, 90, 115);
    expect(game.info.speed[0]).toBe(15);
    expect(game.info.speed[1]).toBe(15);
    players[0].planFor(0, players[0].plan);
    expect(players[0].plan.action).toBe(ACT_MARCH);
    players[0].planFor(1, players[0].plan);
    expect(players[0].plan.action).toBe(ACT_DOUBLE);
  });

  it('Fleet of Foot: a Dark Eldar formation that marched still lends support, crossfire and flak; an Eldar one does not', () => {
    const runner = runnerOf('dark-eldar/kabal-syndicate, eldar-biel-tan/ranger', 'ork-war-horde/warband');
    const { game, players } = runner;
    const plan = players[0].plan;
    for (const f of [0, 1]) {
      ready(runner);
      put(game, f, 90, 10);
      put(game, 2, 90, 110);
      plan.f = f;
      plan.action = ACT_MARCH;
      plan.target = -1;
      plan.destX = 90;
      plan.destY = 60;
      expect(activate(game, players, plan, false, new ScriptedDice(new Array<number>(100).fill(6)))).toBe(true);
      expect(game.y[f]).toBeGreaterThan(10);
      expect(game.marched[f]).toBe(f === 0 ? 0 : 1);
    }
  });

  it('Hit & Run Tactics: shooting before the move when the target will be out of range after it; without the rule, no shot', () => {
    // Dark Reapers 45 cm from a warband, advancing 15 cm away from it: in range before the move, out of it after.
    const runner = runnerOf('eldar-biel-tan/aspect-warrior', 'ork-war-horde/warband');
    const { game, players } = runner;
    const plan = players[0].plan;
    const range = game.info.range[0]!;
    const shots = (hitAndRun: boolean): number => {
      ready(runner);
      if (hitAndRun) game.info.kind[0]! |= K_HIT_AND_RUN;
      else game.info.kind[0]! &= ~K_HIT_AND_RUN;
      put(game, 0, 90, 40);
      put(game, 1, 90, 40 + range - 5 + game.rad[0]! + game.rad[1]!);
      const timeline = new Timeline();
      game.timeline = timeline;
      plan.f = 0;
      plan.action = ACT_ADVANCE;
      plan.target = -1;
      plan.destX = 90;
      plan.destY = 0;
      plan.shotThere = 0;
      expect(activate(game, players, plan, false, new ScriptedDice(new Array<number>(1000).fill(6)))).toBe(true);
      game.timeline = null;
      expect(game.y[0]).toBeCloseTo(40 - game.info.speed[0]!, 6);
      let n = 0;
      for (let i = 0; i < timeline.n; i++) if (timeline.kind[i] === EV_SHOOT && timeline.f[i] === 0 && timeline.g[i] === 1) n++;
      return n;
    };
    expect(game.info.kind[0]! & K_HIT_AND_RUN).toBe(K_HIT_AND_RUN);
    expect(shots(true)).toBe(1);
    expect(shots(false)).toBe(0);
  });

  it('Scarab Conflict: Necron formations may not garrison; other 15 cm infantry may (RB 6.1.5)', () => {
    const runner = runnerOf('necron/infantry-phalanx, necron/venator-maniple', 'eldar-biel-tan/guardian');
    const { game } = runner;
    expect(game.info.kind[0]! & K_GARRISON).toBe(0);
    expect(game.info.kind[1]! & K_GARRISON).toBe(0);
    expect(game.info.kind[2]! & K_GARRISON).toBe(K_GARRISON);
  });
});

