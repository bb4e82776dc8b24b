import type { TallyLayout } from '../../sim/ruleset.js';
import { TRIALS } from '../../sim/ruleset.js';
import { probability, type Mean, type Probability } from '../aggregate.js';
import { meanInterval } from '../../stats/meanInterval.js';

/** One formation's state after one step of the script. */
export interface BreakChancePoint {
  record: number;
  step: number;
  turn: number;
  label: string;
  /** The last record of its turn: the value "after turn `turn`". */
  endOfTurn: boolean;
  formation: number;
  broken: Probability;
  destroyed: Probability;
  blastMarkers: Mean;
}

/** P(broken) and P(destroyed) of every formation after every step (and so after every turn). */
export function breakChance(tally: Float64Array, layout: TallyLayout): BreakChancePoint[] {
  const n = tally[TRIALS]!;
  const out: BreakChancePoint[] = [];
  layout.records.forEach((rec, r) => {
    const next = layout.records[r + 1];
    const endOfTurn = next === undefined || next.turn !== rec.turn;
    rec.formations.forEach((L, f) => {
      out.push({
        record: r,
        step: rec.step,
        turn: rec.turn,
        label: rec.label,
        endOfTurn,
        formation: f,
        broken: probability(tally[L.broken]!, n),
        destroyed: probability(tally[L.destroyed]!, n),
        blastMarkers: meanInterval(tally[L.bmSum]!, tally[L.bmSumSq]!, n),
      });
    });
  });
  return out;
}

/** The points after each turn only: one per formation and turn. */
export function breakChanceByTurn(points: BreakChancePoint[]): BreakChancePoint[] {
  return points.filter((p) => p.endOfTurn);
}
