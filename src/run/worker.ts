import { move } from 'piscina';
import { runValueMeeting, type ValueMeetingSums } from './valueMeeting.js';
import type { ValueBatch } from './pool.js';
import { runWireTask, type WireTask } from './runChunk.js';

/**
 * The piscina worker: runs one chunk and hands its tally back by transferring
 * the buffer (no copy), or a batch of battle meetings (an audit's formation)
 * and returns their sums. Loaded as compiled JavaScript from dist/, or as
 * TypeScript through tsx when the pool itself runs from the sources.
 *
 * EPIC_BALANCE_FAIL_CHUNK=k makes chunk k throw: a fault injection for tests
 * of how the pool reports a failing worker.
 */
const failChunk = process.env.EPIC_BALANCE_FAIL_CHUNK;

export default function runChunkInWorker(task: WireTask | ValueBatch): Float64Array | ValueMeetingSums[] {
  if ('tasks' in task) return task.tasks.map(runValueMeeting);
  if (failChunk !== undefined && failChunk !== '' && Number(failChunk) === task.chunk) {
    throw new Error(`injected failure (EPIC_BALANCE_FAIL_CHUNK=${failChunk})`);
  }
  return move(runWireTask(task)) as Float64Array;
}
