import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Test files that hold something to a wall-clock limit (the playground's page
 * load in under 2 s): they run after the others, one at a time, with no
 * other test file beside them, as when every file ran alone.
 */
const ALONE = ['test/site/playground.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A folder per run for the one build of the playground the browser tests share (test/site/harness.ts).
    globalSetup: ['test/site/globalSetup.ts'],
    // Vitest's default for `vitest run` is one test process fewer than the
    // CPUs: a single one on a 2-core machine, which then runs every file one
    // after another while the second core mostly waits. One per CPU keeps
    // both busy (each file still runs in a fresh process of its own).
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { name: 'tests', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...ALONE] } },
      // A project whose files share one process, in turn, after the files run side by side.
      { extends: true, test: { name: 'alone', include: ALONE, poolOptions: { forks: { singleFork: true } } } },
    ],
  },
});
