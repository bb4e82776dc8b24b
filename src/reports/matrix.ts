import type { Dataset } from '../model/dataset.js';
import { parseArmyReference, type FormationSpec } from '../model/formation.js';
import { InputError } from '../model/inputError.js';
import type { Army } from '../model/schema.js';
import { TRIALS } from '../sim/ruleset.js';
import type { ScenarioSpec } from '../scenarios/registry.js';
import { simulate, type SimulationResult } from '../run/simulate.js';
import { probability, type Mean, type Probability } from './aggregate.js';
import { isAerospace, type EngagementBuilder, type EngagementSettings } from './engagementKinds.js';
import { buildEngagement } from './registry.js';
import { meanInterval } from '../stats/meanInterval.js';

/** One army list's formations that can fight a ground engagement, and the ones left out. */
export interface ArmyFormations {
  army: { id: string; name: string };
  formations: Array<{ id: string; label: string; spec: FormationSpec }>;
  skipped: Array<{ id: string; name: string; reason: string }>;
}

/** Finds an army by id or name, or fails naming the ones there are. */
export function findArmy(data: Dataset, query: string, option: string): Army {
  const q = query.trim().toLowerCase();
  const army = data.armies.get(q) ?? [...data.armies.values()].find((a) => a.name.toLowerCase() === q);
  if (!army) {
    throw new InputError([{ file: option, path: '', message: `unknown army "${query}"; expected one of ${[...data.armies.keys()].map((k) => `"${k}"`).join(', ')}` }]);
  }
  return army;
}

/**
 * The formations of an army list as fielded without upgrades, in list order.
 * Aircraft and spacecraft formations are skipped (the matrix's cells are
 * ground formations meeting each other; `fair-cost` and `audit` value them
 * in the battle's air-attack and orbital scenes), and so are formations
 * whose units are all chosen by the player.
 */
export function armyFormations(data: Dataset, army: Army): ArmyFormations {
  const out: ArmyFormations = { army: { id: army.id, name: army.name }, formations: [], skipped: [] };
  for (const f of army.formations) {
    if (f.kind === 'aircraft' || f.kind === 'spacecraft') {
      out.skipped.push({ id: f.id, name: f.name, reason: `${f.kind} formation (the matrix meets ground formations; fair-cost and audit value it)` });
      continue;
    }
    let spec: FormationSpec;
    try {
      spec = parseArmyReference(data, `${army.id}/${f.id}`);
    } catch (e) {
      out.skipped.push({ id: f.id, name: f.name, reason: e instanceof InputError ? e.problems.map((p) => p.message).join('; ') : String(e) });
      continue;
    }
    if (spec.units.length === 0) {
      out.skipped.push({ id: f.id, name: f.name, reason: 'no fixed units (all chosen by the player)' });
    } else if (isAerospace(spec)) {
      out.skipped.push({ id: f.id, name: f.name, reason: 'has aircraft or spacecraft units' });
    } else {
      out.formations.push({ id: f.id, label: `${f.name} (${f.points})`, spec });
    }
  }
  return out;
}

/** What one cell of the matrix measured: the row formation acting on the column formation. */
export interface MatrixCell {
  row: number;
  col: number;
  /** Column-formation points destroyed per 100 points of the row formation. */
  per100: Mean;
  /** Column-formation points destroyed per engagement. */
  pointsDestroyed: Mean;
  /** The row formation's own points lost (0 when only it acts). */
  pointsLost: Mean;
  targetBroken: Probability;
  targetDestroyed: Probability;
  /** Damage points dealt to the column formation's war engines (they count as points only when destroyed). */
  warEngineDamage: Mean;
  /** P(the row formation wins the assault), for engagements with an assault. */
  assaultWon: Probability | null;
  trials: number;
  elapsedMs: number;
}

export interface MatrixResult {
  rows: ArmyFormations;
  cols: ArmyFormations;
  engagement: EngagementSettings;
  /** What the engagement is in another rule system's words (Epic 40,000); default describeEngagement(engagement). */
  described?: string;
  cells: MatrixCell[];
  simulations: number;
  elapsedMs: number;
}

/** A simulation of one cell: the names seed its chunks, so re-running a cell gives common random numbers. */
export interface CellJob {
  spec: ScenarioSpec;
  scenario: string;
  matchup: string;
}

export interface MatrixInput {
  rows: ArmyFormations;
  cols: ArmyFormations;
  engagement: EngagementSettings;
  /** Another rule system's engagement between two formations (Epic 40,000: epic40kFairCostRules().build); default the first system's (registry.ts buildEngagement). */
  build?: EngagementBuilder;
  /** Runs one cell (the command line runs it on its worker pool, cli/matrix.ts). */
  run: (job: CellJob) => Promise<SimulationResult>;
  /** Cells simulated at once (so a worker pool stays busy); default 4. */
  concurrency?: number;
  onCell?: (done: number, total: number) => void;
}

/** Reads a cell's metrics from its tally: formation 0 acts, formation 1 is the target. */
export function matrixCell(row: number, col: number, result: SimulationResult, rowPoints: number): MatrixCell {
  const { tally, layout } = result;
  const n = tally[TRIALS]!;
  const last = layout.records[layout.records.length - 1]!;
  const actor = last.formations[0]!;
  const target = last.formations[1]!;
  const destroyed = meanInterval(tally[target.pointsLostSum]!, tally[target.pointsLostSumSq]!, n);
  const scale = 100 / rowPoints;
  const assaults = layout.records.filter((r) => r.assault);
  const lastAssault = assaults[assaults.length - 1]?.assault;
  return {
    row,
    col,
    per100: { mean: destroyed.mean * scale, ci95: [destroyed.ci95[0] * scale, destroyed.ci95[1] * scale] },
    pointsDestroyed: destroyed,
    pointsLost: meanInterval(tally[actor.pointsLostSum]!, tally[actor.pointsLostSumSq]!, n),
    targetBroken: probability(tally[target.broken]!, n),
    targetDestroyed: probability(tally[target.destroyed]!, n),
    warEngineDamage: meanInterval(tally[target.damageSum]!, tally[target.damageSumSq]!, n),
    assaultWon: lastAssault ? probability(tally[lastAssault.attackerWins]!, n) : null,
    trials: n,
    elapsedMs: result.elapsedMs,
  };
}

/**
 * Every formation of one army list against every formation of another under
 * one engagement: the points-efficiency matrix. Cells run `concurrency` at a
 * time and are returned in row-major order whatever order they finish in.
 */
export async function runMatrix(input: MatrixInput): Promise<MatrixResult> {
  const started = performance.now();
  const jobs: Array<{ row: number; col: number }> = [];
  input.rows.formations.forEach((_, row) => input.cols.formations.forEach((__, col) => jobs.push({ row, col })));
  const cells: MatrixCell[] = new Array(jobs.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= jobs.length) return;
      const { row, col } = jobs[i]!;
      const r = input.rows.formations[row]!;
      const c = input.cols.formations[col]!;
      const spec = (input.build ?? buildEngagement)(r.spec, c.spec, input.engagement);
      const result = await input.run({ spec, scenario: `matrix-${input.engagement.kind}`, matchup: `${r.spec.text} -> ${c.spec.text}` });
      cells[i] = matrixCell(row, col, result, r.spec.points!);
      input.onCell?.(++done, jobs.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(input.concurrency ?? 4, jobs.length)) }, worker));
  return { rows: input.rows, cols: input.cols, engagement: input.engagement, cells, simulations: jobs.length, elapsedMs: performance.now() - started };
}

/** The in-thread runner for library use and tests: `simulate` with a seed, trial count and chunk size. */
export function simulateCells(seed: string, trials: number, chunkSize: number): (job: CellJob) => Promise<SimulationResult> {
  return (job) => simulate({ spec: job.spec, seed, scenario: job.scenario, matchup: job.matchup, trials, chunkSize });
}
