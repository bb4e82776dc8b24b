import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { projectRoot } from '../src/model/projectRoot.js';

/**
 * The command line and the worker threads' module for this run, each bundled
 * by esbuild from the sources into one module: test/helpers/cli.ts `cliArgs`
 * starts the command line from $EPIC_BALANCE_CLI_BUNDLE, and src/run/pool.ts
 * starts the worker threads of this process from $EPIC_BALANCE_WORKER_BUNDLE
 * (the test processes and the commands they start inherit both). A thread or a
 * process then loads one file instead of registering tsx and compiling every
 * source it imports through tsx's loader, which cost each thread's start about
 * 0.5 s of CPU and each command's 1.1 s (`list`: 1.6 s of CPU through tsx, 0.5
 * s bundled): the suite starts hundreds of threads and dozens of commands. The
 * same sources and the same compiler as tsx's (esbuild), so the same numbers.
 *
 * They are written in node_modules/.cache/ under the repository, where their
 * packages resolve as the sources' do, and where projectRoot() finds the
 * repository above them; the command line's worker threads load worker.js
 * beside it, as the compiled build's do (the folder's package.json says its
 * .js files are ES modules). Removed when the run ends.
 */
export default async function setup(): Promise<() => void> {
  // Global setups run once per project, all in vitest's main process: the first bundles, the others find it.
  if (process.env.EPIC_BALANCE_CLI_BUNDLE) return () => {};
  const root = projectRoot();
  const dir = join(root, 'node_modules', '.cache', `epic-balance-test-run-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  const bundle = (entry: string, file: string) =>
    build({ entryPoints: [join(root, entry)], bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', outfile: join(dir, file), logLevel: 'warning' });
  await Promise.all([bundle('src/cli.ts', 'cli.mjs'), bundle('src/run/worker.ts', 'worker.js')]);
  // A top-level await, as in src/run/workerFromSources.mjs: piscina first tries require(), which would
  // load the module halfway (require of ES modules), then falls back to import() when require() refuses it.
  const worker = join(dir, 'worker.js');
  writeFileSync(worker, `${readFileSync(worker, 'utf8')}await Promise.resolve();\n`);
  process.env.EPIC_BALANCE_CLI_BUNDLE = join(dir, 'cli.mjs');
  process.env.EPIC_BALANCE_WORKER_BUNDLE = worker;
  return () => {
    delete process.env.EPIC_BALANCE_CLI_BUNDLE;
    delete process.env.EPIC_BALANCE_WORKER_BUNDLE;
    rmSync(dir, { recursive: true, force: true });
  };
}
