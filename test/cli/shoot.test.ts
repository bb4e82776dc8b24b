import { describe, expect, it } from 'vitest';
import { inProcess, spawnCli } from '../helpers/cli.js';
import { binomialPmf, killsFromHits, probWhere } from '../helpers/exact.js';

describe('epic-balance shoot', () => {
  it('4 Devastator at 8 Ork Boyz, 2,000,000 trials: P(broken) and the kill distribution within their intervals of the exact values', async () => {
    const r = await spawnCli(['shoot', '4 Devastator', '--at', '8 Ork Boyz', '--trials', '2000000', '--json', '--quiet']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.trials).toBe(2_000_000);
    expect(out.seed).toBe('epic-balance');
    // 8 missile-launcher shots at AP5+ (1/3), Boyz fail their 6+ save 5/6 of the time; the
    // warband breaks when 1 (under fire) + k Blast markers reach 8 - k units: k >= 4.
    const kills = killsFromHits(binomialPmf(8, 1 / 3), 8, 5 / 6);
    const pBroken = probWhere(kills, (k) => k >= 4);
    const [lo, hi] = out.target.broken.ci95;
    expect(lo).toBeLessThanOrEqual(pBroken);
    expect(hi).toBeGreaterThanOrEqual(pBroken);
    expect(out.target.unitsKilled.distribution).toHaveLength(9);
    kills.forEach((p, k) => expect(Math.abs(out.target.unitsKilled.distribution[k] - p)).toBeLessThan(3.3 * Math.sqrt((p * (1 - p)) / 2e6) + 1e-9));
    const [mlo, mhi] = out.target.unitsKilled.ci95;
    expect(mlo).toBeLessThanOrEqual(8 / 3 * 5 / 6 + 0.005);
    expect(mhi).toBeGreaterThanOrEqual(8 / 3 * 5 / 6 - 0.005);
    for (const key of ['unitsKilled', 'broken', 'destroyed', 'blastMarkers']) expect(out.target[key]).toBeDefined();
  });

  it('prints a readable table with the same numbers', async () => {
    // In this process, as src/cli.ts runs a command (the test above reads the real command line's streams).
    const r = await inProcess(['shoot', '4 Devastator', '--at', '8 Ork Boyz', '--trials', '20000', '--quiet']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('P(broken)');
    expect(r.stdout).toContain('20,000 trials, seed "epic-balance"');
  });

  it.each([
    [['shoot', '4 Devastatorz', '--at', '8 Ork Boyz'], 'unknown unit "Devastatorz"; did you mean "Devastator"?'],
    [['shoot', '4 Devastator,,1 Rhino', '--at', '8 Ork Boyz'], 'expected "N Unit, N Unit"'],
    [['shoot', '4 Devastator', '--at', '8 Ork Boyz', '--trials', '-5'], 'option --trials: expected a whole number of at least 1'],
    [['shoot', '4 Devastator', '--at', '8 Ork Boyz', '--action', 'charge'], "argument 'charge' is invalid"],
  ].map(([args, message], i) => [args, message, i === 0] as const))('bad input %j: one clear line, exit 2, no stack trace', async (args, message, real) => {
    // The first through the real command line (its exit code and streams), the others in this process,
    // where an error other than bad input would be thrown, not printed.
    const r = real ? await spawnCli([...args]) : await inProcess([...args]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
