import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcess } from '../helpers/cli.js';
import { testTempDir } from '../helpers/tempDir.js';

/** An audit by need runs each meeting's own trials: its output and audit.csv say how many. */
describe('audit --precision: the trials each formation ran', () => {
  it('are in the printed header (the most and the sum) and in audit.csv (each formation\'s)', async () => {
    const out = testTempDir('epic-balance-audit-trials-');
    const r = await inProcess(['audit', '--lists', 'titan-legion', '--precision', '0.02', '--trials', '1000', '--workers', '1', '--out', out, '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    const rows = readFileSync(join(out, 'audit.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    const most = rows.map((row) => Number(row[row.length - 2]));
    const sum = rows.map((row) => Number(row[row.length - 1]));
    expect(most.every((n) => n >= 50 && n <= 1000 && n % 50 === 0)).toBe(true);
    expect(sum.every((n, i) => n >= most[i]!)).toBe(true);
    expect(r.stdout.split('\n')[0]).toBe(
      `epic-balance audit: data rulebook-2004 sha256:e6cdb, battle reference v5, efficiency parity, seed "epic-balance", trials by need (50 per meeting, more where they decide a fair cost, until its 95% interval is within ±0.02 of it under every mix, at most 1,000 per meeting; up to ${Math.max(...most).toLocaleString('en')} ran, ${sum.reduce((a, b) => a + b, 0).toLocaleString('en')} in all; each formation's in audit.csv and --json)`,
    );
  });
});
