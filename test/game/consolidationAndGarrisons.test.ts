import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../src/sim/rng.js';
import { GameRunner } from '../../src/rulesets/netea/game/gameRunner.js';
import { setUp } from '../../src/rulesets/netea/game/playGame.js';
import { RandomTableMaker } from '../../src/rulesets/netea/game/randomTable.js';
import { consolidate, CONSOLIDATION } from '../../src/rulesets/netea/game/consolidation.js';
import { GONE } from '../../src/rulesets/netea/game/game.js';
import { GARRISON_RANGE, placeGarrison } from '../../src/rulesets/netea/game/garrison.js';
import { WOODS } from '../../src/rulesets/netea/game/terrain.js';
import { K_HIT_AND_RUN } from '../../src/rulesets/netea/game/formationInfo.js';
import { COVER_TALL_5 } from '../../src/rulesets/netea/engine/gameCover.js';
import { army, gameSpec, OPEN_TABLE, put } from './helpers.js';

/**
 * The winner consolidates (RB 1.12.9): 5 cm (Hit & Run Tactics: its speed),
 * towards the objective its player wants, never into an enemy's zone of
 * control; a formation already holding that objective stays.
 */
describe('consolidation (RB 1.12.9)', () => {
  // A Tactical detachment (army A, on the south edge) and an Ork warband; objective 2 of OPEN_TABLE at (90, 120), on B's edge.
  const runner = new GameRunner(gameSpec(army('codex-astartes/tactical-detachment'), army('ork-war-horde/warband', 'B'), { table: OPEN_TABLE }));
  const { game, players } = runner;
  const ready = (): void => {
    setUp(game, players, new RandomTableMaker(), rngFromSeed('x'));
    game.edge[0] = 0;
    game.edge[1] = 1;
    game.objectives.placeFromLayout(OPEN_TABLE, game.edge);
    for (let f = 0; f < game.nF; f++) game.status[f] = GONE;
    for (let f = 0; f < game.nF; f++) game.info.kind[f]! &= ~K_HIT_AND_RUN;
  };

  it('5 cm straight towards the objective it wants', () => {
    ready();
    put(game, 0, 90, 90);
    consolidate(game, players, 1 << 0, rngFromSeed('x'));
    expect(CONSOLIDATION).toBe(5);
    expect(game.x[0]).toBeCloseTo(90, 6);
    expect(game.y[0]).toBeCloseTo(95, 6);
  });

  it('with Hit & Run Tactics (TP), its speed: 15 cm', () => {
    ready();
    game.info.kind[0]! |= K_HIT_AND_RUN;
    put(game, 0, 90, 90);
    consolidate(game, players, 1 << 0, rngFromSeed('x'));
    expect(game.info.speed[0]).toBe(15);
    expect(game.y[0]).toBeCloseTo(105, 6);
  });

  it('not into an enemy zone of control: 5 cm at most, ending 5 cm or more from the warband in its way', () => {
    ready();
    put(game, 0, 90, 90);
    put(game, 1, 90, 90 + game.rad[0]! + game.rad[1]! + 5 + 2);
    consolidate(game, players, 1 << 0, rngFromSeed('x'));
    // Blocked after 2 cm straight on, it goes round: aside, it gets further and ends nearer the objective (movement.ts).
    const moved = Math.hypot(game.x[0]! - 90, game.y[0]! - 90);
    expect(moved).toBeGreaterThan(2);
    expect(moved).toBeLessThanOrEqual(5);
    expect(Math.hypot(game.x[0]! - 90, game.y[0]! - 120)).toBeLessThan(28);
    expect(game.centres[1]! - game.rad[0]! - game.rad[1]!).toBeGreaterThanOrEqual(5);
  });

  it('a formation within 15 cm of the objective it wants stays; only the winners move', () => {
    ready();
    put(game, 0, 90, 120 - 14 - game.rad[0]!);
    put(game, 1, 30, 40);
    consolidate(game, players, 1 << 0, rngFromSeed('x'));
    expect(game.y[0]).toBe(120 - 14 - game.rad[0]!);
    expect([game.x[1], game.y[1]]).toEqual([30, 40]);
  });
});

/** Garrisons (RB 6.1.5) hold their objective from the best cover round it, else from the side of their own edge. */
describe('garrison placement', () => {
  const runner = new GameRunner(gameSpec(army('ork-war-horde/mekboy-gunzmob'), army('codex-astartes/tactical-detachment', 'B'), { table: OPEN_TABLE }));
  const { game, players } = runner;
  const ready = (): void => {
    game.reset(rngFromSeed('x'));
    game.table.clear();
    game.edge[0] = 0;
    game.edge[1] = 1;
    game.objectives.placeFromLayout(OPEN_TABLE, game.edge);
    for (let f = 0; f < game.nF; f++) game.status[f] = GONE;
  };

  it('in the open: 15 cm from objective 3 (60, 40) towards its own (south) edge', () => {
    ready();
    placeGarrison(game, players[0], 0, 2);
    expect(game.x[0]).toBeCloseTo(60, 6);
    expect(game.y[0]).toBeCloseTo(25, 6);
    expect(players[0].garrisonOf[0]).toBe(2);
  });

  it('woods beside the objective: it stands in them (a 5+ cover save), still holding the objective', () => {
    ready();
    game.table.addCircle(WOODS, 72, 40, 6);
    placeGarrison(game, players[0], 0, 2);
    expect(game.ge.fCoverState[0]).toBe(COVER_TALL_5);
    expect(Math.hypot(game.x[0]! - 60, game.y[0]! - 40) - game.rad[0]!).toBeLessThanOrEqual(GARRISON_RANGE);
  });
});
