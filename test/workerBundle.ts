import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { projectRoot } from '../src/model/projectRoot.js';

/**
 * The worker threads' module for this run (src/run/pool.ts workerFilename):
 * src/run/worker.ts and everything it imports, bundled by esbuild into one
 * module in a temporary folder, named to the test processes by
 * $EPIC_BALANCE_WORKER_BUNDLE (they and the commands they start inherit it).
 * Each thread then loads one file instead of registering tsx and compiling the
 * sources it imports, which cost every thread's start about 0.5 s of CPU: the
 * suite starts hundreds. The same sources and the same compiler as tsx's
 * (esbuild), so the same numbers. Piscina stays the repository's own (its
 * `move` marks what the pool's own copy of it transfers).
 */
export default async function setup(): Promise<() => void> {
  // Global setups run once per project, all in vitest's main process: the first bundles, the others find it.
  if (process.env.EPIC_BALANCE_WORKER_BUNDLE) return () => {};
  const dir = mkdtempSync(join(tmpdir(), 'epic-balance-worker-'));
  const file = join(dir, 'worker.mjs');
  await build({ entryPoints: [join(projectRoot(), 'src/run/worker.ts')], bundle: true, format: 'esm', platform: 'node', target: 'node20', external: ['piscina'], outfile: file, logLevel: 'warning' });
  // Piscina's ES-module entry (its package.json "exports" import), beside the CommonJS main.js that require() resolves.
  const piscina = pathToFileURL(join(dirname(createRequire(join(projectRoot(), 'package.json')).resolve('piscina')), 'esm-wrapper.mjs')).href;
  // A top-level await, as in workerFromSources.mjs: piscina first tries require(), which would load
  // the module halfway (require of ES modules), then falls back to import() when require() refuses it.
  writeFileSync(file, `${readFileSync(file, 'utf8').replaceAll('from "piscina"', `from ${JSON.stringify(piscina)}`)}await Promise.resolve();\n`);
  process.env.EPIC_BALANCE_WORKER_BUNDLE = file;
  return () => {
    delete process.env.EPIC_BALANCE_WORKER_BUNDLE;
    rmSync(dir, { recursive: true, force: true });
  };
}
