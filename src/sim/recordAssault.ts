import type { AssaultRecordLayout } from './ruleset.js';
import * as outcomes from './assaultOutcomes.js';

// Copies of the imported outcomes: imported bindings are read again at every use in optimised code.
const NO_ASSAULT = outcomes.NO_ASSAULT;
const ATTACKER_WINS = outcomes.ATTACKER_WINS;
const DEFENDER_WINS = outcomes.DEFENDER_WINS;
const NO_RESULT = outcomes.NO_RESULT;

/**
 * Adds an assault's outcome to its record (engagementTallyLayout.ts,
 * AssaultRecordLayout): unless no assault took place, one more fought, its
 * rounds and their square; then the attacker's win, the defender's, or no
 * result.
 */
export function recordAssault(tally: Float64Array, L: AssaultRecordLayout, outcome: number, rounds: number): void {
  if (outcome === NO_ASSAULT) return;
  tally[L.fought]!++;
  tally[L.roundsSum]! += rounds;
  tally[L.roundsSumSq]! += rounds * rounds;
  if (outcome === ATTACKER_WINS) tally[L.attackerWins]!++;
  else if (outcome === DEFENDER_WINS) tally[L.defenderWins]!++;
  else if (outcome === NO_RESULT) tally[L.noResult]!++;
}
