import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * A folder for this test run's one build of the playground (test/site/harness.ts
 * `sharedSite`): the first browser test file to need the build makes it there,
 * the others use it. Named by this process (vitest's main process, where every
 * project's global setup runs), so the projects of one run share it; removed
 * when the run ends. Creating the folder costs nothing when no site test runs.
 */
export default function setup(project: TestProject): () => void {
  const dir = join(tmpdir(), `epic-balance-site-run-${process.pid}`);
  const empty = () => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  };
  empty();
  project.provide('siteRunDir', dir);
  // In watch mode each rerun builds the sources as they are then.
  project.onTestsRerun(empty);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    siteRunDir: string;
  }
}
