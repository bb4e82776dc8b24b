import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../src/sim/rng.js';
import { GameRunner } from '../../src/rulesets/netea/game/gameRunner.js';
import { fieldedFormations } from '../../src/rulesets/netea/game/gameSpec.js';
import { setUp } from '../../src/rulesets/netea/game/playGame.js';
import { RandomTableMaker } from '../../src/rulesets/netea/game/randomTable.js';
import { OBJECTIVE_COUNT } from '../../src/rulesets/netea/game/objectives.js';
import { Estimates } from '../../src/rulesets/netea/game/policy/estimates.js';
import { VictoryPointStake } from '../../src/rulesets/netea/game/policy/victoryPointStake.js';
import { army, gameSpec, OPEN_TABLE } from './helpers.js';

/** The Poisson chance of k with mean m. */
const poisson = (m: number, k: number): number => (Math.exp(-m) * m ** k) / [1, 1, 2, 6][k]!;

/**
 * RB 6.1.5 garrisons and the tiebreak (RB 6.1.7): a formation that would give away more victory
 * points under the enemy's best shooting attack at close range than an objective is worth to the
 * policy garrisons its own edge objective first (Player.garrisonsBack, docs/game.md "Players").
 */
describe('garrisons kept back: the victory points a formation would give away', () => {
  const A = 'ork-war-horde/big-warband, ork-war-horde/mekboy-gunzmob';
  const B = 'codex-astartes/devastator-detachment, codex-astartes/scout-detachment';

  it('reckons them exactly: Poisson losses with the Devastators\' mean at point blank; a Mekboy Gunzmob broken above half at two Big Gunz lost (62.5 points), at half strength at three (125)', () => {
    const spec = gameSpec(army(A), army(B, 'B'), { table: OPEN_TABLE });
    const runner = new GameRunner(spec);
    const { game } = runner;
    game.reset(rngFromSeed('x'));
    const est = new Estimates(game.e, fieldedFormations(spec), spec.options);
    // Formation 1 is the Gunzmob (five Big Gunz, 125 points), 2 the Devastators.
    const shot = est.shot(2, 1, 0);
    const mean = (shot * 5) / 125;
    const stake = new VictoryPointStake();
    stake.of(game, 1);
    stake.threat = shot;
    stake.reckon();
    // One Big Gun lost: 1 + 1 Blast markers against a break point of 4 left: nothing.
    expect(stake.value).toBeCloseTo(62.5 * poisson(mean, 2) + 125 * (1 - poisson(mean, 0) - poisson(mean, 1) - poisson(mean, 2)), 9);
    // With two Blast markers already, one lost breaks it (2 + 1 + 1 markers, break point 4).
    game.e.fBm[1] = 2;
    stake.of(game, 1);
    stake.reckon();
    expect(stake.value).toBeCloseTo(62.5 * (poisson(mean, 1) + poisson(mean, 2)) + 125 * (1 - poisson(mean, 0) - poisson(mean, 1) - poisson(mean, 2)), 9);
    stake.threat = 0;
    stake.reckon();
    expect(stake.value).toBe(0);
  });

  it('the fragile Gunzmob garrisons its own edge objective, the Big Warband the one the enemy placed; without the Gunzmob the Big Warband still takes the enemy\'s', () => {
    for (const seed of ['a', 'b', 'c', 'd']) {
      const runner = new GameRunner(gameSpec(army(A), army(B, 'B'), { table: OPEN_TABLE }));
      const { game, players } = runner;
      expect(players[0].garrisonsBack(1)).toBe(true);
      expect(players[0].garrisonsBack(0)).toBe(false);
      setUp(game, players, new RandomTableMaker(), rngFromSeed(seed));
      const o = game.objectives;
      const edgeOne = [...Array(OBJECTIVE_COUNT).keys()].find((k) => o.half[k] === 0 && o.onEdge[k] === 1)!;
      const enemyPlaced = [...Array(OBJECTIVE_COUNT).keys()].filter((k) => o.half[k] === 0 && o.onEdge[k] === 0);
      expect(players[0].garrisonOf[1]).toBe(edgeOne);
      expect(players[0].garrisonOf[0]).toBe(enemyPlaced[0]);
      const alone = new GameRunner(gameSpec(army('ork-war-horde/big-warband'), army(B, 'B'), { table: OPEN_TABLE }));
      setUp(alone.game, alone.players, new RandomTableMaker(), rngFromSeed(seed));
      expect(alone.players[0].garrisonOf[0]).toBe(enemyPlaced[0]);
    }
  });
});
