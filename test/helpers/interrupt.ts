import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type CliResult } from '../workers/helpers.js';

export interface Interrupted extends CliResult {
  /** Milliseconds from Ctrl-C to the process's end. */
  exitMs: number;
}

/**
 * Runs a command line from the sources in `cwd` and sends it Ctrl-C (SIGINT)
 * once it says a simulation is under way: EPIC_BALANCE_PROGRESS_FILE
 * (src/run/interrupt.ts) names a file, kept outside `cwd`, that the
 * command creates when its first simulation task starts. Or, with `ready`,
 * once that says so (looked at every 20 ms). No guessing from timings or
 * thread counts: on a loaded machine the start-up alone can take many
 * seconds. Fails if the command ends before it gets that far.
 */
export async function interruptWhenUnderWay(args: string[], cwd: string, ready?: () => boolean): Promise<Interrupted> {
  const markers = mkdtempSync(join(tmpdir(), 'eb-marker-'));
  const marker = join(markers, 'under-way');
  let sentAt = 0;
  let timer: NodeJS.Timeout | undefined;
  try {
    const r = await runCli(args, {
      cwd,
      env: { EPIC_BALANCE_PROGRESS_FILE: marker },
      onSpawn: (kill) => {
        timer = setInterval(() => {
          if (!(ready ?? (() => existsSync(marker)))()) return;
          clearInterval(timer);
          sentAt = performance.now();
          kill('SIGINT');
        }, 20);
      },
    });
    if (sentAt === 0) throw new Error(`the command ended (exit ${r.code}) before a simulation was under way: ${r.stderr}`);
    return { ...r, exitMs: performance.now() - sentAt };
  } finally {
    clearInterval(timer);
    rmSync(markers, { recursive: true, force: true });
  }
}

/**
 * Keeps one CPU busy in a process of its own, as another user's job would,
 * until the returned function is called (it kills the process).
 */
export function loadOneCpu(): () => void {
  const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  return () => {
    busy.kill('SIGKILL');
  };
}
