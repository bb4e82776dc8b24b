import { rmdirSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Ctrl-C for the command line: one SIGINT handler for the whole process,
 * installed by src/cli.ts before any command module is even loaded, and
 * never removed. It prints one line, removes this process's temporary files
 * and folders and exits 130 at once, whatever the command is doing.
 *
 * Why at once, from the handler: handlers installed per simulation (with
 * `once`, removed when it ends) left gaps. A Ctrl-C between two simulations,
 * during data loading or report writing, or in a command that had none
 * (audit) either killed the process without a word, or reached an abort
 * signal nobody was listening to any more and was lost: the command ran on
 * to the end. The handler runs whenever the main thread is free, so every
 * long computation on the main thread yields to the event loop at least
 * every few hundred milliseconds (see moments.ts).
 *
 * A report becomes visible only by a synchronous rename at its very end
 * (writeRunReport.ts), so no handler runs between "nothing" and "complete".
 */

/** Paths this process made and must not leave behind, whatever way it exits. */
const temporary = new Set<string>();
/** Folders made to hold an output, deepest first: removed on exit if they are still empty (another process may share them). */
const madeFolders = new Set<string>();
/** Paths to remove if the command is interrupted (files it rewrites as it goes, such as a partial result). */
const unfinished = new Set<string>();
/** Outputs already complete when Ctrl-C came: the line says so instead of "nothing was written". */
const written: string[] = [];
/** Trials finished, once a simulation that counts them has started (not the value runs of audit and fair-cost). */
let trialsDone: number | null = null;
let installed = false;
let markedUnderWay = false;

/** Installs the handler (once per process; later calls do nothing). Only the command line calls this, never the library or tests in-process. */
export function handleInterrupts(): void {
  if (installed) return;
  installed = true;
  process.on('SIGINT', onInterrupt);
  process.on('exit', removeTemporary);
}

function onInterrupt(): void {
  // On a terminal a progress bar may be drawn: the line starts on a clean one.
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  process.stderr.write(`${interruptedLine()}\n`);
  for (const path of unfinished) rmSync(path, { recursive: true, force: true });
  process.exit(130);
}

/** The one line Ctrl-C prints. */
export function interruptedLine(): string {
  const after = trialsDone !== null ? ` after ${trialsDone.toLocaleString('en')} trials` : '';
  return `epic-balance: interrupted${after}; ${written.length === 0 ? 'nothing was written' : `only ${written.join(', ')} had been written`}`;
}

function removeTemporary(): void {
  for (const path of temporary) rmSync(path, { recursive: true, force: true });
  for (const folder of madeFolders) {
    try {
      rmdirSync(folder);
    } catch {
      // Not empty (or gone): it is not ours alone.
    }
  }
}

/** Removes `path` when the process exits, however it exits (but SIGKILL); returns the function that forgets it (once it has been renamed into place). */
export function removeOnExit(path: string): () => void {
  temporary.add(path);
  return () => temporary.delete(path);
}

/** Removes these folders (made to hold an output, deepest first) on exit if they are still empty; returns the function that forgets them. */
export function removeOnExitIfEmpty(folders: readonly string[]): () => void {
  for (const f of folders) madeFolders.add(f);
  return () => {
    for (const f of folders) madeFolders.delete(f);
  };
}

/** Removes `path` if the command is interrupted: an output rewritten as the command goes on, incomplete until it ends. */
export function removeIfInterrupted(path: string): void {
  unfinished.add(path);
}

/** Notes a complete output (a report folder renamed into place), for the interrupted line. */
export function noteWritten(path: string): void {
  written.push(path);
}

/** Adds finished trials (0 when a simulation starts) to the count the interrupted line gives. */
export function countTrials(n: number): void {
  trialsDone = (trialsDone ?? 0) + n;
}

/**
 * Notes that a simulation is under way. When EPIC_BALANCE_PROGRESS_FILE names
 * a file, the first call creates it: scripts and tests that must know a run
 * has started (off a terminal there is no progress bar) wait for it, e.g.
 * before they send Ctrl-C.
 */
export function noteUnderWay(): void {
  if (markedUnderWay) return;
  markedUnderWay = true;
  const marker = process.env.EPIC_BALANCE_PROGRESS_FILE;
  if (marker) writeFileSync(marker, `${process.pid}\n`);
}
