import { describe, expect, it } from 'vitest';
import { compactCount, duration, formatProgress, ProgressBar } from '../../src/run/progress.js';

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, stream: { isTTY, columns: 80, write: (s: string) => (writes.push(s), true) } as unknown as NodeJS.WriteStream };
}

describe('progress', () => {
  it('formats trials done, trials per second and time left', () => {
    expect(formatProgress({ trialsDone: 2_500_000, trialsPlanned: 10_000_000, elapsedMs: 1_000, maxHalfWidth: null }, null)).toBe(
      '[######..................]  25%  2.5M/10M trials  2.5M/s  3s left',
    );
    expect(formatProgress({ trialsDone: 400_000, trialsPlanned: 100_000_000, elapsedMs: 2_000, maxHalfWidth: 0.00312 }, 0.002)).toBe(
      '[........................]   0%  400k/100M trials  200k/s  ±0.0031 of ±0.002  at most 8m18s left',
    );
    expect(compactCount(999)).toBe('999');
    expect(compactCount(12_345)).toBe('12k');
    expect(compactCount(3_456_789_012)).toBe('3.5G');
    expect(duration(7_384)).toBe('2h03m');
    expect(duration(Infinity)).toBe('?');
  });

  it('draws on a terminal only, at most every interval, and clears its line', () => {
    const tty = fakeStream(true);
    const bar = new ProgressBar({ stream: tty.stream, intervalMs: 60_000 });
    expect(bar.enabled).toBe(true);
    bar.update({ trialsDone: 1, trialsPlanned: 10, elapsedMs: 1, maxHalfWidth: null });
    bar.update({ trialsDone: 2, trialsPlanned: 10, elapsedMs: 2, maxHalfWidth: null });
    bar.update({ trialsDone: 10, trialsPlanned: 10, elapsedMs: 3, maxHalfWidth: null });
    bar.clear();
    expect(tty.writes).toHaveLength(3);
    expect(tty.writes[0]).toMatch(/^\r\[#{2}\.{22}\]  10%  1\/10 trials/);
    expect(tty.writes[1]).toMatch(/^\r\[#{24}\] 100%/);
    expect(tty.writes[2]).toBe('\r\x1b[K');

    const pipe = fakeStream(false);
    const silent = new ProgressBar({ stream: pipe.stream });
    expect(silent.enabled).toBe(false);
    silent.update({ trialsDone: 1, trialsPlanned: 10, elapsedMs: 1, maxHalfWidth: null });
    silent.clear();
    expect(pipe.writes).toEqual([]);
  });
});
