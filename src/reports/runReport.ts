import { toolVersion } from '../model/projectRoot.js';
import { rulesNameOf, type ScenarioSpec } from '../scenarios/registry.js';
import type { SimulationResult } from '../run/simulate.js';
import type { Moments } from '../run/moments.js';
import { commandLine, type RunMeta } from './report.js';
import { scriptReport } from './sections/scriptReport.js';
import { writeRunReport, type WrittenReport } from './writeRunReport.js';
import { recordedCommand } from './outTarget.js';
import { resultCommandLine } from '../run/partial.js';
import { DEFAULT_RULES } from '../model/runDefaults.js';

/** How a command was run: what the manifest records. */
export interface RunFacts {
  title: string;
  /** The command's arguments after "epic-balance" (process.argv.slice(2)). */
  argv: string[];
  seed: string;
  trials: number;
  chunkSize: number;
  data: { id: string; version: string; overlays?: Array<{ file: string; sha256: string }> };
  /** The rule system (default "netea"). */
  rules?: string;
  simulations: number;
  timings: Record<string, number>;
  notes?: string[];
}

/**
 * The command that reproduces a run: the arguments as given, plus --seed,
 * --trials and --chunk-size when they came from defaults (defaults may change
 * between versions; the run's identity must not). A setting left undefined is
 * not added (a run of several parts that do not share it).
 */
export function reproducibleCommand(argv: string[], o: { seed?: string; trials?: number; chunkSize?: number }): string {
  const has = (flag: string) => argv.some((a) => a === flag || a.startsWith(`${flag}=`));
  const extra: string[] = [];
  if (o.seed !== undefined && !has('--seed')) extra.push('--seed', o.seed);
  if (o.trials !== undefined && !has('--trials')) extra.push('--trials', String(o.trials));
  if (o.chunkSize !== undefined && !has('--chunk-size')) extra.push('--chunk-size', String(o.chunkSize));
  return commandLine([...argv, ...extra]);
}

/**
 * The chunks a piece of a split run was given (`--chunks A-B`), or null for
 * a whole run. Read from the command as typed: while merge replays the
 * pieces, the command is merge's, which has none.
 */
export function pieceChunks(argv: readonly string[]): string | null {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--chunks') return argv[i + 1] ?? null;
    if (a.startsWith('--chunks=')) return a.slice('--chunks='.length);
  }
  return null;
}

/**
 * The manifest facts of a run (while merge replays a split run's pieces,
 * their command's). A piece of a split run (--chunks) says so in its title,
 * the first line of its report, and in the manifest's `partial`: its
 * numbers are those of its chunks only, and merge writes the whole report.
 */
export function runMeta(f: RunFacts): RunMeta {
  const argv = recordedCommand(f.argv);
  const chunks = pieceChunks(f.argv);
  const partial = chunks === null ? undefined : { chunks, note: `A piece of a split run: chunks ${chunks} only, not the whole run. \`epic-balance merge\` of every piece writes the complete report.` };
  return {
    ...(partial !== undefined ? { partial } : {}),
    title: partial !== undefined ? `Partial result (chunks ${chunks} only): ${f.title}` : f.title,
    command: reproducibleCommand(argv, f),
    argv: resultCommandLine(argv),
    seed: f.seed,
    trials: f.trials,
    chunkSize: f.chunkSize,
    simulations: f.simulations,
    data: { id: f.data.id, version: f.data.version, ...(f.data.overlays !== undefined && f.data.overlays.length > 0 ? { datasheets: f.data.overlays } : {}) },
    rules: f.rules ?? DEFAULT_RULES,
    toolVersion: toolVersion(),
    timings: f.timings,
    notes: [...(partial !== undefined ? [partial.note] : []), ...(f.notes ?? [])],
  };
}

/**
 * Writes the report folder of one simulated script (what `shoot --out`,
 * `assault --out` and `run` call): kill probability, break chance, assault
 * outcome, points efficiency; CSV, Vega-Lite, SVG, PNG, report.html and
 * manifest.json. Pass `moments` (simulateWithMoments with
 * sidePointsVariables) for a measured exchange-ratio covariance.
 */
export async function writeScriptReport(spec: ScenarioSpec, result: SimulationResult, facts: RunFacts, outDir: string, moments?: Moments, note?: string): Promise<WrittenReport> {
  const meta = runMeta({ rules: rulesNameOf(spec), ...facts, timings: { simulationMs: Math.round(result.elapsedMs), ...facts.timings } });
  // The command keeps the planned trials (the cap of a --precision run); the report says how many ran.
  meta.trials = result.trials;
  return writeRunReport(scriptReport(spec, result, meta, moments, note), outDir);
}

/**
 * `--out <dir>` of a one-script command (shoot, assault): writes the report
 * folder and says where on stderr (unless quiet).
 */
export async function writeCommandReport(
  outDir: string,
  spec: ScenarioSpec,
  result: SimulationResult,
  o: { seed: string; trials: number; chunkSize: number; quiet?: boolean },
  run: { title: string; data: { id: string; version: string }; unsupported: string[] },
): Promise<void> {
  const facts: RunFacts = {
    title: run.title,
    argv: process.argv.slice(2),
    seed: o.seed,
    trials: o.trials,
    chunkSize: o.chunkSize,
    data: run.data,
    simulations: 1,
    timings: {},
    notes: run.unsupported.map((r) => `Not simulated: ${r}`),
  };
  const written = await writeScriptReport(spec, result, facts, outDir);
  if (o.quiet !== true) process.stderr.write(`wrote ${written.dir}/report.html and ${written.files.length - 1} more files\n`);
}
