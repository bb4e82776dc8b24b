import { loadBuiltinDataset } from '../../src/model/loadDatasheets.js';
import { parseFormation, type FormationSpec } from '../../src/model/formation.js';
import { parseArmy } from '../../src/rulesets/netea/game/armyInput.js';
import type { GameArmy, GameSpec } from '../../src/rulesets/netea/game/gameSpec.js';
import { POLICIES, type PolicyParams } from '../../src/rulesets/netea/game/policy/policyParams.js';
import type { TableLayout } from '../../src/rulesets/netea/game/tableLayout.js';
import { GONE, ON_TABLE, type Game } from '../../src/rulesets/netea/game/game.js';
import { setUp } from '../../src/rulesets/netea/game/playGame.js';
import { RandomTableMaker } from '../../src/rulesets/netea/game/randomTable.js';
import { updateCover } from '../../src/rulesets/netea/game/settle.js';
import { DEFAULT_OPTIONS } from '../../src/rulesets/netea/model/spec.js';
import { rngFromSeed, type Sfc32 } from '../../src/sim/rng.js';
import type { GameRunner } from '../../src/rulesets/netea/game/gameRunner.js';
import { EV_ACTION, type Timeline } from '../../src/rulesets/netea/game/timeline.js';

export const data = loadBuiltinDataset();

/** An army from formation texts (armyInput.ts). */
export function army(text: string, label = 'A'): GameArmy {
  return parseArmy(data, text, label);
}

/** An army of formations given as unit lists, each priced as given (a test's own armies). */
export function unitArmy(name: string, strategyRating: number, formations: Array<[string, number]>): GameArmy {
  return { name, listId: null, strategyRating, formations: formations.map(([text, points]): FormationSpec => ({ ...parseFormation(data, text), points })) };
}

export function gameSpec(a: GameArmy, b: GameArmy, o: { policies?: [PolicyParams, PolicyParams]; table?: TableLayout | null; maxTurns?: number } = {}): GameSpec {
  return {
    ruleset: 'netea-game',
    armies: [a, b],
    policies: o.policies ?? [POLICIES['objective-first'], POLICIES['objective-first']],
    table: o.table ?? null,
    options: DEFAULT_OPTIONS,
    maxTurns: o.maxTurns ?? 12,
  };
}

/** An open table with the six objectives where RB 6.1.4 allows them: one on each edge, two in each half. */
export const OPEN_TABLE: TableLayout = {
  name: 'test-open',
  description: 'no terrain, fixed objectives',
  features: [],
  objectives: [
    { x: 90, y: 0 },
    { x: 90, y: 120 },
    { x: 60, y: 40 },
    { x: 120, y: 40 },
    { x: 30, y: 80 },
    { x: 150, y: 80 },
  ],
};

/** Puts formation f of a game on the table with its centre at (x, y). */
export function put(game: Game, f: number, x: number, y: number): void {
  game.status[f] = ON_TABLE;
  game.x[f] = x;
  game.y[f] = y;
  game.refreshRadii();
  game.noteMoved(f);
  updateCover(game, f);
}

/** Games played between two turns of the test worker's event loop (playGames). */
const SLICE = 50;

/**
 * runner.run(rng, games, tally), the same games, in slices of SLICE with a
 * turn of the event loop between them: a test worker that computes for a
 * minute without one misses vitest's fixed 60 s answer to its own progress
 * report ("Timeout calling onTaskUpdate"), which failed the monotonicity
 * test at a load average of 33. The games draw from the one generator in
 * turn, so the slices change nothing.
 */
export async function playGames(runner: GameRunner, rng: Sfc32, games: number, tally: Float64Array): Promise<void> {
  for (let done = 0; done < games; done += SLICE) {
    runner.run(rng, Math.min(SLICE, games - done), tally);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** The actions of a timeline in order: "A" or "B" for the army that acted, with " retains" for a retained action. */
export function actionOrder(game: Game, timeline: Timeline): string[] {
  const out: string[] = [];
  for (let i = 0; i < timeline.n; i++) if (timeline.kind[i] === EV_ACTION) out.push(`${game.army(timeline.f[i]!) === 0 ? 'A' : 'B'}${timeline.c[i] === 1 ? ' retains' : ''}`);
  return out;
}

/**
 * A game ready for a forced-dice test: set up (reset, a random table drawn and replaced by
 * OPEN_TABLE's objectives), army A on the south edge, every formation off the table, at `turn`,
 * both players' turn begun. The test then puts the formations it needs with `put`.
 */
export function readyOffTable(runner: GameRunner, turn: number): void {
  const { game, players } = runner;
  setUp(game, players, new RandomTableMaker(), rngFromSeed('x'));
  game.edge[0] = 0;
  game.edge[1] = 1;
  game.objectives.placeFromLayout(OPEN_TABLE, game.edge);
  for (let f = 0; f < game.nF; f++) game.status[f] = GONE;
  game.turn = turn;
  players[0].newTurn();
  players[1].newTurn();
}
