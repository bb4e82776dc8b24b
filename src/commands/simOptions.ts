import { Option, type Command } from 'commander';
import type { Dataset } from '../model/dataset.js';
import { InputError } from '../model/inputError.js';
import type { ScenarioSpec } from '../sim/scenario.js';
import { DEFAULT_CHUNK_SIZE, simulate, type SimulationResult } from '../workers/simulate.js';
import { wholeNumber } from './options.js';

/** Options every simulating command shares. */
export interface SimOptions {
  trials: number;
  seed: string;
  json?: boolean;
  data?: string;
  chunkSize: number;
}

export const DEFAULT_SEED = 'epic-balance';

/** Adds --trials, --seed, --data, --chunk-size and --json to a command. */
export function addSimOptions(cmd: Command, defaultTrials: number): Command {
  return cmd
    .addOption(new Option('--trials <n>', 'number of simulated engagements').default(defaultTrials).argParser(wholeNumber('--trials', 1)))
    .addOption(new Option('--seed <text>', 'seed: the same seed gives the same numbers').default(DEFAULT_SEED))
    .addOption(new Option('--data <path>', 'use a NetEA Tournament Pack checkout instead of the built-in 2004 rulebook data'))
    .addOption(new Option('--chunk-size <n>', 'trials per chunk (part of the result: keep it to reproduce a run)').default(DEFAULT_CHUNK_SIZE).argParser(wholeNumber('--chunk-size', 1)))
    .option('--json', 'print the result as JSON');
}

/** Formations of aircraft or spacecraft are not part of a ground engagement. */
export function rejectAirUnits(data: Dataset, names: Array<[string, { units: Array<{ unit: { name: string; type: string } }> }]>): void {
  void data;
  for (const [text, f] of names) {
    const air = f.units.find((u) => ['AC', 'SC', 'AC/WE', 'Special'].includes(u.unit.type));
    if (air) {
      throw new InputError([
        { file: `formation "${text}"`, path: '', message: `"${air.unit.name}" is of type ${air.unit.type} (aircraft, spacecraft or special); aerospace and special units are not simulated yet, so ground engagements only accept INF, LV, AV and WE units` },
      ]);
    }
  }
}

/** What a command asks to simulate; the run options come from the command line. */
export interface SimulationJob {
  spec: ScenarioSpec;
  /** Seeds chunks with the seed: comparisons that share both get common random numbers. */
  scenario: string;
  matchup: string;
}

/** Runs a job with the command's simulation options. */
export async function runSimulation(o: SimOptions, job: SimulationJob): Promise<SimulationResult> {
  return simulate({ spec: job.spec, seed: o.seed, scenario: job.scenario, matchup: job.matchup, trials: o.trials, chunkSize: o.chunkSize });
}
