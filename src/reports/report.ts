import type { ChartContext, VlSpec } from './charts/frame.js';
import type { CsvTable } from './csv.js';

/** One chart of a report: written as `<name>.vl.json`, `<name>.svg` and `<name>.png`. */
export interface ReportChart {
  name: string;
  spec: VlSpec;
}

/** One report of a run (kill probability, break chance, ...): its tables, charts and metric definitions. */
export interface ReportSection {
  id: string;
  title: string;
  /** Each metric shown, defined in one line. */
  definitions: string[];
  /** Headline sentences ("Warhound: costs 250, fair 240 to 262"). */
  summary: string[];
  tables: CsvTable[];
  charts: ReportChart[];
}

/** One part of a report that holds several runs (the showcase's experiments): what it ran and its own command. */
export interface RunPart {
  name: string;
  title: string;
  seed: string;
  /** Trials per simulation this part ran. */
  trials: number;
  chunkSize: number;
  simulations: number;
  /** The command that reproduces this part alone, to the last digit. */
  command: string;
}

/** What a run did and how to do it again: the manifest's content. */
export interface RunMeta {
  title: string;
  /** The exact command that reproduces the run. */
  command: string;
  /**
   * Its arguments after "epic-balance", without those that only say how to run
   * (--workers, --quiet, --chunks, --partial-out): what merge compares to tell
   * a report of the same run from another's.
   */
  argv?: string[];
  seed: string;
  /** Trials per simulation (a report of several parts: the most any part ran; `parts` gives each). */
  trials: number;
  chunkSize: number;
  /** Simulations the run made (a matrix makes one per cell). */
  simulations: number;
  /** `datasheets`: the --datasheet overlays laid over the data set, each with the SHA-256 of its content. */
  data: { id: string; version: string; datasheets?: Array<{ file: string; sha256: string }> };
  /** The rule system the run was played under (src/model/registry.ts); absent for the default (DEFAULT_RULES). */
  rules?: string;
  toolVersion: string;
  /** Milliseconds by phase, e.g. { simulation: 1234 }. */
  timings: Record<string, number>;
  /** Anything the reader must know: skipped formations, unsupported rules. */
  notes: string[];
  /** A report of several runs: each one's trials, seed and command. */
  parts?: RunPart[];
  /** Set on the report of a piece of a split run (--chunks): its chunks, and what to do to get the whole run. */
  partial?: { chunks: string; note: string };
}

export interface RunReport {
  meta: RunMeta;
  sections: ReportSection[];
  /** Files written beside the tables and charts as they are (`tournament --out` writes its whole result as `tournament.json`). */
  attachments?: Array<{ name: string; content: string }>;
}

/** The footnote context of a run's charts. */
export function chartContext(meta: RunMeta, note?: string): ChartContext {
  return { trials: meta.trials, seed: meta.seed, data: meta.data, toolVersion: meta.toolVersion, ...(note ? { note } : {}) };
}

/** The command line that reproduces a run, quoted for a POSIX shell. */
export function commandLine(args: string[]): string {
  return ['epic-balance', ...args].map((a) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}

