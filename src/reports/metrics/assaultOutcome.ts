import { TRIALS, type TallyLayout } from '../../sim/ruleset.js';
import type { ScenarioSpec } from '../../scenarios/registry.js';
import { probability, type Mean, type Probability } from '../aggregate.js';
import { meanInterval } from '../../stats/meanInterval.js';

export interface AssaultFormationOutcome {
  formation: number;
  role: 'attacker' | 'defender';
  broken: Probability;
  destroyed: Probability;
}

/** The result of one assault step of a script. */
export interface AssaultOutcome {
  record: number;
  label: string;
  turn: number;
  /** P(the assault was fought at all: the engage succeeded and someone reached). */
  fought: Probability;
  attackerWins: Probability;
  defenderWins: Probability;
  /** Neither side won within the round limit, or both were wiped out. */
  noResult: Probability;
  /** Mean rounds fought (0 when not fought). */
  rounds: Mean;
  /** Broken / destroyed after the assault, for every engaging and engaged formation. */
  formations: AssaultFormationOutcome[];
}

/** Assault win, break and destroyed chances for both sides, for every assault step. */
export function assaultOutcomes(spec: ScenarioSpec, tally: Float64Array, layout: TallyLayout): AssaultOutcome[] {
  const n = tally[TRIALS]!;
  const out: AssaultOutcome[] = [];
  layout.records.forEach((rec, r) => {
    const A = rec.assault;
    const step = spec.steps[rec.step];
    if (!A || !step || step.kind !== 'assault') return;
    const formations: AssaultFormationOutcome[] = [];
    const add = (f: number, role: 'attacker' | 'defender') => {
      const L = rec.formations[f]!;
      formations.push({ formation: f, role, broken: probability(tally[L.broken]!, n), destroyed: probability(tally[L.destroyed]!, n) });
    };
    step.by.forEach((f) => add(f, 'attacker'));
    step.at.forEach((f) => add(f, 'defender'));
    out.push({
      record: r,
      label: rec.label,
      turn: rec.turn,
      fought: probability(tally[A.fought]!, n),
      attackerWins: probability(tally[A.attackerWins]!, n),
      defenderWins: probability(tally[A.defenderWins]!, n),
      noResult: probability(tally[A.noResult]!, n),
      rounds: meanInterval(tally[A.roundsSum]!, tally[A.roundsSumSq]!, n),
      formations,
    });
  });
  return out;
}
