import { afterEach, describe, expect, it } from 'vitest';
import { ChunkError, InterruptedError } from '../../src/run/errors.js';
import { ChunkPool } from '../../src/run/pool.js';
import { simulate } from '../../src/run/simulate.js';
import { devastatorsAtBoyz } from './helpers.js';

const plan = { seed: 'errors', scenario: 'shoot', matchup: '4 Devastator -> 8 Ork Boyz', trials: 400_000, chunkSize: 5_000 };

afterEach(() => {
  delete process.env.EPIC_BALANCE_FAIL_CHUNK;
});

describe('a run that goes wrong', () => {
  it('ends with the worker\'s error and the chunk it was running, not a hang', async () => {
    process.env.EPIC_BALANCE_FAIL_CHUNK = '7';
    const started = performance.now();
    const error = await simulate({ spec: devastatorsAtBoyz(), ...plan, workers: 2 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ChunkError);
    const e = error as ChunkError;
    expect(e.chunk).toBe(7);
    expect(e.message).toBe('chunk 7 of shoot "4 Devastator -> 8 Ork Boyz" failed: Error: injected failure (EPIC_BALANCE_FAIL_CHUNK=7)');
    expect(e.stack!.split('\n')[0]).toBe(`ChunkError: ${e.message}`);
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('on a shared pool, the pool survives a failing chunk', async () => {
    process.env.EPIC_BALANCE_FAIL_CHUNK = '2';
    const pool = new ChunkPool({ workers: 2 });
    try {
      await expect(simulate({ spec: devastatorsAtBoyz(), ...plan, trials: 50_000, pool })).rejects.toThrow(/^chunk 2 of shoot/);
      const ok = await simulate({ spec: devastatorsAtBoyz(), ...plan, trials: 10_000, pool });
      expect(ok.trials).toBe(10_000);
    } finally {
      await pool.destroy();
    }
  });

  it('stops promptly when aborted, with no result', async () => {
    const abort = new AbortController();
    let reports = 0;
    const started = performance.now();
    const run = simulate({
      spec: devastatorsAtBoyz(),
      ...plan,
      trials: 100_000_000,
      workers: 2,
      signal: abort.signal,
      onProgress: () => {
        if (++reports === 3) abort.abort();
      },
    });
    const error = await run.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InterruptedError);
    expect((error as InterruptedError).trialsDone).toBeGreaterThanOrEqual(3 * 5_000);
    expect((error as InterruptedError).trialsDone).toBeLessThan(1_000_000);
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('an abort stops a run in this thread too', async () => {
    const abort = new AbortController();
    abort.abort();
    await expect(simulate({ spec: devastatorsAtBoyz(), ...plan, signal: abort.signal })).rejects.toBeInstanceOf(InterruptedError);
  });
});
