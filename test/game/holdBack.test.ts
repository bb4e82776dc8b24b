import { describe, expect, it } from 'vitest';
import { GameRunner } from '../../src/rulesets/netea/game/gameRunner.js';
import { fieldedFormations } from '../../src/rulesets/netea/game/gameSpec.js';
import { Estimates } from '../../src/rulesets/netea/game/policy/estimates.js';
import { ACT_ADVANCE, ACT_MARCH } from '../../src/rulesets/netea/game/actionCodes.js';
import { POLICIES } from '../../src/rulesets/netea/game/policy/policyParams.js';
import { army, gameSpec, OPEN_TABLE, put, readyOffTable } from './helpers.js';

/**
 * A player holds a formation back (policy/player.ts holdBack, docs/game.md "Players") when the
 * victory points it would likely give away where its plan leaves it are more than what it brings
 * there. Army A's formation 0 stands on OPEN_TABLE's objective (60, 40) in its own half, army B's
 * Devastators (formation 1, Rhinos: 15 cm on foot, 30 riding) due north of it across `gap` cm.
 */
describe('holding back a formation that would give away more victory points than it brings', () => {
  const policy = POLICIES['objective-first'];
  const runnerOf = (a: string): GameRunner => new GameRunner(gameSpec(army(a), army('codex-astartes/devastator-detachment', 'B'), { table: OPEN_TABLE, policies: [policy, policy] }));
  const setUp = (runner: GameRunner, gap: number, x = 60): void => {
    readyOffTable(runner, 2);
    const { game } = runner;
    put(game, 0, 60, 40);
    put(game, 1, x, 40 + game.rad[0]! + game.rad[1]! + gap);
  };

  it('reckons the stake exactly: Poisson losses with the mean of the Devastators\' best shot after an advance or a double, a Gunzmob broken at two Big Gunz lost (62.5) and at half strength at three (125)', () => {
    const runner = runnerOf('ork-war-horde/mekboy-gunzmob');
    const spec = gameSpec(army('ork-war-horde/mekboy-gunzmob'), army('codex-astartes/devastator-detachment', 'B'));
    const est = new Estimates(runner.game.e, fieldedFormations(spec), spec.options);
    for (const gap of [20, 50, 80, 100]) {
      setUp(runner, gap);
      // Standing still, after an advance (15 cm), after a double at -1 (2 x 30 cm, the Rhinos).
      const threat = Math.max(est.shot(1, 0, gap), est.shot(1, 0, Math.max(0, gap - 15)), (2 / 3) * est.shot(1, 0, Math.max(0, gap - 60)));
      const mean = (threat * 5) / 125;
      const p = (k: number): number => (Math.exp(-mean) * mean ** k) / [1, 1, 2][k]!;
      // One Big Gun lost: 1 + 1 Blast markers under a break point of 4: nothing. Two: 3 markers, 3 units left, broken above half: half its points.
      const expected = 62.5 * p(2) + 125 * (1 - p(0) - p(1) - p(2));
      expect(runner.players[0].stakeAt(0, 60, 40)).toBeCloseTo(expected, 9);
    }
    // Out of reach of a double and a shot: nothing at stake.
    setUp(runner, 110);
    expect(runner.players[0].stakeAt(0, 60, 40)).toBe(0);
  });

  it('a fragile Mekboy Gunzmob (125 points, five Big Gunz with no save) leaves its objective for where the Devastators cannot reach it; with the Devastators far off it stays', () => {
    const runner = runnerOf('ork-war-horde/mekboy-gunzmob');
    const { game, players } = runner;
    const plan = players[0].plan;
    setUp(runner, 80);
    // Holding the objective brings a tenth of the army's points (12.5); about 50 victory points are at stake there.
    expect(players[0].stakeAt(0, 60, 40)).toBeGreaterThan(40);
    players[0].planFor(0, plan);
    expect(plan.action).toBe(ACT_MARCH);
    expect(plan.destY).toBeLessThan(40);
    expect(players[0].stakeAt(0, plan.destX, plan.destY)).toBe(0);
    // The Devastators at the far corner: nothing at stake, and it stays on its objective.
    put(game, 1, 170, 115);
    expect(players[0].stakeAt(0, 60, 40)).toBe(0);
    players[0].planFor(0, plan);
    expect(plan.action).toBe(ACT_ADVANCE);
    expect([plan.destX, plan.destY]).toEqual([60, 40]);
  });

  it('a strong Big Warband or Terminator detachment under the same guns holds its objective: little is at stake', () => {
    for (const text of ['ork-war-horde/big-warband', 'codex-astartes/terminator-detachment']) {
      const runner = runnerOf(text);
      const { players } = runner;
      const plan = players[0].plan;
      setUp(runner, 80);
      expect(players[0].stakeAt(0, 60, 40)).toBeLessThan(0.1 * runner.game.info.points[0]!);
      players[0].planFor(0, plan);
      expect(plan.action).toBe(ACT_ADVANCE);
      expect([plan.destX, plan.destY]).toEqual([60, 40]);
    }
  });
});
