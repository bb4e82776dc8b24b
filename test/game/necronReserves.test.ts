import { expect, it } from 'vitest';
import { loadDataset } from '../../src/model/loadDataset.js';
import { rngFromSeed } from '../../src/sim/rng.js';
import { GameRunner } from '../../src/rulesets/netea/game/gameRunner.js';
import { parseArmy } from '../../src/rulesets/netea/game/armyInput.js';
import { activate } from '../../src/rulesets/netea/game/activation.js';
import { endPhase } from '../../src/rulesets/netea/game/endPhase.js';
import { teleportArrivals } from '../../src/rulesets/netea/game/arrivals.js';
import { ON_TABLE, RESERVE, type Game } from '../../src/rulesets/netea/game/game.js';
import { goalsOf } from '../../src/rulesets/netea/game/goals.js';
import { GOAL_BREAK_THEIR_SPIRIT } from '../../src/rulesets/netea/game/goalBits.js';
import { victoryPoints } from '../../src/rulesets/netea/game/victoryPoints.js';
import { ACT_DOUBLE, ACT_SUSTAINED } from '../../src/rulesets/netea/game/actionCodes.js';
import { K_NECRON_RESERVES, K_PHASE_OUT, K_PORTAL_USER, PORTAL, PORTAL_UNTIL_CRITICAL } from '../../src/rulesets/netea/game/formationInfo.js';
import { POLICIES } from '../../src/rulesets/netea/game/policy/policyParams.js';
import { TRIALS } from '../../src/sim/ruleset.js';
import { wilsonInterval } from '../../src/stats/wilsonInterval.js';
import { ScriptedDice } from '../helpers/scriptedDice.js';
import { describeWithTp } from '../helpers/tournamentPack.js';
import { gameSpec, OPEN_TABLE, playGames, put, readyOffTable } from './helpers.js';

/**
 * The Necron list's reserves in games (TP Phase Out, Necron Technology's Portal, Scarab Conflict's
 * Necron Reserves), with forced dice: a broken formation leaves the table in the end phase and
 * rallies there; in the reserves it counts as destroyed for the tiebreak and Break Their Spirit;
 * it comes back through a portal with an activation that moves, or by teleport once rallied.
 */
describeWithTp('Necron reserves in games (TP Phase Out, Portal)', (tp) => {
  const data = loadDataset(tp);
  const runnerOf = (a: string, b: string): GameRunner => {
    const policy = POLICIES['objective-first'];
    return new GameRunner(gameSpec(parseArmy(data, a, 'A'), parseArmy(data, b, 'B'), { table: OPEN_TABLE, policies: [policy, policy] }));
  };
  /** A game with its objectives on OPEN_TABLE, army A on the south edge, every formation off the table, turn 2. */
  const ready = (runner: GameRunner): void => readyOffTable(runner, 2);
  /** The engine units of formation f with a portal. */
  const portalsOf = (game: Game, f: number): number[] => {
    const out: number[] = [];
    for (let u = game.e.fUnitStart[f]!; u < game.e.fUnitEnd[f]!; u++) if (game.info.portal[u] !== 0) out.push(u);
    return out;
  };

  it('which formations phase out (no war engine but the C\'tan), may use portals (infantry, light vehicles, walkers) and are portals', () => {
    const runner = runnerOf(
      'necron/infantry-phalanx, necron/eques-maniple, necron/monolith-phalanx, necron/armoued-phalanx, necron/c-tan, necron/pylon, necron/warbarque, necron/harvester-engine',
      'ork-war-horde/warband',
    );
    const { game } = runner;
    const kind = (f: number): number => game.info.kind[f]! & (K_PHASE_OUT | K_PORTAL_USER | K_NECRON_RESERVES);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(kind)).toEqual([
      K_PHASE_OUT | K_PORTAL_USER | K_NECRON_RESERVES,
      K_PHASE_OUT | K_PORTAL_USER | K_NECRON_RESERVES,
      K_PHASE_OUT | K_NECRON_RESERVES,
      K_PHASE_OUT | K_NECRON_RESERVES,
      K_PHASE_OUT | K_NECRON_RESERVES,
      K_NECRON_RESERVES,
      K_NECRON_RESERVES,
      K_NECRON_RESERVES,
      K_PORTAL_USER,
    ]);
    // Three Monoliths; the Warbarque until its first critical ("The unit looses Portal"); the Abattoir.
    expect(portalsOf(game, 2).map((u) => game.info.portal[u])).toEqual([PORTAL, PORTAL, PORTAL]);
    expect(portalsOf(game, 6).map((u) => game.info.portal[u])).toEqual([PORTAL_UNTIL_CRITICAL]);
    expect(portalsOf(game, 7).map((u) => game.info.portal[u])).toEqual([PORTAL]);
    expect(portalsOf(game, 0)).toEqual([]);
  });

  it('Phase Out: a broken Infantry Phalanx leaves the table in the end phase and rallies in the reserves with no enemy near (3+ on a D6); a broken Pylon stays', () => {
    // 0 the phalanx (six Warriors, a Necron Lord), 1 a Pylon, 2 a warband 10 cm from the phalanx.
    const runner = runnerOf('necron/infantry-phalanx, necron/pylon', 'ork-war-horde/warband');
    const { game } = runner;
    const e = game.e;
    const brokenAt = (die: number): void => {
      ready(runner);
      put(game, 0, 90, 40);
      put(game, 1, 150, 20);
      put(game, 2, 90, 70);
      e.fBroken[0] = 1;
      e.fBm[0] = 6;
      e.fBroken[1] = 1;
      // The phalanx's rally die, then the Pylon's (and what its withdrawal may draw).
      endPhase(game, new ScriptedDice([die, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6]));
    };
    expect(e.fInitiative[0]).toBe(1);
    // On the table, an enemy within 30 cm would make it -3 (broken -2, enemy -1): a 3 would fail. In the reserves a 3 rallies.
    brokenAt(3);
    expect(game.status[0]).toBe(RESERVE);
    expect(e.fBroken[0]).toBe(0);
    // Half as many Blast markers as its six units, then the Lord's one removed (RB 1.14.1, leader).
    expect(e.fBm[0]).toBe(2);
    expect(game.rallied[0]).toBe(1);
    // A war engine other than the C'tan does not phase out.
    expect(game.status[1]).toBe(ON_TABLE);
    // A 2 fails (2 - 2 < 1): it stays in the reserves, broken, and withdraws nowhere.
    brokenAt(2);
    expect(game.status[0]).toBe(RESERVE);
    expect(e.fBroken[0]).toBe(1);
    expect(e.fWithdrawn[0]).toBe(0);
    expect(e.fAlive[0]).toBe(6);
  });

  it('Necron Reserves: in the reserves a formation counts as destroyed for the tiebreak (its full 225 points) and Break Their Spirit', () => {
    // 0 the phalanx (225, the army's most expensive), 1 a Venator Maniple (200), 2 a warband.
    const runner = runnerOf('necron/infantry-phalanx, necron/venator-maniple', 'ork-war-horde/warband');
    const { game } = runner;
    const e = game.e;
    const vp = new Float64Array(2);
    const orks = (): [number, boolean] => {
      victoryPoints(game, 1, vp);
      return [vp[1]!, (goalsOf(game, 1) & GOAL_BREAK_THEIR_SPIRIT) !== 0];
    };
    ready(runner);
    put(game, 0, 90, 40);
    put(game, 1, 30, 20);
    put(game, 2, 90, 110);
    expect(game.info.points[0]).toBe(225);
    expect(orks()).toEqual([0, false]);
    // Broken on the table above half strength: half its value (RB 6.1.7), not destroyed.
    e.fBroken[0] = 1;
    e.fBm[0] = 6;
    expect(orks()).toEqual([112.5, false]);
    // Phased out, then rallied in the reserves: destroyed for both.
    endPhase(game, new ScriptedDice([6, 6, 6, 6]));
    expect(game.status[0]).toBe(RESERVE);
    expect(e.fBroken[0]).toBe(0);
    expect(orks()).toEqual([225, true]);
    // Back on the table, unbroken at full strength: nothing.
    put(game, 0, 90, 40);
    expect(orks()).toEqual([0, false]);
  });

  it('Portal: a rallied formation enters through the open portal furthest forward and moves from it; each portal once a turn; not while broken; not a Warbarque\'s after its critical', () => {
    // 0, 1, 2 in the reserves (two phalanxes, an Eques Maniple); 3 a Monolith Maniple (one Monolith), 4 a Warbarque; 5 a warband.
    const runner = runnerOf('necron/infantry-phalanx, necron/infantry-phalanx, necron/eques-maniple, necron/monolith-maniple, necron/warbarque', 'ork-war-horde/warband');
    const { game, players } = runner;
    const player = players[0];
    const e = game.e;
    const monolith = portalsOf(game, 3)[0]!;
    const warbarque = portalsOf(game, 4)[0]!;
    const start = (): void => {
      ready(runner);
      put(game, 3, 60, 45);
      put(game, 4, 130, 20);
      put(game, 5, 90, 110);
      for (const f of [0, 1, 2]) game.status[f] = RESERVE;
    };
    start();
    // The Monolith stands further towards the enemy's edge (y 45 against 20).
    expect(player.canAct(0)).toBe(true);
    expect(player.portalFor(0)).toBe(monolith);
    player.planFor(0, player.plan);
    expect(player.plan.portal).toBe(monolith);
    expect(player.plan.action).not.toBe(ACT_SUSTAINED);
    expect(activate(game, players, player.plan, false, new ScriptedDice(new Array<number>(200).fill(6)))).toBe(true);
    expect(game.status[0]).toBe(ON_TABLE);
    expect(game.portalUsed[monolith]).toBe(1);
    // It moved from the Monolith's place: at most two moves of 15 cm (no march, TP Implacable Advance).
    const moved = Math.hypot(game.x[0]! - 60, game.y[0]! - 45);
    expect(moved).toBeGreaterThan(0);
    expect(moved).toBeLessThanOrEqual((player.plan.action === ACT_DOUBLE ? 30 : 15) + 1e-9);
    // The next takes the Warbarque's; then none is open this turn.
    expect(player.portalFor(1)).toBe(warbarque);
    player.planFor(1, player.plan);
    activate(game, players, player.plan, false, new ScriptedDice(new Array<number>(200).fill(6)));
    expect(game.status[1]).toBe(ON_TABLE);
    expect(player.canAct(2)).toBe(false);
    // A new turn opens both again.
    game.portalUsed.fill(0);
    expect(player.portalFor(2)).toBe(monolith);

    // Broken, it may not enter; a Warbarque that has taken a critical is no portal; a portal inside an enemy's zone of control is not used.
    start();
    e.fBroken[0] = 1;
    expect(player.canAct(0)).toBe(false);
    e.stCritCount[warbarque] = 1;
    expect(player.portalFor(1)).toBe(monolith);
    put(game, 5, 60, 45 + game.radius(3) + game.radius(1) + 4);
    expect(player.portalFor(1)).toBe(-1);
    expect(player.canAct(1)).toBe(false);
    e.stCritCount[warbarque] = 0;
    expect(player.portalFor(1)).toBe(warbarque);
  });

  it('Portal: a failed action test enters with the hold\'s one move and a Blast marker', () => {
    const runner = runnerOf('necron/infantry-phalanx, necron/monolith-maniple', 'ork-war-horde/warband');
    const { game, players } = runner;
    const player = players[0];
    ready(runner);
    put(game, 1, 60, 45);
    put(game, 2, 90, 110);
    game.status[0] = RESERVE;
    // Initiative 1+, -1 for its Blast marker (a rallied formation keeps some): a 1 fails.
    game.e.fBm[0] = 1;
    player.planFor(0, player.plan);
    const monolith = player.plan.portal;
    expect(monolith).toBeGreaterThanOrEqual(0);
    expect(player.needFor(0, player.plan.action, false)).toBe(2);
    // The failed test's Blast marker, then the hold, here a move from the portal.
    expect(activate(game, players, player.plan, false, new ScriptedDice([1, ...new Array<number>(200).fill(6)]))).toBe(false);
    expect(game.status[0]).toBe(ON_TABLE);
    expect(game.e.fBm[0]).toBe(2);
    expect(game.portalUsed[monolith]).toBe(1);
    expect(Math.hypot(game.x[0]! - 60, game.y[0]! - 45)).toBeLessThanOrEqual(15 + 1e-9);
  });

  it('Teleport: a Monolith Phalanx that phased out comes back at the start of a turn once rallied (a Blast marker for each 1), not while broken', () => {
    const runner = runnerOf('necron/monolith-phalanx, necron/infantry-phalanx', 'ork-war-horde/warband');
    const { game, players } = runner;
    const e = game.e;
    ready(runner);
    put(game, 1, 60, 20);
    put(game, 2, 90, 110);
    game.status[0] = RESERVE;
    e.fBroken[0] = 1;
    teleportArrivals(game, players, 0, new ScriptedDice([]));
    expect(game.status[0]).toBe(RESERVE);
    e.fBroken[0] = 0;
    e.fBm[0] = 1;
    // One D6 per Monolith: a 1 and two 6s, one Blast marker more.
    teleportArrivals(game, players, 0, new ScriptedDice([1, 6, 6]));
    expect(game.status[0]).toBe(ON_TABLE);
    expect(e.fBm[0]).toBe(2);
  });

  it('mirror: a Necron army with formations that phase out, portals and teleporters against itself wins half its decisive games (99.9% interval, 1,500 games, random tables)', async () => {
    const text = 'necron/infantry-phalanx, necron/infantry-phalanx, necron/monolith-maniple, necron/eques-maniple, necron/c-tan, necron/warbarque';
    const x = parseArmy(data, text, 'A');
    const policy = POLICIES['objective-first'];
    const runner = new GameRunner(gameSpec(x, x, { policies: [policy, policy] }));
    const tally = new Float64Array(runner.layout.length);
    const games = 1500;
    await playGames(runner, rngFromSeed('mirror necron'), games, tally);
    const L = runner.layout;
    expect(tally[TRIALS]).toBe(games);
    const decisive = games - tally[L.draws]!;
    const [lo, hi] = wilsonInterval(tally[L.wins[0]]!, decisive, 3.2905);
    expect(lo).toBeLessThanOrEqual(0.5);
    expect(hi).toBeGreaterThanOrEqual(0.5);
  });
});
