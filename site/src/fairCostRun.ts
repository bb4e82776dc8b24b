import type { RunMeetings } from '../../src/reports/value/fixedPointValue.js';
import { runValueMeeting, type ValueMeetingSums, type ValueMeetingTask } from '../../src/run/valueMeeting.js';
import { poolFor, RunStopped, type WorkerPool } from './run.js';

/**
 * A fair cost's meetings run on the page's Web Workers: solveValue
 * (src/reports/value/fixedPointValue.ts) asks for the meetings of the groups
 * it needs, and each meeting goes whole to an idle worker, which runs it with
 * runValueMeeting as a worker thread of the command line does: the same chunk
 * plan and chunk seeds (named by the seed, the battle and the matchup), its
 * trials summed in the same order. So the sums, and the fair cost solved from
 * them, are the command line's to the last digit, whatever the number of
 * workers or the order meetings finish in. (The command line sends one
 * group's meetings to a worker as a batch; here each meeting is a task of its
 * own, which balances two workers better and changes no number.)
 */

export interface MeetingProgress {
  done: number;
  /** Meetings asked for so far: the fixed point asks for more groups as it narrows the root. */
  asked: number;
  /** "2 Web Workers" or "the page's thread" (a page opened from a file cannot start workers). */
  mode: string;
}

export interface MeetingRunner {
  run: RunMeetings;
  /** Ends the run: every meeting not yet returned rejects with RunStopped. */
  stop(): void;
}

interface Queued {
  task: ValueMeetingTask;
  resolve: (s: ValueMeetingSums) => void;
  reject: (e: Error) => void;
}

/** Runs meetings on `workers` Web Workers at `workerUrl` (kept between runs, as run.ts keeps them), or in this thread. */
export function meetingRunner(workerUrl: string, workers: number, onProgress: (p: MeetingProgress) => void): MeetingRunner {
  let pool: WorkerPool | null;
  try {
    pool = poolFor(workerUrl, Math.max(1, workers));
  } catch {
    pool = null; // e.g. a page opened from file://: run in this thread instead.
  }
  const mode = pool === null ? 'the page\'s thread' : `${pool.workers} Web Worker${pool.workers === 1 ? '' : 's'}`;
  const queue: Queued[] = [];
  let stopped = false;
  let busyHere = false;
  let asked = 0;
  let done = 0;
  const report = () => onProgress({ done, asked, mode });

  const finish = (q: Queued, sums: ValueMeetingSums) => {
    done++;
    report();
    q.resolve(sums);
  };

  const pump = () => {
    if (stopped) return;
    if (pool === null) {
      if (busyHere || queue.length === 0) return;
      busyHere = true;
      // One meeting, then back to the page's events (progress, Stop) before the next.
      setTimeout(() => {
        busyHere = false;
        if (stopped) return;
        const q = queue.shift()!;
        try {
          finish(q, runValueMeeting(q.task));
        } catch (e) {
          q.reject(e as Error);
        }
        pump();
      }, 0);
      return;
    }
    for (let w = pool.idle(); w !== undefined && queue.length > 0; w = pool.idle()) {
      const q = queue.shift()!;
      pool.runMeeting(w, q.task).then(
        (sums) => {
          if (stopped) return;
          finish(q, sums);
          pump();
        },
        (e: Error) => q.reject(stopped ? new RunStopped() : e),
      );
    }
  };

  const run: RunMeetings = (tasks) => {
    if (stopped) return Promise.reject(new RunStopped());
    asked += tasks.length;
    report();
    const results = tasks.map((task) => new Promise<ValueMeetingSums>((resolve, reject) => queue.push({ task, resolve, reject })));
    pump();
    return Promise.all(results);
  };

  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const q of queue.splice(0)) q.reject(new RunStopped());
    pool?.terminate();
  };
  report();
  return { run, stop };
}
