import { NeteaRunner } from '../src/sim/rulesets/netea/runner.js';
import { rngFromSeed } from '../src/sim/rng.js';
import { SCENARIOS } from './scenarios.js';

/**
 * Runs N trials of one bench scenario in this thread and nothing else, for
 * counting machine instructions (bench/instructions.sh runs it under
 * valgrind). Usage: node dist/bench/runTrials.js <scenario> <trials>.
 */
const [id, count] = process.argv.slice(2);
const scenario = SCENARIOS.find((s) => s.id === id);
const trials = Number(count);
if (scenario === undefined || !Number.isInteger(trials) || trials < 0) {
  process.stderr.write(`usage: node dist/bench/runTrials.js <${SCENARIOS.map((s) => s.id).join('|')}> <trials>\n`);
  process.exit(2);
}
const runner = new NeteaRunner(scenario.build());
runner.run(rngFromSeed('instructions'), trials, new Float64Array(runner.layout.length));
