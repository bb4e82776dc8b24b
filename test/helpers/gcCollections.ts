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

/**
 * The garbage collections while gameLoop.ts plays a bench game scenario's games, counted from the
 * start to each of the ascending game counts given: one process plays them all, the first counts
 * being the first games of the last.
 */
export async function collectionsDuringGames(scenario: string, ...counts: number[]): Promise<number[]> {
  const at = await collectionsAt(GAME_LOOP, [scenario, ...counts.map(String)]);
  expect(at.map((c) => c.games)).toEqual(counts);
  return at.map((c) => c.collections);
}

/**
 * The loop's semi-space (half of V8's young generation), in MB: V8's smallest,
 * where the loops' heaps grow theirs to 16 MB. A scavenge comes when a
 * semi-space is full, so N trials with no collection show that they allocate
 * less than 1 MiB / N per trial on average, as 16·N trials would show at the
 * default: 100,000 trials here catch what 1,600,000 would there.
 */
export const SEMI_SPACE_MB = 1;

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
  const at = await collectionsAt(loop, args);
  expect(at).toHaveLength(1);
  return at[0]!.collections;
}

/** The loop's collections from "trials start" to each "trials at N" it prints (N: the trials played so far) and to "trials end". */
async function collectionsAt(loop: string, args: string[]): Promise<Array<{ games: number | null; collections: number }>> {
  const r = await spawnNode(['--trace-gc', '--expose-gc', `--max-semi-space-size=${SEMI_SPACE_MB}`, '--import', TSX, loop, ...args]);
  expect(r.code, r.stderr).toBe(0);
  const lines = r.stdout.split('\n');
  const start = lines.indexOf('trials start');
  const end = lines.indexOf('trials end');
  expect(start).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  const forced = lines.slice(0, start).findLast((l) => / testing; /.test(l));
  const isolate = forced === undefined ? undefined : /^\[\d+:0x[0-9a-f]+\]/.exec(forced)?.[0];
  expect(isolate, 'the loop\'s forced collection before "trials start"').toBeDefined();
  const ours = (l: string) => l.startsWith(isolate!) && /Scavenge|Mark-Compact|Minor|Major/.test(l);
  const marks = lines.flatMap((l, i) => (i > start && i < end && /^trials at \d+$/.test(l) ? [{ games: Number(l.slice('trials at '.length)), line: i }] : []));
  return [...marks, ...(marks.length === 0 ? [{ games: null, line: end }] : [])].map((m) => ({ games: m.games, collections: lines.slice(start + 1, m.line).filter(ours).length }));
}
