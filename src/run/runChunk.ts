import { compileScenario, type RunnableSpec } from '../scenarios/registry.js';
import type { TrialRunner } from '../sim/ruleset.js';
import { chunkRng } from './chunkSeed.js';

/** What identifies one chunk of one run: the seed of its dice and its size. */
export interface ChunkId {
  seed: string;
  scenario: string;
  matchup: string;
  chunk: number;
  trials: number;
}

export interface ChunkTask extends ChunkId {
  spec: RunnableSpec;
  /** Identifies the spec so a worker compiles it once (a hash of its JSON). */
  specKey: string;
}

/**
 * A chunk as it crosses to a worker thread: the spec travels as its JSON text,
 * which is cheap to copy and parsed only when the worker has not compiled
 * that spec yet.
 */
export interface WireTask extends ChunkId {
  specKey: string;
  specJson: string;
}

/** Compiled scenarios kept per thread; a few, most recently used last. */
const MAX_COMPILED = 32;
const compiled = new Map<string, TrialRunner>();

function runnerFor(specKey: string, spec: () => RunnableSpec): TrialRunner {
  let runner = compiled.get(specKey);
  if (runner) {
    compiled.delete(specKey);
  } else {
    runner = compileScenario(spec());
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
  }
  compiled.set(specKey, runner);
  return runner;
}

function run(runner: TrialRunner, id: ChunkId): Float64Array {
  const tally = new Float64Array(runner.layout.length);
  runner.run(chunkRng(id.seed, id.scenario, id.matchup, id.chunk), id.trials, tally);
  return tally;
}

/** Runs one chunk and returns its tally. Compiled scenarios are cached per thread. */
export function runChunk(task: ChunkTask): Float64Array {
  return run(runnerFor(task.specKey, () => task.spec), task);
}

/** Runs one chunk sent to a worker thread. */
export function runWireTask(task: WireTask): Float64Array {
  return run(runnerFor(task.specKey, () => JSON.parse(task.specJson) as RunnableSpec), task);
}
