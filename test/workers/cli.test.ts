import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../helpers/tempDir.js';
import { partialFile, partialJob, writePartialFile } from '../../src/run/partial.js';
import { simulate } from '../../src/run/simulate.js';
import { inProcess } from '../helpers/cli.js';
import { interruptWhenUnderWay } from '../helpers/interrupt.js';
import { devastatorsAtBoyz, runCli } from './helpers.js';

const SHOOT = ['shoot', '4 Devastator', '--at', '8 Ork Boyz', '--trials', '300000', '--chunk-size', '20000', '--seed', 'cli', '--json'];

/** One line on stderr, exit code 2, nothing on stdout. */
function expectBadInput(r: { code: number | null; stdout: string; stderr: string }, pattern: RegExp): void {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
}

/** The unsplit run's output, from the first test (or computed when that one is filtered out). */
let wholeRun: string | null = null;

describe('the CLI on worker threads', () => {
  it('prints byte-identical shoot --json with 1, 2 and 3 workers', async () => {
    // Run side by side: the output cannot depend on how the threads are scheduled.
    const runs = await Promise.all(['1', '2', '3'].map((workers) => runCli([...SHOOT, '--workers', workers])));
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
    }
    const outs = runs.map((r) => r.stdout);
    wholeRun = outs[0]!;
    expect(outs[1]).toBe(outs[0]);
    expect(outs[2]).toBe(outs[0]);
    const json = JSON.parse(outs[0]!);
    expect(json.trials).toBe(300_000);
    expect(json.chunkSize).toBe(20_000);
    expect(json.target.unitsKilled.mean).toBeCloseTo(8 * (1 / 3) * (5 / 6), 1);
  });

  it('merges chunk ranges run separately into exactly the single run\'s output', async () => {
    const dir = testTempDir('eb-cli-');
    const pieces = [['0-6', 'a.json'], ['7-7', 'b.json'], ['8-14', 'c.json']] as const;
    const [whole, ...runs] = await Promise.all([
      wholeRun === null ? runCli([...SHOOT, '--workers', '2']) : Promise.resolve({ code: 0, stdout: wholeRun, stderr: '' }),
      ...pieces.map(([range, file]) => runCli([...SHOOT, '--workers', '1', '--chunks', range, '--partial-out', join(dir, file)])),
    ]);
    expect(whole!.code).toBe(0);
    runs.forEach((r, i) => {
      const range = pieces[i]![0];
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(new RegExp(`^wrote chunks ${range} of 15 \\(`));
      // The piece's own output is that of its chunks only.
      expect(JSON.parse(r.stdout).trials).toBe(range === '7-7' ? 20_000 : 140_000);
    });
    // The merge of the three pieces is a process of its own (the real command's
    // stdout); the merges after it run in this process, as src/cli.ts runs a command.
    const [merged, ab] = await Promise.all([
      runCli(['merge', join(dir, 'c.json'), join(dir, 'a.json'), join(dir, 'b.json')]),
      // In two steps, through a combined piece.
      inProcess(['merge', join(dir, 'a.json'), join(dir, 'b.json'), '--out', join(dir, 'ab.json')]),
    ]);
    expect(merged!.code, merged!.stderr).toBe(0);
    expect(merged!.stdout).toBe(whole!.stdout);
    expect(ab!.code, ab!.stderr).toBe(0);
    expect(ab!.stdout).toBe('');
    const again = await inProcess(['merge', join(dir, 'ab.json'), join(dir, 'c.json')]);
    const gap = await inProcess(['merge', join(dir, 'a.json'), join(dir, 'c.json')]);
    const missing = await inProcess(['merge', join(dir, 'a.json'), join(dir, 'b.json')]);
    expect(again!.stdout).toBe(whole!.stdout);
    // A piece missing: one line naming the chunks, exit 2 (overlaps: see partial.test.ts).
    expectBadInput(gap!, /^epic-balance: .*c\.json: jobs\[0\]\.chunks: chunk 7 is missing between .*a\.json \(chunks 0-6\) and .*c\.json \(chunks 8-14\)$/);
    expectBadInput(missing!, /^epic-balance: merge: chunks 8-14 are missing \(the run has chunks 0-14\): merge every piece, or write the combined piece with --out$/);
  });

  it('writes a default partial file name in the current folder', async () => {
    const dir = testTempDir('eb-cli-');
    const r = await runCli([...SHOOT, '--chunks', '3', '--quiet'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^shoot-[0-9a-f]{8}-chunks-3-3\.partial\.json$/);
  });

  it('refuses bad flags with one line and exit code 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--workers', '0'], /^epic-balance: option --workers: expected a whole number of at least 1, got "0"$/],
      [['--precision', '2'], /^epic-balance: option --precision: expected a 95% interval half-width between 0 and 0\.5 .*got "2"$/],
      [['--chunks', '5-3'], /^epic-balance: option --chunks: expected a chunk range A-B with A <= B, chunks numbered from 0 \(e\.g\. 0-99\), got "5-3"$/],
      [['--chunks', '10-15'], /^epic-balance: option --chunks: expected chunks within 0-14: 300000 trials in chunks of 20000 make 15 chunks, got "10-15"$/],
    ];
    // The first through the real command line (its exit code and streams), the others in this process.
    const results: Array<{ code: number | null; stdout: string; stderr: string }> = [await runCli([...SHOOT, ...cases[0]![0]])];
    for (const [flags] of cases.slice(1)) results.push(await inProcess([...SHOOT, ...flags]));
    results.forEach((r, i) => expectBadInput(r, cases[i]![1]));
  });

  it('refuses to merge pieces of different seeds or scenarios', async () => {
    const dir = testTempDir('eb-cli-');
    const plan = { scenario: 'shoot', matchup: '4 Devastator -> 8 Ork Boyz', trials: 40_000, chunkSize: 10_000 };
    const write = async (name: string, seed: string, first: number, last: number, matchup = plan.matchup) => {
      const r = await simulate({ spec: devastatorsAtBoyz(), ...plan, matchup, seed, chunks: { first, last } });
      writePartialFile(join(dir, name), partialFile(['shoot', '4 Devastator', '--at', '8 Ork Boyz'], [partialJob(r)]));
    };
    await write('a.json', 'one', 0, 1);
    await write('b.json', 'two', 2, 3);
    await write('c.json', 'one', 2, 3, 'another matchup');
    // In this process: the merge above runs as a process of its own.
    const seeds = await inProcess(['merge', join(dir, 'a.json'), join(dir, 'b.json')]);
    const scenarios = await inProcess(['merge', join(dir, 'a.json'), join(dir, 'c.json')]);
    expectBadInput(seeds!, /b\.json: jobs\[0\]\.seed: "two" where .*a\.json has "one": pieces of different seeds cannot be merged$/);
    expectBadInput(scenarios!, /c\.json: jobs\[0\]\.matchup: "another matchup" where .*a\.json has "4 Devastator -> 8 Ork Boyz": pieces of different scenarios cannot be merged$/);
  });

  it('--precision stops early and says why on stderr', async () => {
    const args = ['shoot', '4 Devastator', '--at', '8 Ork Boyz', '--chunk-size', '1000', '--precision', '0.01', '--json', '--workers', '2'];
    const r = await runCli(args);
    expect(r!.code, r!.stderr).toBe(0);
    const json = JSON.parse(r!.stdout);
    expect(json.trials).toBeGreaterThanOrEqual(4_000);
    expect(json.trials).toBeLessThanOrEqual(6_000);
    expect((json.target.broken.ci95[1] - json.target.broken.ci95[0]) / 2).toBeLessThanOrEqual(0.01);
    expect(r!.stderr).toMatch(new RegExp(`^stopped for precision: every headline 95% interval within ±0\\.01 \\(widest ±0\\.0\\d+\\) after ${json.trials.toLocaleString('en')} trials\\n$`));
  });

  it('a failing worker ends the run with its chunk named', async () => {
    const r = await runCli([...SHOOT, '--workers', '2'], { env: { EPIC_BALANCE_FAIL_CHUNK: '4' } });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toBe('epic-balance: ChunkError: chunk 4 of shoot "4 Devastator -> 8 Ork Boyz" failed: Error: injected failure (EPIC_BALANCE_FAIL_CHUNK=4)');
  });

  it('Ctrl-C stops the workers, writes nothing and exits 130', async () => {
    const dir = testTempDir('eb-cli-');
    const out = join(dir, 'piece.json');
    // Once its first chunk is on a worker (src/run/interrupt.ts, EPIC_BALANCE_PROGRESS_FILE): the
    // handler is installed before the command loads, so the signal is never the default one (exit null).
    const r = await interruptWhenUnderWay(['shoot', '4 Devastator', '--at', '8 Ork Boyz', '--trials', '1000000000', '--chunks', '0-19999', '--partial-out', out, '--workers', '2', '--json'], dir);
    expect(r.code, r.stderr).toBe(130);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^epic-balance: interrupted after [0-9,]+ trials; nothing was written\n$/);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
    expect(r.exitMs).toBeLessThan(3_000);
  });
});
