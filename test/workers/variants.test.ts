import { describe, expect, it } from 'vitest';
import { runChunk } from '../../src/run/runChunk.js';
import { simulate, simulateVariants, specKey } from '../../src/run/simulate.js';
import { shootSpec, tallyBytes } from './helpers.js';

const plan = { seed: 'crn', scenario: 'shoot', matchup: 'Devastators -> Boyz', trials: 60_000, chunkSize: 2_000 };

describe('common random numbers', () => {
  it('simulateVariants runs every variant on the same chunk seeds: each equals simulate() with the same names', async () => {
    const advance = shootSpec('4 Devastator', '8 Ork Boyz', { action: 'advance' });
    const sustained = shootSpec('4 Devastator', '8 Ork Boyz', { action: 'sustained' });
    const [a, s] = await simulateVariants([advance, sustained], { ...plan, workers: 2 });
    expect(tallyBytes(a!.tally)).toBe(tallyBytes((await simulate({ spec: advance, ...plan })).tally));
    expect(tallyBytes(s!.tally)).toBe(tallyBytes((await simulate({ spec: sustained, ...plan })).tally));
    // The same spec twice gives the same numbers twice: the dice are common.
    const [x, y] = await simulateVariants([advance, advance], plan);
    expect(tallyBytes(x!.tally)).toBe(tallyBytes(y!.tally));
    expect(tallyBytes(x!.tally)).toBe(tallyBytes(a!.tally));
  });

  it('gives the same dice to both variants, so their difference is measured without dice noise', async () => {
    // The target starts with 0 or 2 Blast markers: the dice, and so the kills, are
    // the same trial by trial; only whether the Boyz break differs.
    const fresh = shootSpec('4 Devastator', '8 Ork Boyz');
    const shaken = shootSpec('4 Devastator', '8 Ork Boyz', { target: { blastMarkers: 2, broken: false, cover: { kind: 'none' } } });
    const [a, b] = await simulateVariants([fresh, shaken], plan);
    const L = a!.layout.records[0]!.formations[1]!;
    const histogram = (t: Float64Array) => [...t.subarray(L.killedHistogram, L.killedHistogram + L.units + 1)];
    expect(histogram(b!.tally)).toEqual(histogram(a!.tally));
    const other = await simulate({ spec: shaken, ...plan, matchup: 'independent' });
    expect(histogram(other.tally)).not.toEqual(histogram(a!.tally));

    // Chunk by chunk, the difference in P(broken) scatters far less with common dice.
    const brokenIn = (spec: typeof fresh, matchup: string, k: number) =>
      runChunk({ spec, specKey: specKey(spec), seed: plan.seed, scenario: plan.scenario, matchup, chunk: k, trials: 1_000 })[L.broken]! / 1_000;
    const common: number[] = [];
    const independent: number[] = [];
    for (let k = 0; k < 60; k++) {
      common.push(brokenIn(shaken, 'm', k) - brokenIn(fresh, 'm', k));
      independent.push(brokenIn(shaken, 'm', k) - brokenIn(fresh, 'other', k));
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const variance = (xs: number[]) => xs.reduce((s, x) => s + (x - mean(xs)) ** 2, 0) / (xs.length - 1);
    // Common dice: the shaken Boyz break whenever the fresh ones do, and more.
    expect(Math.min(...common)).toBeGreaterThanOrEqual(0);
    expect(Math.abs(mean(common) - mean(independent))).toBeLessThan(0.02);
    expect(variance(common)).toBeLessThan(variance(independent) / 2);
  });
});
