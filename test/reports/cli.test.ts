import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inProcess, spawnCli as cli } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'epic-balance-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('fair-cost command', () => {
  it('with --engagement: one engagement kind, the fair cost with the current cost beside it, and --json with the same numbers', async () => {
    const args = ['fair-cost', 'titan-legion/warhound-battlegroup', '--vs', 'steel-legion/tank-company', 'codex-astartes/devastator-detachment', '--engagement', 'shoot', '--trials', '400', '--seed', 'cli', '--workers', '1'];
    const text = await inProcess(args);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/Warhound Titans: costs 250, fair \d+ to \d+ \(estimate \d+, exchange parity against 2 opponents\)/);
    const json = await inProcess([...args, '--json', '--metric', 'win']);
    expect(json.code, json.stderr).toBe(0);
    const r = JSON.parse(json.stdout);
    expect(r.metric).toBe('win');
    expect(r.currentCost).toBe(250);
    expect(r.meetings).toHaveLength(4);
    expect(r.byMetric.map((m: { metric: string }) => m.metric)).toEqual(['exchange', 'efficiency', 'win']);
    const exchange = r.byMetric[0].fairCost.estimate;
    expect(text.stdout).toContain(`estimate ${Math.round(exchange)},`);
    expect(r.fairCost.ci95[0]).toBeLessThanOrEqual(r.fairCost.estimate);
  });

  it('writes a report folder with --out', async () => {
    const out = join(tmp, 'fair');
    const r = await inProcess(['fair-cost', 'Warhound', '--vs', 'steel-legion/tank-company', '--trials', '300', '--engagement', 'shoot', '--out', out, '--workers', '1']);
    expect(r.code, r.stderr).toBe(0);
    const files = readdirSync(out);
    for (const f of ['report.html', 'manifest.json', 'fair-cost.csv', 'fair-cost-curve.csv', 'fair-cost-opponents.csv', 'fair-cost.png', 'fair-cost.svg', 'fair-cost.vl.json', 'fair-cost-opponents.png']) expect(files).toContain(f);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ seed: 'epic-balance', trials: 300, chunkSize: 50_000, simulations: 2 });
  });

  it('rejects an opponent without points, and --precision, with exit code 2', async () => {
    const noPoints = await inProcess(['fair-cost', 'Warhound', '--vs', '4 Devastator', '--trials', '10']);
    expect(noPoints.code).toBe(2);
    expect(noPoints.stderr).toContain('no points cost');
    const precision = await inProcess(['fair-cost', 'Warhound', '--vs', 'ork-war-horde/warband', '--precision', '0.01']);
    expect(precision.code).toBe(2);
    expect(precision.stderr).toContain('--precision');
  });
});

describe('matrix command', () => {
  it('runs every formation against every formation, skips aerospace, writes the report', async () => {
    const out = join(tmp, 'matrix');
    const r = await cli(['matrix', 'titan-legion', '--vs', 'codex-astartes', '--engagement', 'shoot', '--trials', '200', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('skipping Codex Astartes Space Marines Thunderhawk: aircraft formation');
    expect(r.stderr).toContain('not simulated (unsupported rules in these formations):\n');
    expect(r.stderr).toContain('  - Rhino: transport: starting embarked is modelled (--embarked, --attacker-embarked; "embarked": true in an experiment); embarking or picking units up during the engagement is not\n');
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.notes).toContain('Not simulated: Warhound: titan-step-over: stepping over units and terrain (not modelled)');
    expect(r.stdout).toContain('Warhound Titans (250)');
    expect(r.stdout.split('\n').filter((l) => /^(Warlord|Reaver|Warhound) .*\(\d+\) +\d/.test(l))).toHaveLength(3);
    const csv = readFileSync(join(out, 'matrix.csv'), 'utf8').split('\n');
    expect(csv[0]).toBe('formation,formation_points,target,target_points,engagement,measure,value,ci95_low,ci95_high');
    for (const f of ['matrix.png', 'matrix-average.png', 'report.html']) expect(existsSync(join(out, f))).toBe(true);
  });

  it('names the armies there are when one is unknown', async () => {
    const r = await inProcess(['matrix', 'eldar', '--vs', 'codex-astartes', '--trials', '10']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown army "eldar"');
    expect(r.stderr).toContain('"codex-astartes"');
  });
});

describe('shoot --out', () => {
  it('writes the report folder and prints the same table as without it', async () => {
    const args = ['shoot', '4 Devastator', '--at', '8 Ork Boyz', '--trials', '2000', '--seed', 'out'];
    // The table without --out in this process, as src/cli.ts runs a command; the run with --out is
    // the real command line (the manifest records the process's own arguments).
    const plain = await inProcess(args);
    const out = join(tmp, 'shoot');
    const withOut = await cli([...args, '--out', out]);
    expect(withOut.code, withOut.stderr).toBe(0);
    expect(withOut.stdout).toBe(plain.stdout);
    expect(withOut.stderr).toContain(`wrote ${out}/report.html`);
    const files = readdirSync(out);
    for (const f of ['kill.csv', 'outcomes.csv', 'kill.png', 'break.png', 'report.html', 'manifest.json']) expect(files).toContain(f);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ seed: 'out', trials: 2000, chunkSize: 50_000, data: { id: 'rulebook-2004' } });
    // The exact command, with the chunk size that came from the default made explicit.
    expect(manifest.command).toBe(`epic-balance shoot '4 Devastator' --at '8 Ork Boyz' --trials 2000 --seed out --out ${out} --chunk-size 50000`);
  });
});
