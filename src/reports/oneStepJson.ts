import type { FormationSpec } from '../model/formation.js';
import { meanInterval } from '../stats/meanInterval.js';
import type { SimulationResult } from '../run/simulate.js';
import { outcomeAt, probability, type FormationOutcome } from './aggregate.js';

/**
 * The JSON of `shoot --json` and `assault --json`, the same for every rule system (each adds
 * its `rules`) and for the playground: a result read from its tally alone.
 */

/** The `assault` block of `assault --json`. */
export function assaultJson(result: SimulationResult) {
  const L = result.layout.records[0]!.assault!;
  const n = result.trials;
  const t = result.tally;
  const fought = t[L.fought]!;
  const rounds = meanInterval(t[L.roundsSum]!, t[L.roundsSumSq]!, fought);
  return {
    attackerWins: probability(t[L.attackerWins]!, n),
    defenderWins: probability(t[L.defenderWins]!, n),
    noResult: probability(t[L.noResult]!, n),
    fought: probability(fought, n),
    rounds: { mean: rounds.mean, ci95: rounds.ci95 },
  };
}

/**
 * The JSON contract of `shoot --json` and `assault --json` (extend it, never
 * rename a field): the run's facts, then each side's outcome. The same
 * function as shoot.ts oneStepJson.
 */
export function oneStepJson(
  result: SimulationResult,
  seed: string,
  data: { id: string; version: string },
  attacker: FormationSpec,
  target: FormationSpec,
  unsupported: string[],
  extra: Record<string, unknown> = {},
) {
  return {
    trials: result.trials,
    seed,
    chunkSize: result.chunkSize,
    ...(result.run ? { stop: result.run.stop } : {}),
    data: { id: data.id, version: data.version },
    attackerFormation: { name: attacker.name, points: attacker.points },
    targetFormation: { name: target.name, points: target.points },
    target: outcomeJson(outcomeAt(result.tally, result.layout, 0, 1)),
    attacker: outcomeJson(outcomeAt(result.tally, result.layout, 0, 0)),
    ...extra,
    unsupported,
  };
}

/** One formation's outcome in the JSON contract. */
export function outcomeJson(o: FormationOutcome) {
  return {
    unitsKilled: { mean: o.unitsKilled.mean, ci95: o.unitsKilled.ci95, distribution: o.unitsKilled.distribution },
    broken: o.broken,
    destroyed: o.destroyed,
    blastMarkers: o.blastMarkers,
    pointsLost: o.pointsLost,
    warEngineDamage: o.warEngineDamage,
  };
}

/** What `jobJson` reads of a one-step job (NetEA's OneStepJob, src/rulesets/netea/scenarios/oneStepJobs.ts). */
export interface OneStepJobFacts {
  attacker: FormationSpec;
  target: FormationSpec;
  unsupported: string[];
  /** "assault", "shoot", or the air attack a shoot step makes. */
  kind: string;
  /** The rules variant it plays, when not NetEA's own. */
  rules?: string;
}

/** The `--json` of a finished one-step job: after the two outcomes, its rules variant (if any), then an assault's result or the kind of air attack. */
export function jobJson(job: OneStepJobFacts, result: SimulationResult, seed: string, data: { id: string; version: string }) {
  const extra = job.kind === 'assault' ? { assault: assaultJson(result) } : job.kind === 'shoot' ? {} : { attack: job.kind };
  return oneStepJson(result, seed, data, job.attacker, job.target, job.unsupported, job.rules === undefined ? extra : { rules: job.rules, ...extra });
}
