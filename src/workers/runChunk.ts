import { compileScenario, type ScenarioSpec } from '../sim/scenario.js';
import type { TrialRunner } from '../sim/ruleset.js';
import { chunkRng } from './chunkSeed.js';

export interface ChunkTask {
  spec: ScenarioSpec;
  /** Identifies the spec so a worker compiles it once (a hash of its JSON). */
  specKey: string;
  seed: string;
  scenario: string;
  matchup: string;
  chunk: number;
  trials: number;
}

const compiled = new Map<string, TrialRunner>();

/** Runs one chunk and returns its tally. Compiled scenarios are cached per thread. */
export function runChunk(task: ChunkTask): Float64Array {
  let runner = compiled.get(task.specKey);
  if (!runner) {
    runner = compileScenario(task.spec);
    compiled.set(task.specKey, runner);
  }
  const tally = new Float64Array(runner.layout.length);
  runner.run(chunkRng(task.seed, task.scenario, task.matchup, task.chunk), task.trials, tally);
  return tally;
}
