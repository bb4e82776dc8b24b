import { describe, expect, it } from 'vitest';
import { parseFormation } from '../../src/model/formation.js';
import { DEFAULT_GEOMETRY, FRESH, shootEngagement } from '../../src/rulesets/netea/engine/engagements.js';
import { NeteaRunner } from '../../src/rulesets/netea/engine/runner.js';
import * as C from '../../src/rulesets/netea/engine/codes.js';
import { rngFromSeed } from '../../src/sim/rng.js';
import { Game } from '../../src/rulesets/netea/game/game.js';
import { shootFormation } from '../../src/rulesets/netea/game/shooting.js';
import { binomialPmf } from '../helpers/exact.js';
import { data, gameSpec, put, unitArmy } from './helpers.js';

/**
 * Exactness inside (issue 30): a game whose armies never move and shoot once
 * gives the engagement engine's own numbers. Two formations stand on the
 * game's table with 30 cm between their nearest units; the shooter shoots
 * once through the game's own path (shooting.ts: its crossfire check, its
 * fronts, the facade), game after game from a fixed seed. The outcome is the
 * one-step `shoot` engagement's at a 30 cm gap from the same seed, trial for
 * trial, and the exact binomial where one is known.
 */

const TRIALS = 20_000;

function gameShots(shooter: string, target: string, action: number): number[] {
  const spec = gameSpec(unitArmy('A', 5, [[shooter, 100]]), unitArmy('B', 3, [[target, 100]]));
  const game = new Game(spec);
  const rng = rngFromSeed('exact');
  const lost: number[] = [];
  for (let t = 0; t < TRIALS; t++) {
    game.reset(rng);
    put(game, 0, 90, 20);
    // Centres 30 cm plus both radii apart: 30 cm between the nearest units.
    put(game, 1, 90, 20 + 30 + game.rad[0]! + game.rad[1]!);
    shootFormation(game, 0, 1, action, rng);
    const k = game.info.units[1]! - game.e.fAlive[1]!;
    lost[k] = (lost[k] ?? 0) + 1;
  }
  return lost;
}

function engineShots(shooter: string, target: string, action: 'advance' | 'sustained'): number[] {
  const spec = shootEngagement(parseFormation(data, shooter), parseFormation(data, target), { action, crossfire: false, geometry: { ...DEFAULT_GEOMETRY, gap: 30 }, attacker: FRESH, target: FRESH });
  const runner = new NeteaRunner(spec, { firePlan: false });
  const tally = new Float64Array(runner.layout.length);
  runner.run(rngFromSeed('exact'), TRIALS, tally);
  const L = runner.layout.records[0]!.formations[1]!;
  const lost: number[] = [];
  for (let k = 0; k <= L.units; k++) if (tally[L.killedHistogram + k]! > 0) lost[k] = tally[L.killedHistogram + k]!;
  return lost;
}

describe('a game that shoots once is the engine', () => {
  it('4 Devastators on sustained fire at 8 Ork Boyz 30 cm away: the one-step shoot, trial for trial', () => {
    expect(gameShots('4 Devastator', '8 Ork Boyz', C.ACTION_SUSTAINED)).toEqual(engineShots('4 Devastator', '8 Ork Boyz', 'sustained'));
  });

  it('an advance of a Tactical detachment at an Ork warband: the one-step shoot, trial for trial', () => {
    expect(gameShots('codex-astartes/tactical-detachment', 'ork-war-horde/warband', C.ACTION_ADVANCE)).toEqual(engineShots('codex-astartes/tactical-detachment', 'ork-war-horde/warband', 'advance'));
  });

  it('and the exact binomial: 8 missile-launcher shots, 4+ on sustained fire, 8 Boyz failing 6+ saves: Binomial(8, 5/12) kills', () => {
    const lost = gameShots('4 Devastator', '8 Ork Boyz', C.ACTION_SUSTAINED);
    const exact = binomialPmf(8, (1 / 2) * (5 / 6));
    exact.forEach((p, k) => {
      const observed = (lost[k] ?? 0) / TRIALS;
      expect(Math.abs(observed - p)).toBeLessThanOrEqual(3.2905 * Math.sqrt((p * (1 - p)) / TRIALS) + 1e-9);
    });
  });
});
