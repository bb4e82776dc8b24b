import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../src/sim/rng.js';
import { projectRoot } from '../../src/model/projectRoot.js';
import { Table } from '../../src/rulesets/netea/game/table.js';
import { RandomTableMaker } from '../../src/rulesets/netea/game/randomTable.js';
import { TableLayout, tableLayoutJsonSchema } from '../../src/rulesets/netea/game/tableLayout.js';
import { armyFileJsonSchema } from '../../src/rulesets/netea/game/armyInput.js';
import { loadTableLayout, shippedTables } from '../../src/rulesets/netea/game/loadTableLayout.js';
import { BUILDINGS, CLIFFS, WOODS } from '../../src/rulesets/netea/game/terrain.js';
import { GameRunner } from '../../src/rulesets/netea/game/gameRunner.js';
import { lineOfFire } from '../../src/rulesets/netea/game/geometry.js';
import { moveToward, order } from '../../src/rulesets/netea/game/movement.js';
import { GONE } from '../../src/rulesets/netea/game/game.js';
import { COVER_NONE, COVER_TALL_4, COVER_TALL_5 } from '../../src/rulesets/netea/engine/gameCover.js';
import { army, gameSpec, put } from './helpers.js';

/** The table: its geometry, the random layouts, the shipped ones; lines of fire, moves, cover. */

describe('table geometry', () => {
  const t = new Table();
  t.addCircle(WOODS, 50, 50, 10);
  t.addRect(BUILDINGS, 100, 50, 20, 10);

  it('a segment\'s part inside a circle and a rectangle', () => {
    t.sx0 = 30;
    t.sy0 = 50;
    t.sx1 = 130;
    t.sy1 = 50;
    expect(t.span(0)).toBe(true);
    expect([t.spanIn, t.spanOut]).toEqual([0.1, 0.3]);
    expect(t.span(1)).toBe(true);
    expect([t.spanIn, t.spanOut]).toEqual([0.6, 0.8]);
    t.sy0 = 61;
    t.sy1 = 61;
    expect(t.span(0)).toBe(false);
    expect(t.span(1)).toBe(false);
  });

  it('inside and the distance to a feature', () => {
    t.px = 55;
    t.py = 55;
    expect(t.inside(0)).toBe(true);
    t.px = 100;
    t.py = 58;
    t.distanceTo(1);
    expect(t.distance).toBeCloseTo(3, 12);
  });
});

describe('random tables follow RB 6.1.3', () => {
  it('twelve features 15-30 cm across, at most four to a 60 cm square', () => {
    const maker = new RandomTableMaker();
    const t = new Table();
    const rng = rngFromSeed('tables');
    for (let k = 0; k < 500; k++) {
      maker.layOut(t, rng);
      expect(t.n).toBe(12);
      const perSquare = new Array<number>(6).fill(0);
      for (let i = 0; i < t.n; i++) {
        perSquare[Math.floor(t.x[i]! / 60) + 3 * Math.floor(t.y[i]! / 60)]!++;
        expect(2 * t.a[i]!).toBeGreaterThanOrEqual(15);
        expect(2 * t.a[i]!).toBeLessThanOrEqual(30);
      }
      expect(Math.max(...perSquare)).toBeLessThanOrEqual(4);
    }
  });
});

describe('table layouts', () => {
  it('the shipped layouts are valid', () => {
    expect(shippedTables()).toEqual(['city-fight', 'open-field', 'standard']);
    for (const name of shippedTables()) expect(loadTableLayout(name)?.name).toBe(name);
  });

  it('objectives must be where RB 6.1.4 allows them', () => {
    const layout = (objectives: Array<{ x: number; y: number }>) => TableLayout.safeParse({ name: 't', description: 'd', features: [], objectives });
    const good = [
      { x: 90, y: 0 },
      { x: 90, y: 120 },
      { x: 60, y: 40 },
      { x: 120, y: 40 },
      { x: 30, y: 80 },
      { x: 150, y: 80 },
    ];
    expect(layout(good).success).toBe(true);
    expect(layout(good.map((o, i) => (i === 2 ? { x: 60, y: 20 } : o))).error?.issues[0]?.message).toMatch(/at least 30 cm from that half's table edge/);
    expect(layout(good.map((o, i) => (i === 0 ? { x: 90, y: 5 } : o))).error?.issues[0]?.message).toMatch(/one objective on each long edge/);
  });

  it('the JSON Schemas in tables/ and armies/ are the zod schemas\'', () => {
    const read = (...p: string[]) => JSON.parse(readFileSync(join(projectRoot(), ...p), 'utf8'));
    expect(read('tables', 'table.schema.json')).toEqual(JSON.parse(JSON.stringify(tableLayoutJsonSchema())));
    expect(read('armies', 'army.schema.json')).toEqual(JSON.parse(JSON.stringify(armyFileJsonSchema())));
  });
});

describe('lines of fire, moves and cover on the table', () => {
  const runner = new GameRunner(gameSpec(army('codex-astartes/predator-detachment'), army('ork-war-horde/warband', 'B')));
  const game = runner.game;
  const ready = (): void => {
    game.reset(rngFromSeed('x'));
    game.table.clear();
    for (let f = 0; f < game.nF; f++) game.status[f] = GONE;
  };

  it('woods between two formations block the line of fire (RB 1.9.2); standing 10 cm inside does not', () => {
    ready();
    game.table.addCircle(WOODS, 90, 60, 10);
    put(game, 0, 90, 20);
    put(game, 1, 90, 100);
    expect(lineOfFire(game, 0, 1)).toBe(false);
    // The warband inside the woods, 8 cm from their edge on the line: it sees out.
    put(game, 1, 90, 58);
    expect(lineOfFire(game, 0, 1)).toBe(true);
    put(game, 1, 50, 100);
    expect(lineOfFire(game, 0, 1)).toBe(true);
  });

  it('a line crossing a corner of a building by 7 cm is blocked; lines outside a feature\'s bounding box are clear (clearLine skips them unmeasured)', () => {
    ready();
    game.table.addRect(BUILDINGS, 90, 60, 20, 20);
    game.table.addCircle(WOODS, 40, 100, 10);
    // x - y = 45 runs inside the building (x 80-100, y 50-70) from (95, 50) to (100, 55): 5√2 cm.
    put(game, 0, 90, 45);
    put(game, 1, 110, 65);
    expect(lineOfFire(game, 0, 1)).toBe(false);
    // y = 40, below the building; y = 89, 1 cm below the woods' box (y 90-110).
    put(game, 1, 120, 40);
    put(game, 0, 60, 40);
    expect(lineOfFire(game, 0, 1)).toBe(true);
    put(game, 0, 20, 89);
    put(game, 1, 60, 89);
    expect(lineOfFire(game, 0, 1)).toBe(true);
    // y = 95 crosses the woods on a chord of 2·√75 = 17.3 cm.
    put(game, 0, 20, 95);
    put(game, 1, 60, 95);
    expect(lineOfFire(game, 0, 1)).toBe(false);
  });

  it('each army\'s formations are one run of indices, army A\'s first (Game.armyStart, armyEnd: the loops over one army)', () => {
    const three = new GameRunner(gameSpec(army('codex-astartes/tactical-detachment, codex-astartes/devastator-detachment, codex-astartes/scout-detachment'), army('ork-war-horde/warband, ork-war-horde/blitz-brigade', 'B'))).game;
    expect([...three.armyStart]).toEqual([0, 3]);
    expect([...three.armyEnd]).toEqual([3, 5]);
    for (let f = 0; f < three.nF; f++) expect(three.army(f)).toBe(f < 3 ? 0 : 1);
  });

  it('a formation takes the cover of the feature its centre stands in (RB 1.8)', () => {
    ready();
    game.table.addCircle(WOODS, 90, 60, 10);
    game.table.addRect(BUILDINGS, 30, 30, 20, 20);
    put(game, 1, 90, 60);
    expect(game.ge.fCoverState[1]).toBe(COVER_TALL_5);
    put(game, 1, 30, 30);
    expect(game.ge.fCoverState[1]).toBe(COVER_TALL_4);
    put(game, 1, 150, 100);
    expect(game.ge.fCoverState[1]).toBe(COVER_NONE);
  });

  it('a move stops short of an enemy\'s zone of control (RB 1.7.3), and of terrain impassable to it', () => {
    ready();
    put(game, 0, 90, 20);
    put(game, 1, 90, 80);
    order.tx = 90;
    order.ty = 100;
    order.dist = 60;
    expect(moveToward(game, 0, -1, rngFromSeed('x'))).toBe(true);
    // Stopped 5 cm (the warband's zone of control) from its nearest unit.
    expect(game.centres[1]! - game.rad[0]! - game.rad[1]!).toBeCloseTo(5, 1);
    ready();
    game.table.addRect(CLIFFS, 90, 50, 40, 4);
    put(game, 0, 90, 20);
    order.tx = 90;
    order.ty = 80;
    order.dist = 20;
    moveToward(game, 0, -1, rngFromSeed('x'));
    expect(game.y[0]).toBeLessThan(48);
  });

  it('a charge may reach the formation it charges (RB 1.12.3)', () => {
    ready();
    put(game, 1, 90, 60);
    put(game, 0, 90, 60 - game.rad[1]! - game.rad[0]! - 20);
    order.tx = 90;
    order.ty = 60;
    order.dist = 30;
    moveToward(game, 0, 1, rngFromSeed('x'));
    expect(game.centres[1]! - game.rad[0]! - game.rad[1]!).toBeLessThan(0.1);
  });
});
