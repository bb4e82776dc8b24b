import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SimulationRunner, WorkerPools } from '../../src/cli/simulationRunner.js';
import type { SimOptions } from '../../src/cli/simOptions.js';
import { InputError } from '../../src/model/inputError.js';
import { loadDataset } from '../../src/model/loadDataset.js';
import { loadExperiment } from '../../src/scenarios/loadExperiment.js';
import { simulate } from '../../src/run/simulate.js';
import { projectRoot } from '../../src/model/projectRoot.js';
import { inProcess } from '../helpers/cli.js';
import { devastatorsAtBoyz, tallyBytes } from './helpers.js';

/**
 * How a command's simulations are answered is an argument (issue 29, item 5):
 * a SimulationRunner that simulates or replays, handed to the commands by the
 * command layer, and the --datasheet overlays passed to the data loading,
 * rather than module state set by commander hooks.
 */

const options: SimOptions = { trials: 3000, seed: 'runner', chunkSize: 1000, workers: 1, quiet: true };
const job = { spec: devastatorsAtBoyz(), scenario: 'shoot', matchup: '4 Devastator -> 8 Ork Boyz' };
const pools = new WorkerPools();
const dir = mkdtempSync(join(tmpdir(), 'eb-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a SimulationRunner', () => {
  it('simulating, gives simulate()\'s numbers for the job', async () => {
    const r = await SimulationRunner.simulating(pools).run(options, job);
    const direct = await simulate({ spec: job.spec, seed: 'runner', scenario: 'shoot', matchup: job.matchup, trials: 3000, chunkSize: 1000 });
    expect(tallyBytes(r.tally)).toBe(tallyBytes(direct.tally));
  });

  it('replaying, returns the result of the same spec, seed, names, trials and chunk size, and simulates nothing', async () => {
    const direct = await simulate({ spec: job.spec, seed: 'runner', scenario: 'shoot', matchup: job.matchup, trials: 3000, chunkSize: 1000 });
    const replaying = SimulationRunner.replaying([direct]);
    expect(await replaying.run(options, job)).toBe(direct);
  });

  it('replaying, refuses a run the results do not hold, naming it', async () => {
    const direct = await simulate({ spec: job.spec, seed: 'runner', scenario: 'shoot', matchup: job.matchup, trials: 3000, chunkSize: 1000 });
    const replaying = SimulationRunner.replaying([direct]);
    const refused = replaying.run({ ...options, seed: 'other' }, job);
    await expect(refused).rejects.toBeInstanceOf(InputError);
    await expect(refused).rejects.toThrow(/^merge: the partial results hold no run of shoot "4 Devastator -> 8 Ork Boyz" with seed "other", 3000 trials in chunks of 1000/);
  });

  it('writes each command\'s piece to that command\'s file: two commands in one process, two files', async () => {
    const piece = ['shoot', '4 Devastator', '--at', '8 Ork Boyz', '--trials', '2000', '--chunk-size', '1000', '--chunks', '0-0', '--json', '--quiet', '--workers', '1'];
    const a = join(dir, 'a.partial.json');
    const b = join(dir, 'b.partial.json');
    expect((await inProcess([...piece, '--partial-out', a])).code).toBe(0);
    expect((await inProcess([...piece, '--seed', 'second', '--partial-out', b])).code).toBe(0);
    expect(JSON.parse(readFileSync(a, 'utf8')).jobs.map((j: { seed: string }) => j.seed)).toEqual(['epic-balance']);
    expect(existsSync(b)).toBe(true);
    expect(JSON.parse(readFileSync(b, 'utf8')).jobs.map((j: { seed: string }) => j.seed)).toEqual(['second']);
  });
});

describe('--datasheet overlays are an argument of the data loading', () => {
  const cheaper = join(dir, 'cheaper.json');
  writeFileSync(cheaper, JSON.stringify({ armies: [{ id: 'codex-astartes', formations: [{ id: 'devastator-detachment', points: 200 }] }] }));
  const devastators = (data: ReturnType<typeof loadDataset>) => data.armies.get('codex-astartes')!.formations.find((f) => f.id === 'devastator-detachment')!.points;

  it('loadDataset lays the files given over the data, and only those', () => {
    expect(devastators(loadDataset(undefined, [cheaper]))).toBe(200);
    expect(devastators(loadDataset())).toBe(250);
  });

  it('a command without --datasheet, after one with it in the same process, reads the data unchanged', async () => {
    const line = (out: string) => out.split('\n').find((l) => l.trimStart().startsWith('devastator-detachment'))!;
    expect(line((await inProcess(['list', 'codex-astartes', '--datasheet', cheaper])).stdout)).toMatch(/ 200 pts /);
    expect(line((await inProcess(['list', 'codex-astartes'])).stdout)).toMatch(/ 250 pts /);
  });

  it('loadExperiment refuses overlays for an experiment of a rule system with data of its own', () => {
    const epic40k = join(projectRoot(), 'experiments', 'epic40k-marines-vs-orks.json');
    expect(loadExperiment(epic40k).experiment.rules).toBe('epic40k');
    expect(() => loadExperiment(epic40k, [cheaper])).toThrow(/^option --datasheet: not available for .*epic40k-marines-vs-orks\.json: its "rules" is "epic40k"/);
  });
});
