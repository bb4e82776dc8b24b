import type { ChunkPool } from '../../../../run/pool.js';
import { inFlight } from '../../../../run/inFlight.js';
import { prepareSpec, simulatePrepared, type PreparedSpec } from '../../../../run/simulate.js';
import { DEFAULT_OPTIONS } from '../../model/spec.js';
import { DEFAULT_MAX_TURNS, type GameArmy, type GameSpec } from '../../game/gameSpec.js';
import { isGameLayout } from '../../game/gameTally.js';
import type { PolicyParams } from '../../game/policy/policyParams.js';
import { MAX_GAME_FORMATIONS, reckonedOdds } from '../../game/tournament.js';
import type { BatchedScore } from '../../game/worth/batchedScore.js';

/** Games per batch: each batch is one chunk of the run, seeded by its cell and number. Part of a run's identity. */
export const WORTH_CHUNK = 25;

/**
 * Batches of one army's score started at once: enough to keep any pool busy, few enough that
 * starting them never holds the main thread (10,000 games a cell are 400 batches a cell).
 */
const BATCHES_IN_FLIGHT = 64;

/** An opposing army of the field, priced as the worth's games price it, and its list. */
export interface FieldArmy {
  /** "list#k": names the army in the chunk seeds. */
  tag: string;
  list: number;
  army: GameArmy;
}

/** One cell of a base army's field: an opposing army under one policy, and its weight in S. */
export interface FieldCell {
  opponent: FieldArmy;
  policy: { label: string; params: PolicyParams };
  weight: number;
}

/**
 * The cells a base army of list `own` meets: every army of every other list that fits in one game
 * with the base army and the formation added (MAX_GAME_FORMATIONS; the same cells for every variant,
 * so that they compare), under every policy played by both players. Each other list weighs the
 * same, each of its armies the same within it, each policy the same. The armies left out are
 * returned to be named.
 */
export function fieldCells(own: number, size: number, field: readonly FieldArmy[], policies: ReadonlyArray<{ label: string; params: PolicyParams }>): { cells: FieldCell[]; tooBig: FieldArmy[] } {
  const fits = field.filter((o) => o.list !== own && size + o.army.formations.length <= MAX_GAME_FORMATIONS);
  const tooBig = field.filter((o) => o.list !== own && size + o.army.formations.length > MAX_GAME_FORMATIONS);
  const lists = [...new Set(fits.map((o) => o.list))];
  const cells: FieldCell[] = [];
  for (const o of fits) {
    const ofList = fits.filter((x) => x.list === o.list).length;
    for (const policy of policies) cells.push({ opponent: o, policy, weight: 1 / (lists.length * ofList * policies.length) });
  }
  return { cells, tooBig };
}

/**
 * S(army): its score (wins and half the draws) against the cells, in batches of WORTH_CHUNK
 * games (batchedScore.ts). Chunk b of a cell is seeded by the seed, the base army's tag, the
 * opponent, the policy and b, nothing of the variant: every variant of one base army plays the
 * same dice streams (common random numbers).
 */
export async function fieldScore(army: GameArmy, baseTag: string, cells: readonly FieldCell[], games: number, seed: string, pool: ChunkPool | undefined): Promise<BatchedScore> {
  const perCell = games / WORTH_CHUNK;
  const score = new Float64Array(cells.length * perCell);
  // Each cell's spec is made at its first batch and serialised and hashed once for all its batches.
  const prepared: Array<PreparedSpec[] | undefined> = cells.map(() => undefined);
  const specOf = (c: number): PreparedSpec[] => {
    const armies: [GameArmy, GameArmy] = [army, cells[c]!.opponent.army];
    const policies: GameSpec['policies'] = [cells[c]!.policy.params, cells[c]!.policy.params];
    return (prepared[c] ??= [prepareSpec({ ruleset: 'netea-game', armies, policies, table: null, options: DEFAULT_OPTIONS, maxTurns: DEFAULT_MAX_TURNS, assaultOdds: reckonedOdds(armies, DEFAULT_OPTIONS) } satisfies GameSpec)]);
  };
  const batches = Array.from({ length: score.length }, (_, i) => i);
  await inFlight(batches, BATCHES_IN_FLIGHT, async (i) => {
    const c = Math.floor(i / perCell);
    const cell = cells[c]!;
    const [r] = await simulatePrepared(specOf(c), { seed, scenario: 'worth', matchup: `${baseTag} vs ${cell.opponent.tag} ${cell.policy.label}`, trials: games, chunkSize: WORTH_CHUNK, chunks: { first: i % perCell, last: i % perCell }, ...(pool !== undefined ? { pool } : {}) });
    if (r === undefined || !isGameLayout(r.layout)) throw new Error('a game run returned another tally');
    const n = r.tally[r.layout.wins[0]]! + r.tally[r.layout.wins[1]]! + r.tally[r.layout.draws]!;
    score[i] = (r.tally[r.layout.wins[0]]! + r.tally[r.layout.draws]! / 2) / n;
  });
  return { perCell, cellWeight: Float64Array.from(cells, (c) => c.weight), score };
}
