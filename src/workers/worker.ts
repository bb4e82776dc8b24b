import { move } from 'piscina';
import { runWireTask, type WireTask } from './runChunk.js';

/**
 * The piscina worker: runs one chunk and hands its tally back by transferring
 * the buffer (no copy). Loaded as compiled JavaScript from dist/, or as
 * TypeScript through tsx when the pool itself runs from the sources.
 *
 * EPIC_BALANCE_FAIL_CHUNK=k makes chunk k throw: a fault injection for tests
 * of how the pool reports a failing worker.
 */
const failChunk = process.env.EPIC_BALANCE_FAIL_CHUNK;

export default function runChunkInWorker(task: WireTask): Float64Array {
  if (failChunk !== undefined && failChunk !== '' && Number(failChunk) === task.chunk) {
    throw new Error(`injected failure (EPIC_BALANCE_FAIL_CHUNK=${failChunk})`);
  }
  return move(runWireTask(task)) as Float64Array;
}
