import { createHash } from 'node:crypto';
import type { TallyLayout } from '../sim/ruleset.js';
import { compileScenario, type ScenarioSpec } from '../sim/scenario.js';
import { chunkCount, chunkTrials } from './chunkPlan.js';
import { runChunk } from './runChunk.js';

/** Default trials per chunk: tens of milliseconds of work. Part of a run's identity. */
export const DEFAULT_CHUNK_SIZE = 50_000;

export interface SimulationRequest {
  spec: ScenarioSpec;
  seed: string;
  /** Names that, with the seed and the chunk index, seed every chunk. */
  scenario: string;
  matchup: string;
  trials: number;
  chunkSize: number;
}

export interface SimulationResult {
  tally: Float64Array;
  layout: TallyLayout;
  trials: number;
  chunks: number;
  chunkSize: number;
  elapsedMs: number;
}

/** A stable key for a spec, so workers compile each scenario once. */
export function specKey(spec: ScenarioSpec): string {
  return createHash('sha1').update(JSON.stringify(spec)).digest('hex');
}

/**
 * Runs a scenario chunk by chunk and merges the tallies in chunk order. The
 * numbers depend on the seed, the names, the trial count and the chunk size
 * only.
 */
export async function simulate(req: SimulationRequest): Promise<SimulationResult> {
  const started = performance.now();
  const layout = compileScenario(req.spec).layout;
  const key = specKey(req.spec);
  const chunks = chunkCount(req.trials, req.chunkSize);
  const tally = new Float64Array(layout.length);
  for (let k = 0; k < chunks; k++) {
    const part = runChunk({
      spec: req.spec,
      specKey: key,
      seed: req.seed,
      scenario: req.scenario,
      matchup: req.matchup,
      chunk: k,
      trials: chunkTrials(req.trials, req.chunkSize, k),
    });
    for (let i = 0; i < tally.length; i++) tally[i]! += part[i]!;
  }
  return { tally, layout, trials: req.trials, chunks, chunkSize: req.chunkSize, elapsedMs: performance.now() - started };
}
