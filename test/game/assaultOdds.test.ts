import { describe, expect, it } from 'vitest';
import { parseFormation } from '../../src/model/formation.js';
import { loadBuiltinDataset } from '../../src/model/loadDatasheets.js';
import { assaultEngagement, DEFAULT_GEOMETRY, FRESH } from '../../src/rulesets/netea/engine/engagements.js';
import { FreshAssaults } from '../../src/rulesets/netea/engine/freshAssaults.js';
import { NeteaRunner } from '../../src/rulesets/netea/engine/runner.js';
import { GameRunner } from '../../src/rulesets/netea/game/gameRunner.js';
import { assaultOdds } from '../../src/rulesets/netea/game/policy/assaultOdds.js';
import { reckonedOdds } from '../../src/rulesets/netea/game/tournament.js';
import { army, gameSpec } from './helpers.js';
import { DEFAULT_OPTIONS } from '../../src/rulesets/netea/model/spec.js';
import { rngFromSeed } from '../../src/sim/rng.js';

/**
 * The players' reckoning of their assaults (policy/assaultOdds.ts): each is the engine's own
 * assault, and a pair's odds are the pair's alone, whatever armies field it, so that one
 * reckoning per pair serves every game of a round robin (docs/game.md, "Cost").
 */

const data = loadBuiltinDataset();
const tactical = parseFormation(data, 'codex-astartes/tactical-detachment');
const warband = parseFormation(data, 'ork-war-horde/warband');
const devastators = parseFormation(data, 'codex-astartes/devastator-detachment');
const boyz = parseFormation(data, '6 Ork Boyz');
const thunderhawk = parseFormation(data, 'codex-astartes/thunderhawk-detachment');
const TRIALS = 3000;

/** Assaults won by the charger through the script runner's general path (no assault plan). */
function runnerWins(attacker: typeof tactical, target: typeof tactical, gap: number): number {
  const runner = new NeteaRunner(assaultEngagement(attacker, target, { geometry: { ...DEFAULT_GEOMETRY, gap }, attacker: FRESH, target: FRESH, supports: [], test: false, overwatch: [] }), { assaultPlan: false });
  const tally = new Float64Array(runner.layout.length);
  runner.run(rngFromSeed('fresh'), TRIALS, tally);
  return tally[runner.layout.records[0]!.assault!.attackerWins]!;
}

describe('the players\' assault odds', () => {
  it('FreshAssaults is the engine\'s assault: trial for trial the runner\'s general path, either way, in contact and 10 cm short', () => {
    const fight = new FreshAssaults(tactical, warband, DEFAULT_OPTIONS);
    expect(fight.aerospace).toBe(false);
    for (const gap of [5, 25]) {
      const marines = fight.attackerWins(0, gap, TRIALS, rngFromSeed('fresh'));
      expect(marines).toBe(runnerWins(tactical, warband, gap));
      const orks = fight.attackerWins(1, gap, TRIALS, rngFromSeed('fresh'));
      expect(orks).toBe(runnerWins(warband, tactical, gap));
    }
  });

  it('a pair\'s odds are the same whatever armies field it, and on either side', () => {
    const alone = assaultOdds([tactical, warband], [0, 1], DEFAULT_OPTIONS);
    const inArmies = assaultOdds([devastators, tactical, boyz, warband], [0, 0, 1, 1], DEFAULT_OPTIONS);
    const swapped = assaultOdds([warband, tactical], [0, 1], DEFAULT_OPTIONS);
    // alone: n = 2, tactical 0, warband 1; inArmies: n = 4, tactical 1, warband 3; swapped: warband 0, tactical 1.
    const at = (odds: Float64Array, n: number, f: number, t: number, short: number) => odds[short * n * n + f * n + t]!;
    for (const short of [0, 1]) {
      expect(at(inArmies, 4, 1, 3, short)).toBe(at(alone, 2, 0, 1, short));
      expect(at(inArmies, 4, 3, 1, short)).toBe(at(alone, 2, 1, 0, short));
      expect(at(swapped, 2, 1, 0, short)).toBe(at(alone, 2, 0, 1, short));
      expect(at(swapped, 2, 0, 1, short)).toBe(at(alone, 2, 1, 0, short));
    }
    // Each the share of 100 assaults from the pair's own seed, the formation whose key sorts first
    // (its text, here) charging first: 5 cm, then 10 cm beyond its charge move, then the other way.
    const rng = rngFromSeed(`assault odds\u0000${tactical.text}\u0000${warband.text}`);
    const fight = new FreshAssaults(tactical, warband, DEFAULT_OPTIONS);
    expect(at(alone, 2, 0, 1, 0)).toBe(fight.attackerWins(0, 5, 100, rng) / 100);
    expect(at(alone, 2, 0, 1, 1)).toBe(fight.attackerWins(0, 15 + 10, 100, rng) / 100);
    expect(at(alone, 2, 1, 0, 0)).toBe(fight.attackerWins(1, 5, 100, rng) / 100);
    expect(at(alone, 2, 1, 0, 1)).toBe(fight.attackerWins(1, 15 + 10, 100, rng) / 100);
    expect(at(alone, 2, 0, 1, 0)).toBeGreaterThan(0);
    // Odds are shares of 100 assaults; the same side never charges itself.
    for (const x of inArmies) expect(Math.round(100 * x)).toBeCloseTo(100 * x, 9);
    expect(at(inArmies, 4, 0, 1, 0)).toBe(0);
  });

  it('aircraft neither charge nor are charged: odds 0', () => {
    const odds = assaultOdds([thunderhawk, warband], [0, 1], DEFAULT_OPTIONS);
    expect([...odds]).toEqual(new Array(8).fill(0));
  });

  it('games on odds reckoned by the caller (a round robin\'s) are the games on odds the runner reckons', () => {
    const spec = gameSpec(army('codex-astartes/tactical-detachment, codex-astartes/assault-detachment'), army('ork-war-horde/warband, ork-war-horde/kult-of-speed', 'B'));
    const given = { ...spec, assaultOdds: reckonedOdds(spec.armies, spec.options) };
    const tallies = [spec, given].map((s) => {
      const runner = new GameRunner(s);
      const tally = new Float64Array(runner.layout.length);
      runner.run(rngFromSeed('reckoned'), 200, tally);
      return tally;
    });
    expect(tallies[1]).toEqual(tallies[0]);
    expect(() => new GameRunner({ ...spec, assaultOdds: [0.5] })).toThrow(/assault odds for 4 formations are 32 numbers, got 1/);
  });
});
