import { runWireTask, type WireTask } from '../../src/run/runChunk.js';
import { runValueMeeting, type ValueMeetingTask } from '../../src/run/valueMeeting.js';

/**
 * A Web Worker of the playground: runs one chunk at a time exactly as a
 * worker thread of the command line does (src/run/worker.ts), and sends
 * its tally back (transferred, not copied); or one meeting of a fair cost
 * (runValueMeeting, as the command line's worker does), and sends its sums.
 */
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<{ id: number; task?: WireTask; meeting?: ValueMeetingTask }>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};

scope.onmessage = (e) => {
  const { id, task, meeting } = e.data;
  try {
    if (meeting !== undefined) scope.postMessage({ id, sums: runValueMeeting(meeting) });
    else {
      const tally = runWireTask(task!);
      scope.postMessage({ id, tally }, [tally.buffer]);
    }
  } catch (err) {
    scope.postMessage({ id, error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
  }
};
