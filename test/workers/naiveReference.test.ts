import { describe, expect, it } from 'vitest';
import { naiveRun, naiveScenario, naiveTrial } from '../../bench/naiveShoot.js';
import { rngFromSeed } from '../../src/sim/rng.js';
import { simulate } from '../../src/run/simulate.js';
import { devastatorsAtBoyz, shootSpec } from './helpers.js';

const binomial = (n: number, p: number) => Array.from({ length: n + 1 }, (_, k) => {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c * p ** k * (1 - p) ** (n - k);
});

describe('the naive reference of the shooting benchmark', () => {
  it('gives the engine\'s numbers (and the exact ones) for 4 Devastators shooting 8 Ork Boyz', async () => {
    const n = 200_000;
    const spec = devastatorsAtBoyz();
    const naive = naiveRun(naiveScenario(spec), rngFromSeed('naive'), n);
    const engine = await simulate({ spec, seed: 'engine', scenario: 'shoot', matchup: 'm', trials: n, chunkSize: 50_000 });
    const L = engine.layout.records[0]!.formations[1]!;
    // 8 shots hitting on 5+, Boyz saving on 6+: kills ~ Binomial(8, 1/3 · 5/6).
    const exact = binomial(8, 5 / 18);
    const close = (a: number, b: number, p: number, m: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(5 * Math.sqrt((p * (1 - p)) / m) + 1e-9);
    for (let k = 0; k <= 8; k++) {
      const pn = naive.killed[k]! / n;
      const pe = engine.tally[L.killedHistogram + k]! / n;
      close(pn, exact[k]!, exact[k]!, n);
      close(pe, exact[k]!, exact[k]!, n);
    }
    // Broken when 1 + k Blast markers reach the 8 − k survivors: k >= 4.
    const pBroken = exact.slice(4).reduce((a, b) => a + b, 0);
    close(naive.broken / n, pBroken, pBroken, n);
    close(engine.tally[L.broken]! / n, pBroken, pBroken, n);
    expect(naive.destroyed / n).toBeCloseTo(engine.tally[L.destroyed]! / n, 3);
    // Blast markers left (none once broken) and placed.
    expect(naive.blastMarkersSum / n).toBeCloseTo(engine.tally[L.bmSum]! / n, 1);
    expect(naive.blastMarkersPlacedSum / n).toBeCloseTo(engine.tally[L.bmPlacedSum]! / n, 1);
    expect(naive.blastMarkersPlacedSum / n).toBeCloseTo(1 + 8 * (5 / 18), 1);
  });

  it('agrees with the engine on sustained fire at a shaken target too', async () => {
    const n = 100_000;
    const spec = shootSpec('4 Devastator', '8 Ork Boyz', { action: 'sustained', target: { blastMarkers: 2, broken: false, cover: { kind: 'none' } } });
    const naive = naiveRun(naiveScenario(spec), rngFromSeed('naive'), n);
    const engine = await simulate({ spec, seed: 'engine', scenario: 'shoot', matchup: 'm', trials: n, chunkSize: 50_000 });
    const L = engine.layout.records[0]!.formations[1]!;
    const pe = engine.tally[L.broken]! / n;
    const pn = naive.broken / n;
    expect(Math.abs(pe - pn)).toBeLessThanOrEqual(5 * Math.sqrt((2 * pe * (1 - pe)) / n));
    // Hits on 4+, kills ~ Binomial(8, 5/12); broken when 3 + k >= 8 − k, k >= 3.
    const pBroken = binomial(8, 5 / 12).slice(3).reduce((a, b) => a + b, 0);
    expect(Math.abs(pn - pBroken)).toBeLessThanOrEqual(5 * Math.sqrt((pBroken * (1 - pBroken)) / n));
  });

  it('refuses what it does not simulate', () => {
    expect(() => naiveScenario(shootSpec('codex-astartes/devastator', 'Warhound'))).toThrow(/^the naive reference does not simulate /);
    const s = naiveScenario(devastatorsAtBoyz());
    const o = naiveTrial(s, rngFromSeed('one'));
    expect(o.blastMarkersPlaced).toBe(1 + o.killed);
  });
});
