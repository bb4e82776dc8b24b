import { naiveHeresyRun, naiveHeresyScenario } from '../../bench/naiveHeresyShoot.js';
import { EPIC40K_SCENARIOS, HERESY_SCENARIOS } from '../../bench/scenarios.js';
import { rngFromSeed } from '../../src/sim/rng.js';
import { compileScenario } from '../../src/scenarios/registry.js';

/**
 * Runs trials of a Heresy or Epic 40,000 bench scenario in this process, for
 * collectionsDuring (gcCollections.ts): a warm-up, then "trials start", N
 * trials, "trials end" on stdout, so that node --trace-gc's lines between
 * the two markers are the collections the trials caused. `naive` runs
 * Heresy's naive reference instead (a control that allocates). Usage:
 * trialLoop.ts <scenario> <N> [naive].
 */
const [id, count, naive] = process.argv.slice(2);
const spec = [...HERESY_SCENARIOS, ...EPIC40K_SCENARIOS].find((s) => s.id === id)!.build();
const rng = rngFromSeed('allocation');
let run: (trials: number) => void;
if (naive === 'naive') {
  if (spec.ruleset !== 'heresy') throw new Error('the naive reference here is Heresy\'s');
  const s = naiveHeresyScenario(spec);
  run = (trials) => void naiveHeresyRun(s, rng, trials);
} else {
  const runner = compileScenario(spec);
  const tally = new Float64Array(runner.layout.length);
  run = (trials) => runner.run(rng, trials, tally);
}
run(20_000);
// A collection --trace-gc marks "testing": it names this thread's isolate for gcCollections.ts (node --expose-gc).
(globalThis as { gc?: () => void }).gc!();
process.stdout.write('trials start\n');
run(Number(count));
process.stdout.write('trials end\n');
