import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { spawnNode } from './cli.js';

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const LOOP = fileURLToPath(new URL('./trialLoop.ts', import.meta.url));
const GAME_LOOP = fileURLToPath(new URL('./gameLoop.ts', import.meta.url));

/**
 * The garbage collections node --trace-gc reports while trialLoop.ts plays a bench scenario's
 * trials (its arguments: scenario, trials [, naive]). The process is awaited, not run with
 * spawnSync: a test worker blocked for a minute (a million trials on a busy machine) misses
 * vitest's 60 s answer to its own progress report and fails the run.
 */
export function collectionsDuring(...args: string[]): Promise<number> {
  return collections(LOOP, args);
}

/** The garbage collections while gameLoop.ts plays a bench game scenario's games (its arguments: scenario, games). */
export function collectionsDuringGames(...args: string[]): Promise<number> {
  return collections(GAME_LOOP, args);
}

/**
 * Counts the collections of the loop's own thread between its markers. tsx
 * loads the TypeScript on a thread of its own (Node's module hooks), whose
 * heap --trace-gc reports too, on lines starting with another isolate's
 * address: idle during the loop, that thread's memory reducer ran twice
 * inside 100,000 games on a loaded machine ("Mark-Compact (reduce)", 8 MB),
 * which is none of the loop's doing. The loop calls gc() (--expose-gc) just
 * before "trials start": the line of that collection ("testing") names the
 * loop's isolate, and only its lines count.
 */
async function collections(loop: string, args: string[]): Promise<number> {
  const r = await spawnNode(['--trace-gc', '--expose-gc', '--import', TSX, loop, ...args]);
  expect(r.code, r.stderr).toBe(0);
  const lines = r.stdout.split('\n');
  const start = lines.indexOf('trials start');
  const end = lines.indexOf('trials end');
  expect(start).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  const forced = lines.slice(0, start).findLast((l) => / testing; /.test(l));
  const isolate = forced === undefined ? undefined : /^\[\d+:0x[0-9a-f]+\]/.exec(forced)?.[0];
  expect(isolate, 'the loop\'s forced collection before "trials start"').toBeDefined();
  return lines.slice(start + 1, end).filter((l) => l.startsWith(isolate!) && /Scavenge|Mark-Compact|Minor|Major/.test(l)).length;
}
