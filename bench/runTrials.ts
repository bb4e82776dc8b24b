import { rngFromSeed } from '../src/sim/rng.js';
import { compileScenario, type RunnableSpec } from '../src/scenarios/registry.js';
import { EPIC40K_SCENARIOS, GAME_SCENARIOS, HERESY_SCENARIOS, SCENARIOS, type BenchScenario } from './scenarios.js';

/**
 * Runs N trials of one bench scenario, of any rule system, in this thread and
 * nothing else, for counting machine instructions (bench/instructions.sh runs
 * it under valgrind). Usage: node dist/bench/runTrials.js <scenario> <trials>.
 */
const [id, count] = process.argv.slice(2);
const all: Array<BenchScenario<RunnableSpec>> = [...SCENARIOS, ...EPIC40K_SCENARIOS, ...HERESY_SCENARIOS, ...GAME_SCENARIOS];
const scenario = all.find((s) => s.id === id);
const trials = Number(count);
if (scenario === undefined || !Number.isInteger(trials) || trials < 0) {
  process.stderr.write(`usage: node dist/bench/runTrials.js <${all.map((s) => s.id).join('|')}> <trials>\n`);
  process.exit(2);
}
const runner = compileScenario(scenario.build());
runner.run(rngFromSeed('instructions'), trials, new Float64Array(runner.layout.length));
