import { GAME_SCENARIOS } from '../../bench/scenarios.js';
import { rngFromSeed } from '../../src/sim/rng.js';
import { compileScenario } from '../../src/scenarios/registry.js';

/**
 * Plays the games of a bench game scenario in this process, for
 * collectionsDuringGames (gcCollections.ts): 10,000 games to warm up, then
 * "trials start", then for each count N given (ascending) the games up to N
 * and "trials at N", then "trials end" on stdout, so that node --trace-gc's
 * lines between "trials start" and a marker, on this thread's isolate, are
 * the collections the first N games caused. The warm-up lets the optimising
 * compiler reach the rare paths (a player's reckoning of an assault that only
 * some games reach) before the count: until it has, the interpreter boxes
 * their fractions. (The two collections counted in 100,000 games after this
 * warm-up on a loaded machine were the memory reducer of tsx's loader thread,
 * another isolate: gcCollections.ts counts this thread's alone.) Usage:
 * gameLoop.ts <scenario> <N>...
 */
const [id, ...counts] = process.argv.slice(2);
const runner = compileScenario(GAME_SCENARIOS.find((s) => s.id === id)!.build());
const tally = new Float64Array(runner.layout.length);
const rng = rngFromSeed('allocation');
runner.run(rng, 10_000, tally);
// A collection --trace-gc marks "testing": it names this thread's isolate for gcCollections.ts (node --expose-gc).
(globalThis as { gc?: () => void }).gc!();
process.stdout.write('trials start\n');
let played = 0;
for (const n of counts.map(Number)) {
  runner.run(rng, n - played, tally);
  played = n;
  process.stdout.write(`trials at ${n}\n`);
}
process.stdout.write('trials end\n');
