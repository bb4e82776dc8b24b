import { describe, expect, it } from 'vitest';
import { formatSummary } from '../../src/cli/run.js';
import { pctInterval } from '../../src/reports/format.js';

describe('a probability with its interval', () => {
  it('gives the estimate and both bounds the same decimals: those of the estimate, or of the upper bound when the estimate is 0', () => {
    expect(pctInterval({ p: 0, ci95: [0, 0.000038] })).toEqual({ value: '0.0000%', ci: '0.0000% to 0.0038%' });
    expect(pctInterval({ p: 0.00019, ci95: [0.00012, 0.00031] })).toEqual({ value: '0.019%', ci: '0.012% to 0.031%' });
    expect(pctInterval({ p: 0.303, ci95: [0.301, 0.305] })).toEqual({ value: '30.3%', ci: '30.1% to 30.5%' });
    expect(pctInterval({ p: 0.025, ci95: [0.000019, 0.051] })).toEqual({ value: '2.5%', ci: '0.0% to 5.1%' });
    expect(pctInterval({ p: 0, ci95: [0, 0.2] })).toEqual({ value: '0.0%', ci: '0.0% to 20.0%' });
  });
});

describe('the printed summary', () => {
  it('never cuts a label: one longer than the column takes a line of its own, the value under the column', () => {
    const long = 'Imperial Guard Steel Legion Infantry Company: points destroyed per 100 points';
    const s = formatSummary([
      { group: 'duel', what: 'Warband: points destroyed per 100 points', value: '19.9', ci: '19.8 to 20.0' },
      { group: 'duel', what: long, value: '18.7', ci: '18.6 to 18.7' },
    ]);
    expect(s).toBe(`duel\n  ${'Warband: points destroyed per 100 points'.padEnd(64)}     19.9  (19.8 to 20.0)\n  ${long}\n  ${''.padEnd(64)}     18.7  (18.6 to 18.7)\n`);
  });
});
