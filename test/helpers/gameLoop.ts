import { GAME_SCENARIOS } from '../../bench/scenarios.js';
import { rngFromSeed } from '../../src/sim/rng.js';
import { compileScenario } from '../../src/sim/scenario.js';

/**
 * Plays the games of a bench game scenario in this process, for
 * collectionsDuring (gcCollections.ts): 10,000 games to warm up, then "trials
 * start", N games, "trials end" on stdout, so that node --trace-gc's lines
 * between the two markers are the collections the games caused. The warm-up
 * lets the optimising compiler reach the rare paths (a player's reckoning of
 * an assault that only some games reach): until it has, the interpreter
 * boxes their fractions, and on a loaded machine, where compiling on the
 * background thread waits for a core, that took two collections after 2,000
 * games. Usage: gameLoop.ts <scenario> <N>.
 */
const [id, count] = process.argv.slice(2);
const runner = compileScenario(GAME_SCENARIOS.find((s) => s.id === id)!.build());
const tally = new Float64Array(runner.layout.length);
const rng = rngFromSeed('allocation');
runner.run(rng, 10_000, tally);
process.stdout.write('trials start\n');
runner.run(rng, Number(count), tally);
process.stdout.write('trials end\n');
