import { expect, it } from 'vitest';
import { loadDataset } from '../../src/model/loadDataset.js';
import { parseFormation } from '../../src/model/formation.js';
import { rngFromSeed } from '../../src/sim/rng.js';
import { GameRunner } from '../../src/rulesets/netea/game/gameRunner.js';
import { parseArmy } from '../../src/rulesets/netea/game/armyInput.js';
import { activate } from '../../src/rulesets/netea/game/activation.js';
import { assaultFormation } from '../../src/rulesets/netea/game/assaults.js';
import { ACT_ADVANCE, ACT_DOUBLE, ACT_OVERWATCH, ACT_SUSTAINED } from '../../src/rulesets/netea/game/actionCodes.js';
import { K_SHOOTS_ABOARD } from '../../src/rulesets/netea/game/formationInfo.js';
import { POLICIES } from '../../src/rulesets/netea/game/policy/policyParams.js';
import { ScriptedDice } from '../helpers/scriptedDice.js';
import { describeWithTp } from '../helpers/tournamentPack.js';
import { gameSpec, OPEN_TABLE, put, readyOffTable } from './helpers.js';

/**
 * TP White Scars Transport: "The transport vehicles will be Land Raiders if the detachment is
 * Terminators, Rhinos for any other form of detachment". Its "Four Terminator units plus
 * transport" (575 points) was fielded as four Terminators on foot: the Land Raiders its cost
 * includes were bought and never fielded (issue 30's parity work).
 */
describeWithTp('Space Marine "plus transport" Terminators', (tp) => {
  const data = loadDataset(tp);
  const ids = (text: string): string[] => parseFormation(data, text).units.map((u) => u.unit.id);

  it('White Scars Terminators come with a Land Raider each (one Terminator fills one); other lists\' Terminators with none', () => {
    const terminators = parseFormation(data, 'space-marine-white-scars/terminator');
    expect(terminators.points).toBe(575);
    expect(ids('space-marine-white-scars/terminator')).toEqual([...Array(4).fill('terminator'), ...Array(4).fill('land-raider')]);
    // Upgrades that do not ride add no transport: a Hunter and two Vindicators.
    expect(ids('space-marine-white-scars/terminator+hunter+vindicators+vindicators').filter((id) => id === 'land-raider')).toHaveLength(4);
    // Left behind on request, as any "plus transport" formation.
    expect(ids('space-marine-white-scars/terminator@on-foot')).toEqual(Array(4).fill('terminator'));
    // The White Scars' other detachments keep their Rhinos, two infantry units each.
    expect(ids('space-marine-white-scars/tactical')).toEqual([...Array(6).fill('tactical'), ...Array(3).fill('rhino')]);
    // TP Space Wolves Transport: units that cannot ride a Rhino are not counted; Land Raiders are an upgrade.
    expect(ids('space-marine-space-wolves/wolf-guard-terminators')).toEqual(Array(4).fill('wolf-guard-terminators'));
    expect(ids('space-marine-codex-astartes/terminator')).toEqual(Array(4).fill('terminator'));
  });

  /** A game of `text` (army A) against an Ork warband, on OPEN_TABLE, every formation off the table, turn 1. */
  const gameOf = (text: string): GameRunner => {
    const policy = POLICIES['objective-first'];
    const runner = new GameRunner(gameSpec(parseArmy(data, text, 'A'), parseArmy(data, 'ork-war-horde/warband', 'B'), { table: OPEN_TABLE, policies: [policy, policy] }));
    readyOffTable(runner, 1);
    return runner;
  };
  /** Formation 0 of the runner's army A takes `action` towards (x, y), every die a 6; returns how far north it got. */
  const act = (runner: GameRunner, action: number, x: number, y: number): number => {
    const { game, players } = runner;
    const plan = players[0].plan;
    const y0 = game.y[0]!;
    plan.f = 0;
    plan.action = action;
    plan.target = -1;
    plan.destX = x;
    plan.destY = y;
    plan.shotThere = 0;
    game.activated[0] = 0;
    expect(activate(game, players, plan, false, new ScriptedDice(new Array<number>(200).fill(6)))).toBe(true);
    return game.y[0]! - y0;
  };

  it('in a game they ride: a double moves them 2 x 25 cm (the Land Raiders), on foot 2 x 15 cm', () => {
    for (const [text, moved] of [
      ['space-marine-white-scars/terminator', 50],
      ['space-marine-white-scars/terminator@on-foot', 30],
    ] as const) {
      const runner = gameOf(text);
      put(runner.game, 0, 10, 10);
      put(runner.game, 1, 170, 115);
      expect(act(runner, ACT_DOUBLE, 10, 110)).toBeCloseTo(moved, 6);
    }
  });

  it('RB 1.7.5: with nothing to shoot at, passengers stay aboard and the next advance is the transports\' 25 cm; they get out to shoot', () => {
    const runner = gameOf('space-marine-white-scars/terminator');
    const { game } = runner;
    put(game, 0, 10, 10);
    put(game, 1, 170, 115);
    // Nothing within the Land Raiders' 45 cm after the double: they ride on.
    expect(act(runner, ACT_DOUBLE, 10, 110)).toBeCloseTo(50, 6);
    expect(game.embarked[0]).toBe(1);
    // One move at the riders' speed, not the Terminators' 15 cm; the warband then within range: out to shoot.
    put(game, 1, 10, 118);
    expect(act(runner, ACT_ADVANCE, 10, 110)).toBeCloseTo(25, 6);
    expect(game.embarked[0]).toBe(0);
  });

  it('RB 1.12.4: assaulted while aboard, the passengers get out to fight (and are no longer aboard after it)', () => {
    const runner = gameOf('space-marine-white-scars/terminator');
    const { game, players } = runner;
    put(game, 0, 10, 10);
    put(game, 1, 170, 115);
    act(runner, ACT_DOUBLE, 10, 110);
    expect(game.embarked[0]).toBe(1);
    const e = game.e;
    const aboard = (): number => {
      let n = 0;
      for (let u = e.fUnitStart[0]!; u < e.fUnitEnd[0]!; u++) n += e.transports.stEmbarked[u]!;
      return n;
    };
    expect(aboard()).toBe(4);
    // The warband charges from 5 cm away.
    put(game, 1, 10, game.y[0]! + game.rad[0]! + game.rad[1]! + 5);
    assaultFormation(game, players, 1, 0, 0, rngFromSeed('assault'));
    expect(aboard()).toBe(0);
    expect(game.embarked[0]).toBe(0);
  });

  it('passengers aboard plan no sustained fire (they could not shoot); Raiders\' passengers, who may shoot aboard, get out after every action', () => {
    const runner = gameOf('space-marine-white-scars/terminator');
    const { game, players } = runner;
    put(game, 0, 10, 10);
    put(game, 1, 170, 115);
    act(runner, ACT_DOUBLE, 10, 110);
    expect(game.embarked[0]).toBe(1);
    put(game, 1, 10, 95);
    players[0].planFor(0, players[0].plan);
    expect(players[0].plan.action).not.toBe(ACT_SUSTAINED);
    expect(players[0].plan.action).not.toBe(ACT_OVERWATCH);
    const raiders = gameOf('dark-eldar/kabal-coterie');
    expect(raiders.game.info.kind[0]! & K_SHOOTS_ABOARD).not.toBe(0);
    put(raiders.game, 0, 10, 10);
    put(raiders.game, 1, 170, 115);
    act(raiders, ACT_DOUBLE, 10, 110);
    expect(raiders.game.embarked[0]).toBe(0);
  });
});
