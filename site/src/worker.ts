import { runWireTask, type WireTask } from '../../src/run/runChunk.js';

/**
 * A Web Worker of the playground: runs one chunk at a time exactly as a
 * worker thread of the command line does (src/run/worker.ts), and sends
 * its tally back (transferred, not copied).
 */
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<{ id: number; task: WireTask }>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};

scope.onmessage = (e) => {
  const { id, task } = e.data;
  try {
    const tally = runWireTask(task);
    scope.postMessage({ id, tally }, [tally.buffer]);
  } catch (err) {
    scope.postMessage({ id, error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
  }
};
