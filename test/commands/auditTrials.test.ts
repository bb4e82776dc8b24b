import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcess } from '../helpers/cli.js';
import { testTempDir } from '../helpers/tempDir.js';

/** An audit stopping for precision runs each formation's own trials: its output and audit.csv say how many. */
describe('audit --precision: the trials each formation ran', () => {
  it('are in the printed header (their range) and in audit.csv (each one\'s)', async () => {
    const out = testTempDir('epic-balance-audit-trials-');
    const r = await inProcess(['audit', '--lists', 'titan-legion', '--precision', '0.009', '--trials', '1000', '--workers', '1', '--out', out, '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    const rows = readFileSync(join(out, 'audit.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    const ran = rows.map((row) => Number(row[row.length - 1]));
    expect(ran.every((n) => [250, 500, 1000].includes(n))).toBe(true);
    expect(r.stdout.split('\n')[0]).toBe(
      `epic-balance audit: data rulebook-2004 sha256:e6cdb, battle reference v4, efficiency parity, seed "epic-balance", ${Math.min(...ran)} to ${Math.max(...ran).toLocaleString('en')} trials per meeting (each formation until its fair cost is within ±0.009 of it, at most 1,000; each one's in audit.csv and --json)`,
    );
  });
});
