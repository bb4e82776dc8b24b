import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect } from 'vitest';

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const LOOP = fileURLToPath(new URL('./trialLoop.ts', import.meta.url));
const GAME_LOOP = fileURLToPath(new URL('./gameLoop.ts', import.meta.url));

/** The garbage collections node --trace-gc reports while trialLoop.ts plays a bench scenario's trials (its arguments: scenario, trials [, naive]). */
export function collectionsDuring(...args: string[]): number {
  return collections(LOOP, args);
}

/** The garbage collections while gameLoop.ts plays a bench game scenario's games (its arguments: scenario, games). */
export function collectionsDuringGames(...args: string[]): number {
  return collections(GAME_LOOP, args);
}

function collections(loop: string, args: string[]): number {
  const r = spawnSync(process.execPath, ['--trace-gc', '--import', TSX, loop, ...args], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const lines = r.stdout.split('\n');
  const start = lines.indexOf('trials start');
  const end = lines.indexOf('trials end');
  expect(start).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  return lines.slice(start + 1, end).filter((l) => /Scavenge|Mark-Compact|Minor|Major/.test(l)).length;
}
