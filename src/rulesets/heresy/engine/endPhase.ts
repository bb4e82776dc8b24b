import type { Sfc32 } from '../../../sim/rng.js';
import { unitQualityCheck } from './assault.js';
import { qualityCheck } from './quality.js';
import { SKILL_STUBBORN, type HeresyState } from './state.js';
import { chitPenalty } from './suppression.js';

/**
 * The end phase's quality checks (seed 003, L309-319), unit by unit in
 * script order, for the units with a stand alive:
 *
 * 1. Suppression removal (L167-186): a unit with chits takes a quality check
 *    at its current level, D10 - the chit penalty (1-3: 0, 4-6: 1, 7-9: 2,
 *    10+: 3) >= its target number. A pass removes all chits and the
 *    suppression; a failure leaves them ("If not chits remain in place"),
 *    and loses quality levels only under the switch
 *    `suppressionCheckCostsLevels`. Stubborn re-rolls one failed check a
 *    turn (L479-480).
 * 2. Broken troops (L425-430, situations 10 and 11): a unit past its break
 *    point (L508-525) that lost stands this turn (it reached the break
 *    point, or took casualties after it) takes a quality check; a failure
 *    loses `levelsLostPerFailedCheck` levels, past Routed it is removed
 *    (L410-412).
 *
 * Rallying (L431-450) needs a commander, which the profiles do not have: not
 * simulated.
 */
export function endPhase(st: HeresyState, rng: Sfc32): void {
  for (let f = 0; f < st.units; f++) {
    const alive = st.aliveIn(f);
    if (alive === 0) continue;
    if (st.chits[f]! > 0 && suppressionCheck(st, rng, f)) {
      st.chits[f] = 0;
      st.suppressed[f] = 0;
    }
    const bp = st.breakPoint[f]!;
    if (bp > 0 && st.count[f]! - alive >= bp && alive < st.aliveAtTurnStart[f]!) unitQualityCheck(st, rng, f);
  }
}

/** The suppression-removal check of unit f (L179-186), with the Stubborn re-roll; true if passed. */
function suppressionCheck(st: HeresyState, rng: Sfc32, f: number): boolean {
  const penalty = chitPenalty(st.chits[f]!);
  if (qualityCheck(rng, st.qualityTn(f), -penalty)) return true;
  if ((st.unitSkills[f]! & SKILL_STUBBORN) !== 0 && st.stubbornUsed[f] === 0) {
    st.stubbornUsed[f] = 1;
    if (qualityCheck(rng, st.qualityTn(f), -penalty)) return true;
  }
  return false;
}

/** The end of a turn: Stubborn may re-roll again (L479-480), and the stands alive now are the next turn's starting count (L429-430). */
export function endTurn(st: HeresyState): void {
  for (let f = 0; f < st.units; f++) {
    st.stubbornUsed[f] = 0;
    st.aliveAtTurnStart[f] = st.aliveIn(f);
  }
}
