import type { ProgressInfo } from './simulate.js';

/**
 * A one-line progress bar on stderr: trials done, trials per second, time
 * left, and with --precision the widest interval so far against the target.
 * Drawn only on a terminal; redrawn at most every `intervalMs`.
 */

const BAR = 24;

/** A count as 1.2k, 3.4M, 5.6G. */
export function compactCount(n: number): string {
  const a = Math.abs(n);
  if (a >= 1e9) return `${(n / 1e9).toFixed(a >= 1e10 ? 0 : 1)}G`;
  if (a >= 1e6) return `${(n / 1e6).toFixed(a >= 1e7 ? 0 : 1)}M`;
  if (a >= 1e3) return `${(n / 1e3).toFixed(a >= 1e4 ? 0 : 1)}k`;
  return String(Math.round(n));
}

/** A duration as 45s, 3m07s, 2h05m. */
export function duration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** The text of one progress line (no escape codes). */
export function formatProgress(p: ProgressInfo, precision: number | null): string {
  const fraction = p.trialsPlanned > 0 ? Math.min(1, p.trialsDone / p.trialsPlanned) : 1;
  const filled = Math.round(fraction * BAR);
  const seconds = p.elapsedMs / 1000;
  const rate = seconds > 0 ? p.trialsDone / seconds : 0;
  const left = rate > 0 ? (p.trialsPlanned - p.trialsDone) / rate : Infinity;
  let line = `[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${(100 * fraction).toFixed(0).padStart(3)}%`;
  line += `  ${compactCount(p.trialsDone)}/${compactCount(p.trialsPlanned)} trials  ${compactCount(rate)}/s`;
  line += precision !== null ? `  ±${(p.maxHalfWidth ?? 0.5).toFixed(4)} of ±${precision}  at most ${duration(left)} left` : `  ${duration(left)} left`;
  return line;
}

export interface ProgressBarOptions {
  stream?: NodeJS.WriteStream;
  /** Draw even when the stream is not a terminal (tests). */
  force?: boolean;
  precision?: number | null;
  intervalMs?: number;
}

export class ProgressBar {
  readonly enabled: boolean;
  private readonly stream: NodeJS.WriteStream;
  private readonly precision: number | null;
  private readonly intervalMs: number;
  private lastDraw = -Infinity;
  private drawn = false;

  constructor(options: ProgressBarOptions = {}) {
    this.stream = options.stream ?? process.stderr;
    this.enabled = options.force === true || this.stream.isTTY === true;
    this.precision = options.precision ?? null;
    this.intervalMs = options.intervalMs ?? 100;
  }

  /** Takes a progress report; redraws if enough time has passed. */
  update(p: ProgressInfo): void {
    if (!this.enabled) return;
    const now = performance.now();
    if (now - this.lastDraw < this.intervalMs && p.trialsDone < p.trialsPlanned) return;
    this.lastDraw = now;
    const width = this.stream.columns && this.stream.columns > 20 ? this.stream.columns - 1 : 100;
    this.stream.write(`\r${formatProgress(p, this.precision).slice(0, width)}\x1b[K`);
    this.drawn = true;
  }

  /** Removes the bar, leaving the line empty for what follows. */
  clear(): void {
    if (!this.enabled || !this.drawn) return;
    this.stream.write('\r\x1b[K');
    this.drawn = false;
  }
}
