import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { PRECISION_TRIAL_CAP } from '../../src/model/runDefaults.js';
import { addSimOptions, chunkRangeOption, precisionOption, resultCommandLine, type SimOptions } from '../../src/cli/simOptions.js';
import { InputError } from '../../src/model/inputError.js';

/** Parses a command line for a test command with the shared simulation options. */
async function parse(args: string[]): Promise<SimOptions> {
  let seen: SimOptions | null = null;
  const program = new Command('epic-balance').exitOverride();
  const cmd = program.command('probe').exitOverride();
  addSimOptions(cmd, 100_000).action((o: SimOptions) => {
    seen = o;
  });
  await program.parseAsync(['node', 'epic-balance', 'probe', ...args]);
  return seen!;
}

async function problem(args: string[]): Promise<string> {
  try {
    await parse(args);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    expect((e as InputError).problems).toHaveLength(1);
    return (e as Error).message;
  }
  throw new Error('expected an InputError');
}

describe('the shared simulation options', () => {
  it('have defaults that do not change results', async () => {
    const o = await parse([]);
    expect(o.trials).toBe(100_000);
    expect(o.workers).toBeGreaterThanOrEqual(1);
    expect(o.precision).toBeUndefined();
    expect(o.chunks).toBeUndefined();
  });

  it('--precision without --trials runs up to the 100-million cap; with --trials, that is the cap', async () => {
    expect((await parse(['--precision', '0.002'])).trials).toBe(PRECISION_TRIAL_CAP);
    expect((await parse(['--precision', '0.002', '--trials', '5000'])).trials).toBe(5000);
    expect((await parse(['--precision', '0.002'])).precision).toBe(0.002);
  });

  it('parse --chunks A-B and a single chunk', async () => {
    expect((await parse(['--chunks', '3-7'])).chunks).toEqual({ first: 3, last: 7 });
    expect(chunkRangeOption('12')).toEqual({ first: 12, last: 12 });
    expect(chunkRangeOption(' 0 - 99 ')).toEqual({ first: 0, last: 99 });
  });

  it('refuse bad values with one problem naming the option', async () => {
    expect(await problem(['--precision', '0'])).toMatch(/^option --precision: expected a 95% interval half-width between 0 and 0\.5/);
    expect(await problem(['--precision', '0.5'])).toMatch(/^option --precision: expected .* got "0\.5"$/);
    expect(await problem(['--precision', 'tight'])).toMatch(/got "tight"$/);
    expect(await problem(['--chunks', 'a-b'])).toMatch(/^option --chunks: expected a chunk range A-B/);
    expect(await problem(['--chunks', '-3'])).toMatch(/^option --chunks: /);
    expect(await problem(['--workers', '1.5'])).toBe('option --workers: expected a whole number of at least 1, got "1.5"');
    expect(await problem(['--chunks', '0-3', '--precision', '0.01'])).toMatch(/^option --precision: a run that stops for precision cannot be split with --chunks/);
    expect(() => precisionOption('1e-3')).not.toThrow();
  });

  it('leave the run-only options out of the command line a partial file records', () => {
    expect(resultCommandLine(['shoot', 'A', '--at', 'B', '--workers', '4', '--chunks', '0-9', '--quiet', '--partial-out', 'x.json', '--json'])).toEqual(['shoot', 'A', '--at', 'B', '--json']);
    expect(resultCommandLine(['shoot', 'A', '--workers=4', '--chunks=0-9', '--partial-out=x.json', '--seed', 's'])).toEqual(['shoot', 'A', '--seed', 's']);
    expect(resultCommandLine(['shoot', '--', '--workers'])).toEqual(['shoot', '--', '--workers']);
  });
});
