import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { projectRoot } from '../../src/model/projectRoot.js';

/**
 * A diagnostic, not a check (vitest.config.ts loads it only when
 * $EPIC_BALANCE_STRETCHES names a file): for each test file, one JSON line
 * appended to that file with its wall time, the CPU seconds of its process and
 * of its thread (Linux /proc; in the shared threads the process is shared with
 * other files), and every stretch of more than 300 ms in which its thread's
 * event loop did not turn, with the test it fell in. A stretch longer than
 * birpc's 60 s makes vitest fail the run ("Timeout calling onTaskUpdate"): a
 * test's longest stretch, times the machine's load, should stay well under it.
 */

const OUT = process.env.EPIC_BALANCE_STRETCHES!;
const MIN_STRETCH_MS = 300;

/** utime, stime, cutime, cstime of a /proc stat file, in seconds. */
function cpu(path: string): number[] {
  const s = readFileSync(path, 'utf8');
  return s.slice(s.lastIndexOf(')') + 2).split(' ').slice(11, 15).map((t) => Number(t) / 100);
}

interface Watch {
  lastTurn: number;
  test: string | null;
  file: string;
  stretches: Array<{ ms: number; where: string }>;
}

// One timer per thread: the files of a shared thread run one after another.
const watch = ((globalThis as { __eventLoopStretches?: Watch }).__eventLoopStretches ??= (() => {
  const w: Watch = { lastTurn: performance.now(), test: null, file: '', stretches: [] };
  setInterval(() => {
    const now = performance.now();
    if (now - w.lastTurn > MIN_STRETCH_MS) w.stretches.push({ ms: Math.round(now - w.lastTurn), where: w.test ?? '(collecting, hooks or between tests)' });
    w.lastTurn = now;
  }, 20).unref();
  return w;
})());

let startProcess: number[] = [];
let startThread: number[] = [];
let startWall = 0;
beforeAll(() => {
  watch.file = relative(projectRoot(), expect.getState().testPath ?? '');
  startProcess = cpu('/proc/self/stat');
  startThread = cpu('/proc/thread-self/stat');
  startWall = performance.now();
});
beforeEach((ctx) => {
  watch.test = ctx.task.name;
});
afterEach((ctx) => {
  // A test with no await ends before the timer can see its stretch: taken here, and the timer starts again.
  const now = performance.now();
  if (now - watch.lastTurn > MIN_STRETCH_MS) watch.stretches.push({ ms: Math.round(now - watch.lastTurn), where: ctx.task.name });
  watch.lastTurn = now;
  watch.test = null;
});
afterAll(() => {
  const [p, t] = [cpu('/proc/self/stat'), cpu('/proc/thread-self/stat')];
  const seconds = (a: number[], b: number[], i: number, j: number) => Math.round((a[i]! + a[j]! - b[i]! - b[j]!) * 100) / 100;
  const line = { file: watch.file, wallMs: Math.round(performance.now() - startWall), processCpu: seconds(p, startProcess, 0, 1), threadCpu: seconds(t, startThread, 0, 1), childrenCpu: seconds(p, startProcess, 2, 3), stretches: watch.stretches.splice(0) };
  appendFileSync(OUT, JSON.stringify(line) + '\n');
});
