import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inProcess, spawnCli } from '../helpers/cli.js';
import { testTempDir } from '../helpers/tempDir.js';

/**
 * The audit's "Validation (held-out lists)" in its three outputs, on three
 * built-in lists (the fewest a leave-one-list-out validation runs on) at a few
 * trials: the numbers are the held-out modules' (test/reports/validation),
 * here only their place in the text, --json and the report folder.
 * The two audits that validate run as processes of their own: the validation
 * and the report are seconds of synchronous work after the simulation, which
 * in this thread kept vitest's progress reports waiting on a loaded machine
 * (test/helpers/yieldBetweenTests.ts).
 */
const FIXTURES = fileURLToPath(new URL('../fixtures/held-out', import.meta.url));

const AUDIT = ['audit', '--lists', 'titan-legion,imperial-navy,codex-astartes', '--trials', '10', '--seed', 'held-out', '--workers', '1', '--quiet'];

describe('audit: the held-out validation', () => {
  it('--json carries it, with the protocol, every predictor\'s figures and each formation\'s predictions', async () => {
    const r = await spawnCli([...AUDIT, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const a = JSON.parse(r.stdout);
    const h = a.heldOut;
    expect(h.protocol).toBe('leave-one-list-out');
    expect(h.lists).toBe(3);
    expect(h.predictors.map((p: { id: string }) => p.id)).toEqual(['baseline', 'simulation', 'simulation-scaled', 'baseline-with-simulation']);
    // Every formation as fielded by default is predicted, by every predictor.
    expect(h.predictions.map((p: { text: string }) => p.text).sort()).toEqual(a.formations.map((f: { text: string }) => f.text).sort());
    expect(h.method[0]).toMatch(/^Leave-one-list-out over 3 lists/);
    // The refits' fair costs come from MixRootSolver, each mix solved once for all the folds (fairCostsByMix.ts): the
    // output is byte for byte what the same command printed at 09ccd6c, when every fold solved every root by modelRoot.
    // Regenerated for the reference battle v5 (its version seeds every meeting, and the speed initiative weighs the
    // plays): the same command built with FairCostsByMix solving every root by modelRoot wrote the same bytes.
    // Regenerated when the blind spots gained each role's figures against the costs (blindSpots.ts againstCost), by
    // this command's --json: every other byte the same.
    expect(`${JSON.stringify(h, null, 2)}\n`).toBe(readFileSync(join(FIXTURES, 'three-built-in-lists.json'), 'utf8'));
  });

  it('the text prints it after the audit\'s own validation; the report folder has it as a section with its CSVs', async () => {
    const out = join(testTempDir('eb-audit-held-out-'), 'report');
    const r = await spawnCli([...AUDIT, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\nValidation \(held-out lists\), leave-one-list-out:\n {2}Leave-one-list-out over 3 lists/);
    expect(r.stdout.indexOf('Validation (held-out lists)')).toBeLessThan(r.stdout.indexOf('Worth a second look'));
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain('<h2>Validation (held-out lists)</h2>');
    const csv = readFileSync(join(out, 'audit-held-out.csv'), 'utf8').split('\n');
    expect(csv[0]).toBe('predictor,kind,measure,value,baseline');
    expect(csv.some((l) => l.startsWith('baseline-with-simulation,ground,spearman,'))).toBe(true);
    expect(readFileSync(join(out, 'audit-held-out-predictions.csv'), 'utf8').split('\n')[0]).toBe('army,formation,kind,formation_role,cost,predictor,value');
  });

  it('on two lists it says why it did not run', async () => {
    const r = await inProcess(['audit', '--lists', 'titan-legion,imperial-navy', '--trials', '20', '--seed', 'held-out', '--workers', '1', '--quiet', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).heldOut).toEqual({ notRun: 'the audit covers 2 lists; leave-one-list-out needs 3 or more' });
  });
});
