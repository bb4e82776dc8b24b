import { expect, it } from 'vitest';
import { loadDataset } from '../../src/model/loadDataset.js';
import { rngFromSeed } from '../../src/sim/rng.js';
import { GameRunner } from '../../src/rulesets/netea/game/gameRunner.js';
import { parseArmy } from '../../src/rulesets/netea/game/armyInput.js';
import { activate } from '../../src/rulesets/netea/game/activation.js';
import { ACT_ENGAGE } from '../../src/rulesets/netea/game/actionCodes.js';
import { ATTACKER_WINS } from '../../src/rulesets/netea/game/engine.js';
import { hasCommander, mayFollow } from '../../src/rulesets/netea/game/commander.js';
import { GONE } from '../../src/rulesets/netea/game/game.js';
import { EV_ASSAULT, Timeline } from '../../src/rulesets/netea/game/timeline.js';
import { timelineText } from '../../src/rulesets/netea/game/timelineText.js';
import { POLICIES } from '../../src/rulesets/netea/game/policy/policyParams.js';
import { ScriptedDice } from '../helpers/scriptedDice.js';
import { describeWithTp } from '../helpers/tournamentPack.js';
import { gameSpec, OPEN_TABLE, put, readyOffTable } from './helpers.js';

/**
 * RB 2.1.2 Commanders (TP the same): a commander's formation engaging with up to two other
 * formations that have a unit within 5 cm of its own, one action test for all, one combined
 * assault. Steel Legion infantry companies (13 units, a Commander among them, initiative 2+)
 * against Ork warbands (10 units each); forced dice.
 */
describeWithTp('Commander: the combined assault (RB 2.1.2)', (tp) => {
  const data = loadDataset(tp);
  const company = 'imperial-guard-steel-legion/infantry-company';
  const runnerOf = (companies: number): GameRunner => {
    const policy = POLICIES.aggressive;
    const a = parseArmy(data, new Array<string>(companies).fill(company).join(', '), 'A');
    const b = parseArmy(data, 'ork-war-horde/warband, ork-war-horde/warband', 'B');
    return new GameRunner(gameSpec(a, b, { table: OPEN_TABLE, policies: [policy, policy] }));
  };
  /** Army A's company 0 at (90, 50); the warbands (the last two formations) 10 cm north of it, the second 3 cm beside the first (intermingled, RB 1.12.10). */
  const scene = (runner: GameRunner): { t: number; u: number } => {
    readyOffTable(runner, 1);
    const { game } = runner;
    const t = game.nF - 2;
    put(game, 0, 90, 50);
    put(game, t, 90, 50 + game.rad[0]! + 10 + game.rad[t]!);
    put(game, t + 1, 90 + 2 * game.rad[t]! + 3, game.y[t]!);
    return { t, u: t + 1 };
  };
  /** Puts company g of army A `gap` cm west (side -1) or east (+1) of company 0. */
  const beside = (runner: GameRunner, g: number, side: number, gap: number): void => {
    const { game } = runner;
    put(game, g, 90 + side * (2 * game.rad[0]! + gap), 50);
  };
  /** Company 0 engages warband t with `followers`, the dice forced: the action test's die, then 1s (every attack misses, each result roll 1). */
  const engage = (runner: GameRunner, t: number, followers: number, testDie: number): boolean => {
    const { game, players } = runner;
    const plan = players[0].plan;
    plan.f = 0;
    plan.action = ACT_ENGAGE;
    plan.target = t;
    plan.followers = followers;
    return activate(game, players, plan, false, new ScriptedDice([testDie, ...new Array<number>(5000).fill(1)]));
  };

  it('who may follow: a unit within 5 cm of the commander\'s formation; not at 6 cm, not once activated, not broken', () => {
    const runner = runnerOf(4);
    const { game } = runner;
    scene(runner);
    beside(runner, 1, -1, 5);
    beside(runner, 2, 1, 6);
    put(game, 3, 90, 50 - 2 * game.rad[0]! - 4);
    expect(hasCommander(game, 0)).toBe(true);
    expect(game.gap(0, 1)).toBeCloseTo(5, 9);
    expect(game.gap(0, 2)).toBeCloseTo(6, 9);
    expect(mayFollow(game, 0, 1)).toBe(true);
    expect(mayFollow(game, 0, 2)).toBe(false);
    expect(mayFollow(game, 0, 3)).toBe(true);
    game.activated[3] = 1;
    expect(mayFollow(game, 0, 3)).toBe(false);
    game.activated[3] = 0;
    game.e.fBroken[3] = 1;
    expect(mayFollow(game, 0, 3)).toBe(false);
    // The commander unit (the company's first) dead: no commander left to order anyone.
    game.e.stAlive[game.e.fUnitStart[0]!] = 0;
    expect(hasCommander(game, 0)).toBe(false);
  });

  it('TP Land Raider Prometheus: its formation\'s units "may ignore the 5cm restriction when using commander"', () => {
    const prometheus = 'space-marine-scions-of-iron/land-raider+commander-replace-a-land-raider-with-a-land-raider-prometheus-with-supreme-commander';
    const runner = new GameRunner(gameSpec(parseArmy(data, `${prometheus}, space-marine-scions-of-iron/tactical, space-marine-scions-of-iron/land-raider`, 'A'), parseArmy(data, 'ork-war-horde/warband', 'B'), { table: OPEN_TABLE }));
    const { game } = runner;
    readyOffTable(runner, 1);
    put(game, 0, 90, 50);
    put(game, 1, 30, 50);
    put(game, 2, 150, 50);
    put(game, 3, 90, 110);
    const e = game.e;
    const carrier = e.fUnitEnd[0]! - 1;
    expect(Array.from(game.info.commandAnyRange.subarray(e.fUnitStart[0]!, e.fUnitEnd[0]!))).toEqual([0, 0, 0, 1]);
    expect(game.gap(0, 1)).toBeGreaterThan(30);
    expect([hasCommander(game, 0), mayFollow(game, 0, 1)]).toEqual([true, true]);
    // A Land Raider formation without one is held to the 5 cm (and has no commander to order anyone).
    expect([hasCommander(game, 2), mayFollow(game, 2, 1)]).toEqual([false, false]);
    // The Prometheus (which carries the Supreme Commander) destroyed: the 5 cm holds again.
    e.stAlive[carrier] = 0;
    expect(mayFollow(game, 0, 1)).toBe(false);
  });

  it('the player orders at most two formations, only those within 5 cm: not a third, not one 6 cm away (the reckoning\'s worth, exactly)', () => {
    // Five companies against a Great Gargant, every company given even odds against it (the spec's assaultOdds): each
    // charger's strength is 0.5 / 0.5 = 1, and they add (followWorth).
    const a = parseArmy(data, new Array<string>(5).fill(company).join(', '), 'A');
    const b = parseArmy(data, 'ork-war-horde/great-gargant', 'B');
    const policy = POLICIES.aggressive;
    const runner = new GameRunner({ ...gameSpec(a, b, { table: OPEN_TABLE, policies: [policy, policy] }), assaultOdds: new Array<number>(2 * 6 * 6).fill(0.5) });
    const { game, players } = runner;
    readyOffTable(runner, 1);
    const t = 5;
    const r = game.rad[0]!;
    put(game, 0, 90, 50);
    put(game, t, 90, 50 + r + 5 + game.rad[t]!);
    put(game, 1, 90 - 2 * r - 4.5, 50);
    put(game, 2, 90 + 2 * r + 4.5, 50);
    put(game, 3, 90, 50 - 2 * r - 4);
    put(game, 4, 90 + (2 * r + 6) * Math.SQRT1_2, 50 - (2 * r + 6) * Math.SQRT1_2);
    expect([1, 2, 3, 4].map((g) => Math.round(game.gap(0, g) * 10) / 10)).toEqual([4.5, 4.5, 4, 6]);
    // Each could charge the Gargant (within 15 cm of it after its 15 cm charge move), none lends it supporting fire (over 15 cm).
    for (const g of [1, 2, 3, 4]) expect(game.gap(g, t)).toBeGreaterThan(15);
    for (const g of [1, 2, 3, 4]) expect(game.gap(g, t)).toBeLessThanOrEqual(30);
    const points = game.info.points[t]!;
    const prize = 0.6 * points;
    const plan = players[0].plan;
    players[0].planFor(0, plan);
    // Three may follow; two do, the first two found (each adds as much): 0.75 x prize - 0.25 x half of 750 points.
    expect(plan.action).toBe(ACT_ENGAGE);
    expect(plan.target).toBe(t);
    expect(plan.followers).toBe((1 << 1) | (1 << 2));
    expect(plan.score).toBeCloseTo(0.75 * prize - 0.25 * 0.5 * 750, 9);
    // A Blast marker on the first: its strength 0.95 and the one test at -1 (a 3+, 4/6 against 5/6): the other two follow.
    game.e.fBm[1] = 1;
    players[0].planFor(0, plan);
    expect(plan.followers).toBe((1 << 2) | (1 << 3));
    expect(plan.score).toBeCloseTo(0.75 * prize - 0.25 * 0.5 * 750, 9);
    // It alone may follow: 1.95 / 2.95 to win, the worth times 0.8, which beats charging alone only against a rich prize.
    put(game, 2, 40, 5);
    put(game, 3, 70, 5);
    players[0].planFor(0, plan);
    const p = 1.95 / 2.95;
    const withIt = 0.8 * (p * prize - (1 - p) * 0.5 * 500);
    const alone = 0.5 * prize - 0.5 * 0.5 * 250;
    expect(withIt).toBeGreaterThan(alone);
    expect(plan.followers).toBe(1 << 1);
    expect(plan.score).toBeCloseTo(withIt, 9);
    game.e.fBm[1] = 0;
    // Only the company 6 cm away left: the commander's company charges alone, at even odds.
    for (const g of [1, 2, 3]) put(game, g, 10 + 30 * g, 5);
    players[0].planFor(0, plan);
    expect(plan.action).toBe(ACT_ENGAGE);
    expect(plan.followers).toBe(0);
    expect(plan.score).toBeCloseTo(0.5 * prize - 0.5 * 0.5 * 250, 9);
  });

  it('one test for all: failed, the commander\'s formation takes the Blast marker and holds, the others are unaffected and may act later', () => {
    const runner = runnerOf(3);
    const { game } = runner;
    const { t } = scene(runner);
    beside(runner, 1, -1, 4);
    beside(runner, 2, 1, 4);
    // A follower with a Blast marker: -1 for all (RB 2.1.2), the 2+ test needs a 3.
    game.e.fBm[2] = 1;
    const warband = game.e.fAlive[t]!;
    expect(engage(runner, t, (1 << 1) | (1 << 2), 2)).toBe(false);
    expect(Array.from(game.e.fBm.subarray(0, 3))).toEqual([1, 0, 1]);
    expect(Array.from(game.activated.subarray(0, 3))).toEqual([1, 0, 0]);
    expect(game.e.fAlive[t]).toBe(warband);
    // Without the follower's marker a 2 passes.
    scene(runner);
    beside(runner, 1, -1, 4);
    expect(engage(runner, t, 1 << 1, 2)).toBe(true);
    expect(Array.from(game.activated.subarray(0, 3))).toEqual([1, 1, 0]);
  });

  it('the result counts the followers\' units (RB 1.12.6): 13 against 20 loses, 26 against 20 wins; every charger is activated', () => {
    const runner = runnerOf(3);
    const { game } = runner;
    const e = game.e;
    // Every attack a 1 (no kills), both result rolls 1: outnumbering and Blast markers decide.
    // Alone: 13 units against the warbands' 20: 1 + 1 (no Blast marker) = 2 against 1 + 1 + 1 (outnumbering) = 3.
    let { t, u } = scene(runner);
    beside(runner, 1, -1, 30);
    expect(engage(runner, t, 0, 6)).toBe(true);
    expect([e.asUnits[0], e.asUnits[1]]).toEqual([13, 20]);
    // Lost by 1: one extra hit, the company broken; nobody else touched.
    expect([e.fAlive[0], e.fAlive[t], e.fAlive[u], e.fBroken[0]]).toEqual([12, 10, 10, 1]);
    expect(Array.from(game.activated.subarray(0, 3))).toEqual([1, 0, 0]);
    // With a follower: 26 against 20, 1 + 1 + 1 = 3 against 2: the attackers win by 1: one extra hit on the warbands, both broken.
    ({ t, u } = scene(runner));
    beside(runner, 1, -1, 4);
    const timeline = new Timeline();
    game.timeline = timeline;
    expect(engage(runner, t, 1 << 1, 6)).toBe(true);
    game.timeline = null;
    expect([e.asUnits[0], e.asUnits[1]]).toEqual([26, 20]);
    expect([e.fBroken[0], e.fBroken[1], e.fBroken[t], e.fBroken[u]]).toEqual([0, 0, 1, 1]);
    expect([e.fAlive[t], e.fAlive[u], e.fAlive[0], e.fAlive[1]]).toEqual([9, 10, 13, 13]);
    expect(Array.from(game.activated.subarray(0, 3))).toEqual([1, 1, 0]);
    expect(Array.from(game.moved.subarray(0, 3))).toEqual([1, 1, 0]);
    let assault = -1;
    for (let i = 0; i < timeline.n; i++) if (timeline.kind[i] === EV_ASSAULT) assault = i;
    expect(timeline.a[assault]).toBe(ATTACKER_WINS);
    expect(timeline.d[assault]).toBe(1 << 1);
    expect(timelineText(timeline, game.spec).some((line) => line.includes('following the commander (RB 2.1.2): the attacker wins'))).toBe(true);
  });

  it('the result counts the followers\' Blast markers, and losing breaks every charger: 39 against 20 with one marker loses', () => {
    const runner = runnerOf(3);
    const { game } = runner;
    const e = game.e;
    const { t, u } = scene(runner);
    beside(runner, 1, -1, 4);
    beside(runner, 2, 1, 4);
    e.fBm[2] = 1;
    // 39 against 20 (not twice as many): 1 + 1 = 2 against 1 + 1 (no Blast marker) + 1 (fewer) = 3. The test needs a 3.
    expect(engage(runner, t, (1 << 1) | (1 << 2), 3)).toBe(true);
    expect([e.asUnits[0], e.asUnits[1], e.asBlastMarkers[0], e.asBlastMarkers[1]]).toEqual([39, 20, 1, -1]);
    expect([e.fBroken[0], e.fBroken[1], e.fBroken[2], e.fBroken[t], e.fBroken[u]]).toEqual([1, 1, 1, 0, 0]);
    expect(Array.from(game.activated.subarray(0, 3))).toEqual([1, 1, 1]);
  });

  it('won, each formation takes Blast markers for its own casualties; the result counts every charger\'s losses (seeded dice)', () => {
    const runner = runnerOf(3);
    const { game, players } = runner;
    const e = game.e;
    const plan = players[0].plan;
    const fight = (seed: string): boolean => {
      const { t, u } = scene(runner);
      game.status[u] = GONE;
      // The followers 4 cm from the commander's company, 8 cm from the warband: all three charge into contact.
      for (const side of [-1, 1]) put(game, side < 0 ? 1 : 2, 90 + side * 24 * Math.cos(Math.PI / 6), 50 + 24 * Math.sin(Math.PI / 6));
      plan.f = 0;
      plan.action = ACT_ENGAGE;
      plan.target = t;
      plan.followers = (1 << 1) | (1 << 2);
      return activate(game, players, plan, false, rngFromSeed(seed));
    };
    // Stale counts from an earlier assault would not do: the result roll writes them afresh.
    e.asLosses.fill(-1);
    e.asUnits.fill(-1);
    expect(fight('commander 18')).toBe(true);
    const t = game.nF - 2;
    const lost = [0, 1, 2].map((g) => 13 - e.fAlive[g]!);
    // Every charger lost units; the result counted all 8 (the warband's +8) and the 31 left against its 2.
    expect(lost).toEqual([6, 1, 1]);
    expect([e.asLosses[0], e.asUnits[0], e.asUnits[1]]).toEqual([8, 31, 2]);
    // The attackers won: the warband, its 2 less the margin's hits, broken; each charger one Blast marker per unit it lost.
    expect([e.fBroken[t], e.fAlive[t]]).toEqual([1, 1]);
    expect(Array.from(e.fBm.subarray(0, 3))).toEqual([6, 1, 1]);
    expect(Array.from(e.fBroken.subarray(0, 3))).toEqual([0, 0, 0]);
  });
});

