import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPIC40K_SCENARIOS, HERESY_SCENARIOS, SCENARIOS } from '../../bench/scenarios.js';
import { runMeta } from '../../src/reports/runReport.js';
import { scriptReport } from '../../src/reports/sections/scriptReport.js';
import { dieOf, type ScenarioSpec } from '../../src/scenarios/registry.js';
import { ChunkPool } from '../../src/run/pool.js';
import { runChunk } from '../../src/run/runChunk.js';
import { simulate, specKey } from '../../src/run/simulate.js';
import { tallyBytes } from './helpers.js';

/**
 * Issue 21: every rule system (NetEA, Epic 40,000, Heresy's D10) through the
 * same worker pools, the same chunk seeding and the same report code, with
 * identical results on 1 and 2 workers for each.
 */

const plan = { seed: 'every-ruleset', trials: 123_457, chunkSize: 10_000 };
const bench = (id: string) => [...SCENARIOS, ...EPIC40K_SCENARIOS, ...HERESY_SCENARIOS].find((s) => s.id === id)!;
const CASES: Array<{ id: string; spec: ScenarioSpec; die: string }> = [
  { id: 'shooting', spec: bench('shooting').build(), die: 'D6' },
  { id: 'assault', spec: bench('assault').build(), die: 'D6' },
  { id: 'epic40k-shooting', spec: bench('epic40k-shooting').build(), die: 'D6' },
  { id: 'epic40k-assault', spec: bench('epic40k-assault').build(), die: 'D6' },
  { id: 'heresy-shooting', spec: bench('heresy-shooting').build(), die: 'D10' },
  { id: 'heresy-assault', spec: bench('heresy-assault').build(), die: 'D10' },
];

let one: ChunkPool;
let two: ChunkPool;
beforeAll(() => {
  one = new ChunkPool({ workers: 1 });
  two = new ChunkPool({ workers: 2 });
});
afterAll(async () => {
  await one.destroy();
  await two.destroy();
});

describe('every rule system through one worker pool, chunk seeding and report', () => {
  it.each(CASES)('$id: the same bits on 1 and 2 workers, equal to its chunks run one by one in this thread; the same report', async ({ id, spec, die }) => {
    expect(dieOf(spec).name).toBe(die);
    const request = { spec, ...plan, scenario: 'every-ruleset', matchup: id };
    const a = await simulate({ ...request, pool: one });
    const b = await simulate({ ...request, pool: two });
    expect(a.trials).toBe(plan.trials);
    expect(a.chunks).toBe(13);
    expect(tallyBytes(b.tally), `${id}: 2 workers`).toBe(tallyBytes(a.tally));
    // The chunk seeding: each chunk's dice depend on (seed, scenario, matchup, k) only, so the chunks run one by one in this thread give the same bits.
    const inline = await simulate(request);
    expect(tallyBytes(inline.tally), `${id}: chunks run here`).toBe(tallyBytes(a.tally));
    // ... and another name seeds other dice.
    const chunk0 = (matchup: string) => tallyBytes(runChunk({ spec, specKey: specKey(spec), seed: plan.seed, scenario: request.scenario, matchup, chunk: 0, trials: 10_000 }));
    expect(chunk0(`${id} again`)).not.toBe(chunk0(id));
    // Something happened: the target's units killed vary from trial to trial.
    const target = a.layout.records[0]!.formations[1]!;
    const histogram = [...a.tally.subarray(target.killedHistogram, target.killedHistogram + target.units + 1)];
    expect(histogram.reduce((x, y) => x + y, 0)).toBe(plan.trials);
    expect(Math.max(...histogram)).toBeLessThan(plan.trials);
    // The shared report (kill, break, assault and efficiency sections with their tables and charts) is the same.
    const meta = runMeta({ title: id, argv: [], seed: plan.seed, trials: plan.trials, chunkSize: plan.chunkSize, data: { id: 'test', version: '1' }, rules: spec.ruleset, simulations: 1, timings: { simulationMs: 0 }, notes: [] });
    const ra = scriptReport(spec, a, meta);
    const rb = scriptReport(spec, b, meta);
    expect(ra.sections.map((s) => s.id)).toEqual(spec.steps.some((s) => s.kind === 'assault') ? ['kill', 'break', 'assault', 'efficiency'] : ['kill', 'break', 'efficiency']);
    expect(JSON.stringify(rb.sections)).toBe(JSON.stringify(ra.sections));
  });
});
