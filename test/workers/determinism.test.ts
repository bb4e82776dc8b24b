import { describe, expect, it } from 'vitest';
import { chunkRng } from '../../src/run/chunkSeed.js';
import { runChunk } from '../../src/run/runChunk.js';
import { ChunkPool } from '../../src/run/pool.js';
import { simulate, specKey } from '../../src/run/simulate.js';
import { compileScenario } from '../../src/scenarios/registry.js';
import { SCENARIOS } from '../../bench/scenarios.js';
import { headlineCounters } from '../../src/run/headline.js';
import { devastatorsAtBoyz, tallyBytes, unevenPointsSpec } from './helpers.js';

const plan = { seed: 'determinism', scenario: 'shoot', matchup: '4 Devastator -> 8 Ork Boyz', trials: 123_457, chunkSize: 10_000 };

describe('the same seed gives the same bits whatever the number of workers', () => {
  it('in this thread, and on 1, 2 and 3 workers', async () => {
    const spec = unevenPointsSpec();
    const inline = await simulate({ spec, ...plan });
    expect(inline.trials).toBe(123_457);
    expect(inline.chunks).toBe(13);
    // Non-integer sums are present, so the exact merge matters.
    expect(Object.keys(inline.run.exact.residuals()).length).toBeGreaterThan(0);
    for (const workers of [1, 2, 3]) {
      const r = await simulate({ spec, ...plan, workers });
      expect(tallyBytes(r.tally), `${workers} workers`).toBe(tallyBytes(inline.tally));
      expect(r.trials).toBe(123_457);
      expect(r.run.chunkRange).toEqual({ first: 0, last: 12 });
      expect(r.run.stop.reason).toBe('trials');
    }
  });

  it('equals the chunks run one by one and added in chunk order', async () => {
    const spec = devastatorsAtBoyz();
    const key = specKey(spec);
    const layout = compileScenario(spec).layout;
    const expected = new Float64Array(layout.length);
    for (let k = 0; k < 13; k++) {
      const part = runChunk({ spec, specKey: key, seed: plan.seed, scenario: plan.scenario, matchup: plan.matchup, chunk: k, trials: k < 12 ? 10_000 : 3_457 });
      // Whole-number counters only here: plain addition is exact.
      for (let i = 0; i < expected.length; i++) expected[i]! += part[i]!;
    }
    const r = await simulate({ spec, ...plan, workers: 2 });
    expect(tallyBytes(r.tally)).toBe(tallyBytes(expected));
    // And the numbers are sane: 4 Devastators fire 8 shots hitting on 5+, Boyz save on 6+.
    const kills = r.layout.records[0]!.formations[1]!;
    let mean = 0;
    for (let k = 0; k <= kills.units; k++) mean += (k * r.tally[kills.killedHistogram + k]!) / r.trials;
    expect(mean).toBeCloseTo((8 * (2 / 6) * (5 / 6)), 1);
  });

  it('a shared pool gives the same numbers and stays usable', async () => {
    const spec = devastatorsAtBoyz();
    const pool = new ChunkPool({ workers: 2 });
    try {
      const a = await simulate({ spec, ...plan, pool });
      const b = await simulate({ spec, ...plan, pool });
      const inline = await simulate({ spec, ...plan });
      expect(tallyBytes(a.tally)).toBe(tallyBytes(inline.tally));
      expect(tallyBytes(b.tally)).toBe(tallyBytes(inline.tally));
    } finally {
      await pool.destroy();
    }
  });

  it('every bench scenario (assault and war engine too) gives the same bits on 2 workers as in this thread', async () => {
    for (const sc of SCENARIOS) {
      const spec = sc.build();
      const small = { ...plan, trials: 6_000, chunkSize: 1_000, scenario: sc.id };
      const inline = await simulate({ spec, ...small });
      const pooled = await simulate({ spec, ...small, workers: 2 });
      expect(tallyBytes(pooled.tally), sc.id).toBe(tallyBytes(inline.tally));
      expect(inline.trials).toBe(6_000);
      const headlines = headlineCounters(inline.layout);
      const formations = inline.layout.records.reduce((n, r) => n + r.formations.length, 0);
      const assaults = inline.layout.records.filter((r) => r.assault).length;
      expect(headlines).toHaveLength(2 * formations + assaults);
      if (sc.id === 'assault') expect(assaults).toBe(1);
    }
  });

  it('seeds chunk k from (seed, scenario, matchup, k) and nothing else', () => {
    const a = chunkRng('s', 'shoot', 'm', 3);
    const b = chunkRng('s', 'shoot', 'm', 3);
    const c = chunkRng('s', 'shoot', 'm', 4);
    const d = chunkRng('s', 'shoot', 'other', 3);
    const draw = (r: ReturnType<typeof chunkRng>) => [r.next(), r.next(), r.next()];
    const da = draw(a);
    expect(draw(b)).toEqual(da);
    expect(draw(c)).not.toEqual(da);
    expect(draw(d)).not.toEqual(da);
  });
});
