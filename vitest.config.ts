import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that hold something to a wall-clock limit (the playground's page
 * load in under 2 s): they run after the others, one at a time, with no
 * other test file beside them, as when every file ran alone. Not moved earlier: beside
 * other work its page load took 2.6 s in a whole run at a load average of 15 to 30
 * (29 November 2026) and the test failed. It holds only the bundles' sizes and the timed load
 * (about 5 s on the idle machine); the playground's other runs, 8 s of the 13 s this file took
 * alone, are playgroundRuns.test.ts's, beside the other files.
 */
const ALONE = ['test/site/playground.test.ts'];

/**
 * Test files of the library itself (the data, the simulation, the reports):
 * they share worker threads, one after another in each, and with them the
 * modules they import (loaded once per thread, not once per file: the files
 * import the same sources, and each file's own import of them was most of its
 * time). None of them changes the process (its folder, its environment) or
 * leaves a thread, a server or a browser running. Measured on the 77 files:
 * 106 s of CPU time this way against 173 s with a fresh process per file;
 * the 23 files added since (the game's, the rosters', the commands run in this
 * process): 126 s against 156 s; the 30 after them (the commands', the
 * worker pools', the browser's): 177 s against 215 s.
 * The others keep a process of their own: the README's (each runs its commands
 * in a folder of its own, this process's folder meanwhile: a thread may not
 * change it), test/cli/hostileInput.test.ts (changes folder too),
 * test/cli/interrupt.test.ts (keeps a CPU busy beside its commands) and
 * test/workers/errors.test.ts (sets the variable that makes a worker fail).
 */
const SHARED = [
  'test/model/**/*.test.ts',
  'test/sim/**/*.test.ts',
  'test/reports/**/*.test.ts',
  // Files of other folders that only call functions, or run commands in this process (test/helpers/cli.ts inProcess).
  'test/site/hash.test.ts',
  'test/site/rng.test.ts',
  'test/commands/help.test.ts',
  'test/commands/aerospaceCli.test.ts',
  'test/commands/aerospaceSweep.test.ts',
  'test/commands/rulebook2004Cli.test.ts',
  'test/workers/exactSum.test.ts',
  'test/workers/naiveReference.test.ts',
  'test/workers/partial.test.ts',
  'test/workers/precision.test.ts',
  'test/workers/progress.test.ts',
  'test/workers/simOptions.test.ts',
  'test/workers/variants.test.ts',
  // Commands run in this process only (inProcess), each given its own folder for what it writes
  // (auditHeldOut also as processes of their own, awaited).
  'test/commands/auditHeldOut.test.ts',
  'test/commands/auditHistory.test.ts',
  'test/commands/auditMiniPack.test.ts',
  'test/commands/auditTrials.test.ts',
  'test/commands/epic40kFairCost.test.ts',
  'test/commands/epic40kMatrix.test.ts',
  'test/commands/epic40kRun.test.ts',
  'test/commands/fairCostProposal.test.ts',
  'test/commands/list.test.ts',
  'test/commands/rulesAndSeed.test.ts',
  'test/commands/showcase.test.ts',
  'test/cli/heresyBadInput.test.ts',
  // The game's own tests, the layers' and the rosters': functions only.
  'test/game/consolidationAndGarrisons.test.ts',
  'test/game/exactness.test.ts',
  'test/game/gameResults.test.ts',
  'test/game/mirror.test.ts',
  'test/game/monotonicity.test.ts',
  'test/game/objectives.test.ts',
  'test/game/armyRulesInGames.test.ts',
  'test/game/table.test.ts',
  'test/game/turnSequence.test.ts',
  'test/architecture/layers.test.ts',
  'test/architecture/systemNames.test.ts',
  'test/rulesets/netea/roster/randomArmy.test.ts',
  'test/rulesets/netea/roster/rosterImport.test.ts',
  // Files that ran in a process of their own though they need none: they run commands in this process
  // (inProcess) or as processes of their own (spawnCli, GNU parallel, the garbage collections' loop),
  // awaited, each in its own temporary folder (never this process's folder), start worker threads they
  // destroy or that the shared set of test/helpers/cli.ts keeps, and leave the environment as it was.
  'test/cli/assault.test.ts',
  'test/cli/datasheet.test.ts',
  'test/cli/epic40k.test.ts',
  'test/cli/heresy.test.ts',
  'test/cli/shoot.test.ts',
  'test/commands/audit.test.ts',
  'test/commands/epic40kAudit.test.ts',
  'test/commands/heresyRun.test.ts',
  'test/commands/matchup.test.ts',
  'test/commands/run.test.ts',
  'test/game/allocationFree.test.ts',
  'test/game/assaultOdds.test.ts',
  'test/game/cli.test.ts',
  'test/game/tournament.test.ts',
  'test/game/tournamentPieces.test.ts',
  'test/game/worth/*.test.ts',
  'test/site/compareDice.test.ts',
  // The playground's browser tests but the one timed (ALONE): Chromium and a server of their own, closed after.
  'test/site/fairCost.test.ts',
  'test/site/playgroundRuns.test.ts',
  'test/site/lists.test.ts',
  'test/site/phoneCharts.test.ts',
  'test/site/screenshots.test.ts',
  'test/site/scripts.test.ts',
  'test/site/tournamentPack.test.ts',
  'test/workers/cli.test.ts',
  'test/workers/determinism.test.ts',
  'test/workers/everyRuleset.test.ts',
  'test/workers/simulationRunner.test.ts',
];

/**
 * The files that take longest, longest first (measured on the 2-core machine):
 * they start before the others, whose pool fills the time beside them, so none
 * of them is left running alone at the end. Vitest orders a run by the last run's
 * durations when it has them, and by file size when it has none (a fresh clone):
 * several of these are small files running long commands.
 * The numbers: each file's seconds in a whole run of the suite at d3e0fe7 on a clean clone (`npm test --
 * --reporter=json`, the sum of its tests' durations) at a load average of 15 to 30 on the two cores, so
 * about five to ten times its CPU seconds; run.test.ts and showcase.test.ts less the tests that now
 * check the README's runs instead of running them again (test/helpers/runReport.ts). In brackets, the
 * CPU seconds of a fork's own process and its children over its tests, from EPIC_BALANCE_STRETCHES.
 */
const LONGEST = [
  // The forks of the 'tests' project: the README's commands and the two command-line files.
  'test/readme/audit.test.ts', // 210 s (23 s of CPU)
  'test/readme/numbers.test.ts', // 211 s (16)
  'test/cli/interrupt.test.ts', // 126 s (12, and a CPU kept busy beside it)
  'test/cli/hostileInput.test.ts', // 123 s (12)
  'test/readme/experiments.test.ts', // 118 s (13)
  'test/readme/split.test.ts', // 82 s (11; 30 s of CPU when the bench's build runs first: dist/ older than the sources)
  'test/readme/guide.test.ts', // 69 s (6)
  'test/readme/dataSets.test.ts', // 46 s (7)
  // The threads of the 'shared' project.
  'test/commands/audit.test.ts', // 327 s
  'test/rulesets/netea/roster/randomArmy.test.ts', // 127 s
  'test/commands/epic40kMatrix.test.ts', // 96 s
  'test/commands/auditHeldOut.test.ts', // 94 s
  'test/commands/run.test.ts', // 92 s (223 s before)
  'test/commands/showcase.test.ts', // 79 s (106 s before)
  'test/game/monotonicity.test.ts', // 69 s
  'test/commands/epic40kAudit.test.ts', // 61 s
  'test/workers/cli.test.ts', // 58 s
  'test/sim/netea/assaultPlan.test.ts', // 51 s
  'test/game/tournamentPieces.test.ts', // 48 s
  'test/game/tournament.test.ts', // 35 s
  'test/site/fairCost.test.ts', // 34 s
  'test/commands/heresyRun.test.ts', // 33 s
  'test/game/worth/worthCommand.test.ts', // 30 s
  'test/sim/netea/shoot.test.ts', // 30 s
];

/*
 * Issue 29 (bench/README.md, "The test suite's CPU"): the shipped experiments and the showcase that the
 * README's commands run are checked on those runs (test/helpers/runReport.ts) instead of run.test.ts and
 * showcase.test.ts running them again: 479.1 -> 457.9 s of CPU for `npm test` on clean clones of 70a15d8
 * and this branch run back to back at a load of 10 to 20 (/usr/bin/time -v, user + system).
 */

/** Vitest's order, with LONGEST first in their order. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONGEST.findIndex((l) => f.moduleId.endsWith(`/${l}`));
      return i < 0 ? LONGEST.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    // A guard against a test that hangs, not a limit on speed: on a 2-core machine shared with
    // other work, tests that run whole commands (the audit, the README's commands) took 40 to 55 s
    // under the usual load and passed 60 s with one more busy process. How fast the tool is, is
    // measured by `npm run bench`; no test fails because the machine is busy (issue 28).
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // A folder per run for the one build of the playground the browser tests share (test/site/harness.ts),
    // and the check that the run leaves the repository's files as it found them (test/repositoryUntouched.ts).
    // And the command line and the worker threads' module, bundled once for the run (test/bundles.ts).
    globalSetup: ['test/site/globalSetup.ts', 'test/repositoryUntouched.ts', 'test/bundles.ts'],
    // And, asked for ($EPIC_BALANCE_STRETCHES), each file's CPU time and longest synchronous stretches (test/helpers/eventLoopStretches.ts).
    setupFiles: ['test/helpers/yieldBetweenTests.ts', ...(process.env.EPIC_BALANCE_STRETCHES ? ['test/helpers/eventLoopStretches.ts'] : [])],
    // Vitest's default for `vitest run` is one test process fewer than the
    // CPUs: a single one on a 2-core machine, which then runs every file one
    // after another while the second core mostly waits. One per CPU keeps
    // both busy (per pool: the threads of SHARED and the processes of the
    // others run side by side, four lanes for two CPUs, which keeps both busy
    // to the end of the slower pool).
    maxWorkers: availableParallelism(),
    sequence: { sequencer: LongestFirst },
    // Read for the whole threads pool (vitest 3 takes a pool's isolation from the root
    // configuration): only the SHARED project runs on threads.
    poolOptions: { threads: { isolate: false } },
    projects: [
      // The two projects run side by side (group 0), the SHARED files on threads, the others in forks.
      { extends: true, test: { name: 'shared', include: SHARED, pool: 'threads', isolate: false, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'tests', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...ALONE, ...SHARED], sequence: { groupOrder: 0 } } },
      // A project whose files share one process, in turn, after every other file has run (group 1).
      { extends: true, test: { name: 'alone', include: ALONE, poolOptions: { forks: { singleFork: true } }, sequence: { groupOrder: 1 } } },
    ],
  },
});
