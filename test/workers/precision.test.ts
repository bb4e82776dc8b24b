import { describe, expect, it } from 'vitest';
import { outcomeAt } from '../../src/reports/aggregate.js';
import { simulate } from '../../src/run/simulate.js';
import { devastatorsAtBoyz, tallyBytes } from './helpers.js';

const plan = { seed: 'precision', scenario: 'shoot', matchup: '4 Devastator -> 8 Ork Boyz', trials: 2_000_000, chunkSize: 1_000 };
const P = 0.01;

function widest(r: Awaited<ReturnType<typeof simulate>>): number {
  let w = 0;
  r.layout.records.forEach((_rec, i) =>
    r.layout.records[i]!.formations.forEach((_f, f) => {
      const o = outcomeAt(r.tally, r.layout, i, f);
      for (const p of [o.broken, o.destroyed]) w = Math.max(w, (p.ci95[1] - p.ci95[0]) / 2);
    }),
  );
  return w;
}

describe('--precision', () => {
  it('stops at the first chunk boundary where every headline interval is narrow enough, and says so', async () => {
    const r = await simulate({ spec: devastatorsAtBoyz(), ...plan, precision: P });
    expect(r.run.stop.reason).toBe('precision');
    expect(r.run.stop.precision).toBe(P);
    expect(widest(r)).toBeLessThanOrEqual(P);
    expect(r.run.stop.maxHalfWidth).toBeCloseTo(widest(r), 12);
    // P(broken) is about 0.155: n ≈ 1.96² · 0.155 · 0.845 / 0.01² ≈ 5,000 trials.
    expect(r.trials % plan.chunkSize).toBe(0);
    expect(r.trials).toBeGreaterThanOrEqual(4_000);
    expect(r.trials).toBeLessThanOrEqual(6_000);
    // One chunk fewer was not enough.
    const shorter = await simulate({ spec: devastatorsAtBoyz(), ...plan, trials: r.trials - plan.chunkSize });
    expect(widest(shorter)).toBeGreaterThan(P);
    // The result is the fixed-size run of that many trials, bit for bit.
    const fixed = await simulate({ spec: devastatorsAtBoyz(), ...plan, trials: r.trials });
    expect(tallyBytes(r.tally)).toBe(tallyBytes(fixed.tally));
    expect(fixed.run.stop.reason).toBe('trials');
  });

  it('stops at the same chunk on 2 and 3 workers, discarding chunks finished beyond it', async () => {
    const p = 0.002;
    const inline = await simulate({ spec: devastatorsAtBoyz(), ...plan, precision: p });
    expect(inline.run.stop.reason).toBe('precision');
    expect(inline.run.stop.maxHalfWidth).toBeLessThanOrEqual(p);
    expect(inline.trials).toBeGreaterThan(100_000);
    for (const workers of [2, 3]) {
      const r = await simulate({ spec: devastatorsAtBoyz(), ...plan, precision: p, workers });
      expect(r.trials).toBe(inline.trials);
      expect(tallyBytes(r.tally)).toBe(tallyBytes(inline.tally));
    }
  });

  it('stops at the cap when the precision is out of reach, and says so', async () => {
    const r = await simulate({ spec: devastatorsAtBoyz(), ...plan, trials: 20_000, precision: 0.001, workers: 2 });
    expect(r.run.stop.reason).toBe('trials');
    expect(r.trials).toBe(20_000);
    expect(r.run.stop.maxHalfWidth).toBeGreaterThan(0.001);
  });
});
