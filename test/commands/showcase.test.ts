import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { executeExperiment, prepareExperiment, resultJson, writeExperimentReport } from '../../src/cli/run.js';
import { SimulationRunner, WorkerPools } from '../../src/cli/simulationRunner.js';
import { projectRoot } from '../../src/model/projectRoot.js';
import type { RunPart } from '../../src/reports/report.js';
import { inProcess } from '../helpers/cli.js';
import { testTempDir } from '../helpers/tempDir.js';

/**
 * A report of several experiments (the showcase's) states each part's own
 * trials, and each part's command gives its numbers to the last digit; the
 * command of the whole pins only what every part shares.
 */

const SIM = { seed: 'epic-balance', trials: 100_000, chunkSize: 50_000, workers: 2, quiet: true };

interface Manifest {
  command: string;
  trials: number;
  parts: RunPart[];
}

/** A shipped experiment copied with its own (small) trial count. */
function copyWithTrials(dir: string, name: string, trials: number): string {
  const x = JSON.parse(readFileSync(join(projectRoot(), 'experiments', `${name}.json`), 'utf8')) as Record<string, unknown>;
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ ...x, $schema: undefined, trials }));
  return file;
}

describe('a report of several experiments', () => {
  it('states each part\'s trials; a part\'s command, run, gives its numbers exactly', async () => {
    const dir = testTempDir('epic-balance-parts-');
    const files = [copyWithTrials(dir, 'tactical-vs-warband', 300), copyWithTrials(dir, 'steel-legion-ork-duel', 200)];
    const outcomes = [];
    // One set of worker threads for both parts, as the showcase command keeps one.
    const runner = SimulationRunner.simulating(new WorkerPools());
    for (const f of files) outcomes.push(await executeExperiment(prepareExperiment(f, SIM, () => false), SIM, ['showcase'], runner));
    await writeExperimentReport(outcomes, join(dir, 'report'), ['showcase', '--out', join(dir, 'report')], 'two parts');
    const manifest = JSON.parse(readFileSync(join(dir, 'report', 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.parts.map((p) => [p.name, p.trials, p.simulations])).toEqual([
      ['tactical-vs-warband', 300, 2],
      ['steel-legion-ork-duel', 200, 1],
    ]);
    expect(manifest.parts.map((p) => p.command)).toEqual(files.map((f) => `epic-balance run ${f} --seed epic-balance --trials ${f.includes('duel') ? 200 : 300} --chunk-size 50000`));
    // The whole: trials differ between the parts, so its command leaves them to each file.
    expect(manifest.command).toBe(`epic-balance showcase --out ${join(dir, 'report')} --seed epic-balance --chunk-size 50000`);
    const html = readFileSync(join(dir, 'report', 'report.html'), 'utf8');
    expect(html).toContain('<strong>tactical-vs-warband</strong>: 300 trials per simulation (2 simulations, chunks of 50,000)');
    expect(html).toContain('<strong>steel-legion-ork-duel</strong>: 200 trials per simulation (1 simulation, chunks of 50,000)');
    expect(html).not.toContain('trials per simulation (3 simulations');
    for (const [i, part] of manifest.parts.entries()) {
      expect(part.command).not.toMatch(/'/);
      const args = part.command.split(' ').slice(1);
      const r = await inProcess([...args, '--out', join(dir, `alone-${i}`), '--json', '--quiet']);
      expect(r.code, r.stderr).toBe(0);
      expect({ ...(JSON.parse(r.stdout) as Record<string, unknown>), report: null }).toEqual(JSON.parse(JSON.stringify(resultJson(outcomes[i]!, null))));
    }
  });

  it('the showcase: with --trials every part runs them, and each part\'s command is `run` of its shipped file: checked where the README\'s `npm start` runs it (test/readme/guide.test.ts)', () => {
    // The README's test runs `npm start` as package.json writes it, with a small --trials (test/helpers/readme.ts),
    // and checks its report with expectShowcaseReport (test/helpers/runReport.ts) instead of this file running it again.
    const readme = readFileSync(join(projectRoot(), 'README.md'), 'utf8');
    expect(readme).toMatch(/^npm install && npm start$/m);
    const pkg = JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe('node dist/src/cli.js showcase');
  });

  it('a run whose variants stop apart for precision states each one\'s trials, printed and in the report', async () => {
    const dir = testTempDir('epic-balance-precision-');
    // At ±0.00435 the first variant stops after its first chunk (its widest half-width ±0.00431), the second after two.
    const r = await inProcess(['run', 'experiments/tactical-vs-warband.json', '--precision', '0.00435', '--out', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[1]).toBe('50,000 to 100,000 trials per simulation, 2 simulations, seed "epic-balance", rules netea, data rulebook-2004 sha256:e6cdb5fc9c4d');
    const note = 'Each variant stopped for precision on its own: Marines shoot, Orks assault, 50,000 trials; Orks shoot, Marines assault, 100,000 trials.';
    expect(r.stderr).toContain(`  - ${note}\n`);
    expect((JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { notes: string[] }).notes).toContain(note);
  });
});
