import { expect, it } from 'vitest';
import { loadDataset } from '../../src/model/loadDataset.js';
import { GameRunner } from '../../src/rulesets/netea/game/gameRunner.js';
import { parseArmy } from '../../src/rulesets/netea/game/armyInput.js';
import { summonDaemons } from '../../src/rulesets/netea/game/activation.js';
import { cheapestGreater, maxSummoningPoints, summoningArmy } from '../../src/rulesets/netea/game/daemonPool.js';
import { parseFormation } from '../../src/model/formation.js';
import { RandomArmyBuilder } from '../../src/rulesets/netea/game/randomArmy.js';
import { tournamentArmy } from '../../src/rulesets/netea/game/tournamentArmy.js';
import { footprintRadius } from '../../src/rulesets/netea/game/formationInfo.js';
import { settle } from '../../src/rulesets/netea/game/settle.js';
import type { Game } from '../../src/rulesets/netea/game/game.js';
import { POLICIES } from '../../src/rulesets/netea/game/policy/policyParams.js';
import { rngFromSeed } from '../../src/sim/rng.js';
import { engineNotSimulated, NP_SUMMONING_PLACES } from '../../src/rulesets/netea/game/notPlayed.js';
import { timelineText } from '../../src/rulesets/netea/game/timelineText.js';
import { ScriptedDice } from '../helpers/scriptedDice.js';
import { describeWithTp } from '../helpers/tournamentPack.js';
import { gameSpec, OPEN_TABLE, put, readyOffTable } from './helpers.js';

/**
 * Chaos summoning in games (TP Summoned Units, Augmented Summoning, Daemonic Focus, Fickle
 * Masters), with forced dice on Emperor's Children armies: Daemonettes 1, Fiends of Slaanesh 1,
 * Steeds of Slaanesh 2 and the Keeper of Secrets 8 summoning points, as the checkout prints them.
 */
describeWithTp('Chaos summoning in games (TP Summoned Units)', (tp) => {
  const data = loadDataset(tp);
  const ec = data.armies.get('chaos-space-marine-emperors-children')!;
  const L = 'chaos-space-marine-emperors-children';
  const runnerOf = (texts: string[], upgrades: string[], enemy = 'ork-war-horde/warband'): GameRunner => {
    const policy = POLICIES['objective-first'];
    return new GameRunner(gameSpec(summoningArmy(data, ec, texts, upgrades, 'A'), parseArmy(data, enemy, 'B'), { table: OPEN_TABLE, policies: [policy, policy] }));
  };
  /** The summoned daemons of formation f by unit id, in engine order. */
  const daemonsOf = (game: Game, f: number): string[] => {
    const out: string[] = [];
    const e = game.e;
    for (let u = e.fUnitStart[f]!; u < e.fUnitEnd[f]!; u++) if (game.daemons.isPlace(u) && e.stAlive[u] === 1) out.push(game.spec.armies[0].formations[f]!.units[u - e.fUnitStart[f]!]!.unit.id);
    return out;
  };

  it('the army: the pool has its bought markers and the pact\'s lesser daemon; the formation with the pact owes Slaanesh and carries absent places for the Keeper and the lesser daemons', () => {
    const runner = runnerOf([`${L}/retinue+daemonic-pact`, `${L}/chosen`], ['greater-daemon', 'lesser-daemon', 'lesser-daemon']);
    const spec = runner.game.spec.armies[0];
    expect(spec.daemonPool).toEqual({ lesser: 3, greater: 1, fickleMasters: true });
    const [retinue, chosen] = spec.formations;
    expect(retinue!.allegiance).toBe('slaanesh');
    expect(retinue!.daemonicPact).toBe(true);
    expect(chosen!.daemonicPact).toBeUndefined();
    const places = retinue!.units.filter((u) => u.summoned !== undefined).map((u) => `${u.unit.id} ${u.summoned!.points}`);
    // One Keeper; each lesser daemon as many times as the pool's 3 lesser markers and Fickle Masters' 6.
    expect(places).toEqual(['keeper-of-secrets 8', ...Array(9).fill('daemonettes 1'), ...Array(9).fill('fiends-of-slaanesh 1'), ...Array(9).fill('steeds-of-slaanesh 2')]);
    // The Keeper's critical, which the engine does not play, is named with the formation's rules; the summoning rules are not.
    const named = engineNotSimulated(runner.game.spec);
    expect(named.filter((n) => n.includes('Keeper of Secrets'))).toEqual([`${retinue!.name}: Keeper of Secrets: critical: The unit is destroyed, all summoned units within 5cm are destroyed on a roll of 6+.`]);
    expect(named.filter((n) => /summon|daemon pool|fickle|daemonic-focus/i.test(n) && !n.includes('critical'))).toEqual([]);
    const game = runner.game;
    readyOffTable(runner, 1);
    // At the start no daemon is on the table: the retinue has its 6 units and its break point is theirs.
    expect(game.e.fAlive[0]).toBe(6);
    expect(game.e.fBreakWeight[0]).toBe(6);
    expect(game.info.units[0]).toBe(6);
  });

  it('2D3 = 4 summons the most points\' worth: two Steeds of Slaanesh (2 each), not the Keeper (8); the pool loses two lesser markers; they count towards the break point', () => {
    const runner = runnerOf([`${L}/retinue+daemonic-pact`], ['greater-daemon', 'lesser-daemon', 'lesser-daemon']);
    const { game } = runner;
    readyOffTable(runner, 1);
    put(game, 0, 90, 30);
    put(game, 1, 90, 100);
    const dice = new ScriptedDice([3, 4]);
    summonDaemons(game, 0, dice);
    expect(dice.used).toBe(2);
    expect(game.daemons.lastPoints).toBe(4);
    expect(daemonsOf(game, 0)).toEqual(['steeds-of-slaanesh', 'steeds-of-slaanesh']);
    expect([game.daemons.lesser[0], game.daemons.greater[0]]).toEqual([1, 1]);
    expect(game.e.fAlive[0]).toBe(8);
    expect(game.e.fBreakWeight[0]).toBe(8);
  });

  it('placement: within 5 cm of the units there before and never in an enemy zone of control', () => {
    const runner = runnerOf([`${L}/retinue+daemonic-pact`], ['lesser-daemon', 'lesser-daemon', 'lesser-daemon', 'lesser-daemon', 'lesser-daemon']);
    const { game } = runner;
    readyOffTable(runner, 1);
    put(game, 0, 90, 30);
    put(game, 1, 90, 100);
    const before = game.rad[0]!;
    // 2D3 = 6 with six lesser markers: three Steeds, 9 units in the same two ranks of five as 6.
    summonDaemons(game, 0, new ScriptedDice([6, 6]));
    expect(daemonsOf(game, 0)).toEqual(['steeds-of-slaanesh', 'steeds-of-slaanesh', 'steeds-of-slaanesh']);
    expect(game.rad[0]).toBeLessThanOrEqual(before + 5);
    expect(game.rad[0]).toBe(footprintRadius(9));
    // Nine Noise Marines 5.5 cm from an enemy: a tenth unit keeps their disc (two ranks of five), an eleventh would widen it by
    // 1.25 cm, into the enemy's zone of control: one Steed of the three that 2D3 = 6 pays for.
    const crowded = runnerOf([`${L}/noise-marines+daemonic-pact+extra-noise-marines+extra-noise-marines+extra-noise-marines`], ['lesser-daemon', 'lesser-daemon', 'lesser-daemon']);
    const g2 = crowded.game;
    readyOffTable(crowded, 1);
    expect(g2.e.fAlive[0]).toBe(9);
    put(g2, 0, 90, 30);
    put(g2, 1, 90, 30 + g2.rad[0]! + g2.rad[1]! + 5.5);
    summonDaemons(g2, 0, new ScriptedDice([6, 6]));
    expect(g2.daemons.lastPoints).toBe(6);
    expect(daemonsOf(g2, 0)).toEqual(['steeds-of-slaanesh']);
    // 20 cm away the same roll places three Steeds.
    readyOffTable(crowded, 1);
    put(g2, 0, 90, 30);
    put(g2, 1, 90, 30 + g2.rad[0]! + g2.rad[1]! + 20);
    summonDaemons(g2, 0, new ScriptedDice([6, 6]));
    expect(daemonsOf(g2, 0)).toEqual(['steeds-of-slaanesh', 'steeds-of-slaanesh', 'steeds-of-slaanesh']);
    // A broken formation summons nothing (activation.ts summons for standing formations only; the pool is untouched).
    readyOffTable(crowded, 1);
    put(g2, 0, 90, 30);
    put(g2, 1, 90, 100);
    g2.e.fBroken[0] = 1;
    expect(g2.standing(0)).toBe(false);
  });

  it('Augmented Summoning (+2D3) and one greater daemon per allegiance: a Champion of Chaos rolls 4D3 = 12, a Keeper of Secrets and two Steeds; a second such formation may not summon a second Keeper', () => {
    const f = `${L}/retinue+daemonic-pact+chaos-champion`;
    const runner = runnerOf([f, f], ['greater-daemon', 'greater-daemon', ...Array(8).fill('lesser-daemon')]);
    const { game } = runner;
    readyOffTable(runner, 1);
    put(game, 0, 50, 30);
    put(game, 1, 130, 30);
    put(game, 2, 90, 100);
    summonDaemons(game, 0, new ScriptedDice([6, 6, 6, 6]));
    expect(game.daemons.lastPoints).toBe(12);
    expect(daemonsOf(game, 0)).toEqual(['keeper-of-secrets', 'steeds-of-slaanesh', 'steeds-of-slaanesh']);
    summonDaemons(game, 1, new ScriptedDice([6, 6, 6, 6]));
    expect(daemonsOf(game, 1)).toEqual(Array(6).fill('steeds-of-slaanesh'));
    expect([game.daemons.lesser[0], game.daemons.greater[0]]).toEqual([10 - 8, 1]);
  });

  it('a formation that breaks loses its daemons for good; destroyed daemons never return to the pool', () => {
    const runner = runnerOf([`${L}/retinue+daemonic-pact`, `${L}/retinue+daemonic-pact`], ['lesser-daemon', 'lesser-daemon', 'lesser-daemon', 'lesser-daemon']);
    const { game } = runner;
    const e = game.e;
    readyOffTable(runner, 1);
    put(game, 0, 50, 30);
    put(game, 1, 130, 30);
    put(game, 2, 90, 100);
    summonDaemons(game, 0, new ScriptedDice([3, 4]));
    summonDaemons(game, 1, new ScriptedDice([3, 4]));
    expect(game.daemons.lesser[0]).toBe(2);
    // Formation 0 breaks: its two Steeds are removed from play.
    e.fBm[0] = 8;
    game.ge.checkBreak(0, new ScriptedDice([]));
    settle(game);
    expect(daemonsOf(game, 0)).toEqual([]);
    expect(e.fAlive[0]).toBe(6);
    // One of formation 1's Steeds is destroyed (as the engine kills a unit); the end phase returns the other only.
    const steed = e.fUnitEnd[1]! - 1;
    expect(game.daemons.isPlace(steed)).toBe(true);
    let killed = -1;
    for (let u = e.fUnitStart[1]!; u < e.fUnitEnd[1]!; u++) if (game.daemons.isPlace(u) && e.stAlive[u] === 1) killed = u;
    game.ge.dismissUnit(killed, false);
    settle(game);
    game.daemons.returnToPool(game.ge, new ScriptedDice([]), null, 1);
    expect(daemonsOf(game, 1)).toEqual([]);
    expect(game.daemons.lesser[0]).toBe(3);
  });

  it('the end phase returns the daemons to the pool, a war engine keeping its damage; Daemonic Focus keeps them in an unbroken formation, not in a broken one', () => {
    const champion = `${L}/retinue+daemonic-pact+chaos-champion`;
    const runner = runnerOf([champion, `${L}/retinue+daemonic-pact+icon-bearer`, `${L}/retinue+daemonic-pact`], ['greater-daemon', 'lesser-daemon', 'lesser-daemon', 'lesser-daemon']);
    const { game } = runner;
    const e = game.e;
    const none = new ScriptedDice([]);
    readyOffTable(runner, 1);
    put(game, 0, 30, 30);
    put(game, 1, 90, 30);
    put(game, 2, 150, 30);
    put(game, 3, 90, 100);
    // Pool: 3 bought and 3 pacts' lesser markers, 1 greater.
    summonDaemons(game, 0, new ScriptedDice([6, 6, 6, 6]));
    summonDaemons(game, 1, new ScriptedDice([3, 4]));
    summonDaemons(game, 2, new ScriptedDice([1, 1]));
    expect(daemonsOf(game, 0)).toEqual(['keeper-of-secrets', 'steeds-of-slaanesh', 'steeds-of-slaanesh']);
    expect(daemonsOf(game, 1)).toEqual(['steeds-of-slaanesh', 'steeds-of-slaanesh']);
    // 2D3 = 2: the dearest that fits, one Steed.
    expect(daemonsOf(game, 2)).toEqual(['steeds-of-slaanesh']);
    expect([game.daemons.lesser[0], game.daemons.greater[0]]).toEqual([1, 0]);
    // The Keeper has Daemonic Focus itself, formation 1 its Icon Bearer: they keep theirs; formation 2 returns its Steed.
    game.daemons.returnToPool(game.ge, none, null, 1);
    expect(daemonsOf(game, 0)).toEqual(['keeper-of-secrets', 'steeds-of-slaanesh', 'steeds-of-slaanesh']);
    expect(daemonsOf(game, 1)).toEqual(['steeds-of-slaanesh', 'steeds-of-slaanesh']);
    expect(daemonsOf(game, 2)).toEqual([]);
    expect(e.fAlive[2]).toBe(6);
    expect(game.daemons.lesser[0]).toBe(2);
    // Broken, the Icon Bearer keeps nothing: the daemons are removed from play, not returned.
    e.fBroken[1] = 1;
    settle(game);
    expect(daemonsOf(game, 1)).toEqual([]);
    expect(game.daemons.lesser[0]).toBe(2);
    // The Keeper, one point of damage down, goes back to the pool as a player without Daemonic Focus would send it (the
    // focus taken off by hand: every greater daemon of the checkout has it) and comes back with DC 2 of 3.
    const keeper = e.fUnitStart[0]! + 6;
    expect(game.spec.armies[0].formations[0]!.units[6]!.unit.id).toBe('keeper-of-secrets');
    expect(game.daemons.isPlace(keeper)).toBe(true);
    game.ge.losePoint(keeper);
    for (let u = e.fUnitStart[0]!; u < e.fUnitEnd[0]!; u++) game.daemons.focus[u] = 0;
    game.daemons.returnToPool(game.ge, none, null, 1);
    expect(daemonsOf(game, 0)).toEqual([]);
    expect([game.daemons.lesser[0], game.daemons.greater[0]]).toEqual([4, 1]);
    summonDaemons(game, 0, new ScriptedDice([6, 6, 6, 6]));
    expect(daemonsOf(game, 0)).toEqual(['keeper-of-secrets', 'steeds-of-slaanesh', 'steeds-of-slaanesh']);
    expect(e.stDC[keeper]).toBe(2);
  });

  it('a formation out of places for its daemons, with points and markers left, is counted as not played (notPlayed.ts)', () => {
    // One lesser marker (the pact's): 7 places for each lesser daemon (1 and Fickle Masters' 6). Fickle Masters then adds 24.
    const runner = runnerOf([`${L}/retinue+daemonic-pact+icon-bearer`], []);
    const { game } = runner;
    readyOffTable(runner, 1);
    put(game, 0, 90, 30);
    put(game, 1, 90, 110);
    for (let k = 0; k < 8; k++) game.daemons.fickle(0, 6, new ScriptedDice([6]));
    expect(game.daemons.lesser[0]).toBe(25);
    for (let k = 0; k < 12; k++) summonDaemons(game, 0, new ScriptedDice([6, 6]));
    expect(daemonsOf(game, 0)).toHaveLength(21);
    expect(game.daemons.lesser[0]).toBe(4);
    expect(game.notPlayed.mattered[NP_SUMMONING_PLACES]).toBe(1);
  });

  it('Fickle Masters: a strategy die of 6 adds D3 lesser markers, a 1 takes D3 away (no fewer than none)', () => {
    const runner = runnerOf([`${L}/retinue+daemonic-pact`], ['lesser-daemon']);
    const { game } = runner;
    readyOffTable(runner, 1);
    expect(game.daemons.lesser[0]).toBe(2);
    game.daemons.fickle(0, 6, new ScriptedDice([5]));
    expect(game.daemons.lesser[0]).toBe(5);
    game.daemons.fickle(0, 1, new ScriptedDice([3]));
    expect(game.daemons.lesser[0]).toBe(3);
    game.daemons.fickle(0, 1, new ScriptedDice([6]));
    expect(game.daemons.lesser[0]).toBe(0);
    // An empty pool: no further effect, no die.
    game.daemons.fickle(0, 1, new ScriptedDice([]));
    game.daemons.fickle(0, 3, new ScriptedDice([]));
    expect(game.daemons.lesser[0]).toBe(0);
  });

  it('random armies buy the pool\'s markers only for formations with the pact, greater ones no more than the pact formations that can roll a greater daemon\'s cost', () => {
    expect(maxSummoningPoints(parseFormation(data, `${L}/retinue+daemonic-pact`))).toBe(6);
    // A Champion of Chaos: Augmented Summoning (+2D3).
    expect(maxSummoningPoints(parseFormation(data, `${L}/retinue+daemonic-pact+chaos-champion`))).toBe(12);
    const s = ec.summoning!;
    expect(cheapestGreater(s, 'slaanesh')).toBe(8);
    let markers = 0;
    for (const list of ['chaos-space-marine-emperors-children', 'chaos-space-marine-black-legion', 'chaos-space-marine-red-corsairs']) {
      const army = data.armies.get(list)!;
      const builder = new RandomArmyBuilder(data, list);
      for (let k = 0; k < 6; k++) {
        const r = builder.build('summoning', k);
        if ('reason' in r) throw new Error(r.reason);
        const t = tournamentArmy(data, r, k);
        const pacts = t.army.formations.filter((f) => f.daemonicPact === true);
        const reach = pacts.filter((f) => maxSummoningPoints({ ...f, units: f.units.filter((u) => u.summoned === undefined) }) >= cheapestGreater(army.summoning!, f.allegiance!)).length;
        const greater = r.roster.upgrades.filter((id) => id === army.summoning!.poolUpgrades.greater).length;
        markers += r.roster.upgrades.length;
        if (pacts.length === 0) expect(r.roster.upgrades, `${list} #${k}`).toEqual([]);
        expect(greater, `${list} #${k}`).toBeLessThanOrEqual(reach);
        expect(t.army.daemonPool!.greater).toBe(greater);
        expect(t.notFielded).toEqual([]);
      }
    }
    expect(markers).toBeGreaterThan(0);
  });

  it('games play through with summoning: every game ends and daemons are summoned', () => {
    const runner = runnerOf([`${L}/retinue+daemonic-pact+chaos-champion`, `${L}/noise-marines+daemonic-pact`, `${L}/chosen+daemonic-pact`], ['greater-daemon', 'lesser-daemon', 'lesser-daemon', 'lesser-daemon'], 'ork-war-horde/warband, ork-war-horde/warband, ork-war-horde/warband');
    let placed = 0;
    const dice = rngFromSeed('summoning smoke');
    const tally = new Float64Array(runner.layout.length);
    for (let k = 0; k < 20; k++) {
      runner.run(dice, 1, tally);
      placed += runner.game.daemons.placedThisGame;
      // Every place is absent, summoned or gone; the pool never goes below nothing.
      expect(runner.game.daemons.lesser[0]).toBeGreaterThanOrEqual(0);
      expect(runner.game.daemons.greater[0]).toBeGreaterThanOrEqual(0);
    }
    expect(tally[runner.layout.wins[0]]! + tally[runner.layout.wins[1]]! + tally[runner.layout.draws]!).toBe(20);
    expect(placed).toBeGreaterThan(0);
    // A sampled game's timeline shows the summonings, and the same game as without recording.
    const lines = timelineText(runner.sample(rngFromSeed('summoning timeline')), runner.game.spec);
    const summonings = lines.filter((l) => l.includes('summoning points'));
    expect(summonings.length).toBeGreaterThan(0);
    expect(summonings.reduce((n, l) => n + Number(/: ([0-9]+) daemons? placed/.exec(l)![1]), 0)).toBe(runner.game.daemons.placedThisGame);
  });
});
