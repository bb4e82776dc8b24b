import type { ScenarioSpec } from '../../src/scenarios/registry.js';
import type { RunResult } from '../../src/run/simulate.js';

/**
 * What a Run does, whatever the mode: one simulation (shoot, assault: the
 * command's job) or one per variant (a script or a comparison: the
 * experiment's), each seeded by its scenario and matchup names, then the
 * headline, the JSON and the report sections from their results.
 */
export interface PlanRun {
  spec: ScenarioSpec;
  scenario: string;
  matchup: string;
  /** Prefix of its report sections' titles and file names when there are several ("A", "B"). */
  label: string | null;
}

export interface Plan {
  title: string;
  /** A line under the title (a comparison's two variants), or null. */
  description: string | null;
  unsupported: string[];
  runs: PlanRun[];
  /** The headline tables (HTML), from every run's result (or a partial one of a single run). */
  headline(results: RunResult[]): string;
  /** #result-json: what the command line's --json prints for the same scenario. */
  json(results: RunResult[]): unknown;
  /** The experiment file a script or a comparison runs as (offered for download). */
  experiment: Record<string, unknown> | null;
}
