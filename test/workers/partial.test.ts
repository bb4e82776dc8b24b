import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../helpers/tempDir.js';
import { InputError } from '../../src/model/inputError.js';
import { mergePartials, missingChunks, partialFile, partialJob, readPartialFile, resultFromPartialJob, writePartialFile, type NamedPartial } from '../../src/run/partial.js';
import { simulate } from '../../src/run/simulate.js';
import { tallyBytes, unevenPointsSpec } from './helpers.js';

const plan = { seed: 'split', scenario: 'shoot', matchup: 'uneven', trials: 95_000, chunkSize: 10_000 };

async function piece(first: number, last: number, extra: Partial<typeof plan> = {}): Promise<NamedPartial> {
  const r = await simulate({ spec: unevenPointsSpec(), ...plan, ...extra, chunks: { first, last } });
  return { name: `piece-${first}-${last}.json`, file: partialFile(['shoot', 'x'], [partialJob(r)]) };
}

function problemOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    const problems = (e as InputError).problems;
    expect(problems).toHaveLength(1);
    return (e as InputError).message;
  }
  throw new Error('expected an InputError');
}

describe('partial results', () => {
  it('pieces merged in any order give the single run bit for bit', async () => {
    const whole = await simulate({ spec: unevenPointsSpec(), ...plan });
    const parts = [await piece(4, 9), await piece(0, 0), await piece(1, 3)];
    expect(parts.map((p) => p.file.jobs[0]!.trialsInRange)).toEqual([55_000, 10_000, 30_000]);
    const merged = mergePartials(parts);
    const job = merged.jobs[0]!;
    expect(job.chunks).toEqual([0, 9]);
    expect(missingChunks(job)).toBeNull();
    const r = resultFromPartialJob(job);
    expect(tallyBytes(r.tally)).toBe(tallyBytes(whole.tally));
    expect(r.trials).toBe(95_000);
    expect(r.run.stop.reason).toBe('trials');
    // Merging two levels deep (a+b, then with c) gives the same bits.
    const ab = mergePartials([parts[1]!, parts[2]!]);
    const abc = mergePartials([{ name: 'ab', file: ab }, parts[0]!]);
    expect(tallyBytes(resultFromPartialJob(abc.jobs[0]!).tally)).toBe(tallyBytes(whole.tally));
  });

  it('survive a round trip through a file', async () => {
    const dir = testTempDir('eb-partial-');
    const p = await piece(2, 5);
    const path = join(dir, 'p.json');
    writePartialFile(path, p.file);
    const back = readPartialFile(path);
    expect(back).toEqual(JSON.parse(JSON.stringify(p.file)));
    expect(tallyBytes(resultFromPartialJob(back.jobs[0]!).tally)).toBe(tallyBytes(resultFromPartialJob(p.file.jobs[0]!).tally));
    expect(back.jobs[0]!.chunks).toEqual([2, 5]);
    expect(Object.keys(back.jobs[0]!.residuals).length).toBeGreaterThan(0);
  });

  it('report gaps, overlaps and pieces of other runs in one line', async () => {
    const a = await piece(0, 4);
    const b = await piece(6, 9);
    const c = await piece(3, 7);
    expect(problemOf(() => mergePartials([a, b]))).toBe('piece-6-9.json: jobs[0].chunks: chunk 5 is missing between piece-0-4.json (chunks 0-4) and piece-6-9.json (chunks 6-9)');
    expect(problemOf(() => mergePartials([c, a]))).toBe('piece-3-7.json: jobs[0].chunks: chunks 3-7 overlap chunks 0-4 of piece-0-4.json: each chunk must be merged once');
    const otherSeed = await piece(5, 5, { seed: 'another' });
    expect(problemOf(() => mergePartials([a, otherSeed]))).toBe('piece-5-5.json: jobs[0].seed: "another" where piece-0-4.json has "split": pieces of different seeds cannot be merged');
    const otherScenario = await piece(5, 5, { matchup: 'something else' });
    expect(problemOf(() => mergePartials([a, otherScenario]))).toMatch(/jobs\[0\]\.matchup: .*pieces of different scenarios cannot be merged/);
    const otherSize = await piece(5, 5, { trials: 96_000 });
    expect(problemOf(() => mergePartials([a, otherSize]))).toMatch(/jobs\[0\]\.trials: 96000 where piece-0-4.json has 95000: pieces of different run sizes/);
    const otherCommand: NamedPartial = { name: 'cmd.json', file: { ...b.file, command: ['shoot', 'y'] } };
    expect(problemOf(() => mergePartials([a, otherCommand]))).toMatch(/^cmd.json: command: .*different commands/);
  });

  it('refuse files that are not partial results, with the file and field named', () => {
    const dir = testTempDir('eb-partial-');
    const notOurs = join(dir, 'other.json');
    writeFileSync(notOurs, '{"hello": 1}');
    expect(problemOf(() => readPartialFile(notOurs))).toMatch(/other.json: format: expected "epic-balance\/partial-result"/);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"format": "epic-balance/partial-result", ');
    expect(problemOf(() => readPartialFile(broken))).toMatch(/broken.json: not JSON/);
    expect(problemOf(() => readPartialFile(join(dir, 'missing.json')))).toMatch(/missing.json: cannot read the partial result file \(ENOENT\)/);
  });

  it('refuse a tampered tally', async () => {
    const dir = testTempDir('eb-partial-');
    const p = await piece(0, 1);
    const path = join(dir, 'p.json');
    writePartialFile(path, p.file);
    const json = JSON.parse(readFileSync(path, 'utf8'));
    json.jobs[0].tally[0] = 1;
    writeFileSync(path, JSON.stringify(json));
    expect(problemOf(() => readPartialFile(path))).toMatch(/p.json: jobs\[0\].trialsInRange: expected 20000 trials in chunks 0-1/);
  });
});
