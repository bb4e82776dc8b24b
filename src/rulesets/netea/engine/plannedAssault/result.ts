import type { Sfc32 } from '../../../../sim/rng.js';
import { highestOf2D6 } from '../../../../sim/dice/highestOf2D6.js';
import { sampleByGuide } from '../../../../sim/dice/sampleByGuide.js';
import * as rules from '../assault/resultRules.js';
import * as layout from '../assaultPlan/layout.js';
import type { AssaultPlan } from '../assaultPlan.js';

// Copies of imported constants and functions, folded into the hot code (plannedAssault.ts says why).
const F_STRIDE = layout.F_STRIDE;
const F_ALIVE = layout.F_ALIVE;
const F_BM = layout.F_BM;
const F_BROKEN = layout.F_BROKEN;
const S_STRIDE = layout.S_STRIDE;
const S_ALIVE = layout.S_ALIVE;
const S_ENGAGED = layout.S_ENGAGED;
const S_KILLS = layout.S_KILLS;
const S_INSPIRING = layout.S_INSPIRING;
const RESULT_GUIDE_SHIFT = 32 - layout.RESULT_GUIDE_BITS;
const wipeOutOutcome = rules.wipeOut;
const modifiers = rules.resultModifiers;
const blastMarkerModifiers = rules.blastMarkerModifiers;
const formationResultMarkers = rules.formationResultMarkers;
const sideResultMarkers = rules.sideResultMarkers;

/** `wipeOut` (resultRules.ts) from the side counts: the outcome, or -1 if the assault goes on. */
export function wipeOut(p: AssaultPlan, afterFight: boolean): number {
  const S = p.S;
  return wipeOutOutcome(S[S_ALIVE]!, S[S_STRIDE + S_ALIVE]!, afterFight ? S[S_ENGAGED]! : 0, afterFight);
}

/** The attacker's highest of 2D6 less the defender's (RB 1.12.7): four dice, or by counts one word. */
export function resultDifference(p: AssaultPlan, rng: Sfc32): number {
  if (p.byCounts) return sampleByGuide(p.cdf, p.resultDifferenceCdf, p.guide, p.resultDifferenceGuide, RESULT_GUIDE_SHIFT, rng.next()) - 5;
  const attacker = highestOf2D6(rng);
  return attacker - highestOf2D6(rng);
}

/**
 * `countSide` and `resultModifiers` (resultRules.ts) from the side counts:
 * the kills the enemy suffered, the living directly engaged Inspiring units,
 * both sides' living units, and the Blast-marker modifiers, compiled when no
 * formation is broken.
 */
export function resultModifiers(p: AssaultPlan, side: number): number {
  const S = p.S;
  const mine = side * S_STRIDE;
  const theirs = (1 - side) * S_STRIDE;
  const fixed = p.blastMarkerBonus[side]!;
  return modifiers(S[theirs + S_KILLS]!, S[mine + S_INSPIRING]!, S[mine + S_ALIVE]!, S[theirs + S_ALIVE]!, fixed >= 0 ? fixed : markerModifiers(p, side));
}

/** The Blast-marker modifiers when a broken formation's living units count (`blastMarkerModifiers`). */
function markerModifiers(p: AssaultPlan, side: number): number {
  return blastMarkerModifiers(sideBlastMarkers(p, side), sideBlastMarkers(p, 1 - side));
}

/**
 * `sideBlastMarkers`: the Blast markers a side counts in the result
 * (`formationResultMarkers`, `sideResultMarkers`). Without a broken
 * formation the count is the compiled one: no marker is placed before the
 * result.
 */
function sideBlastMarkers(p: AssaultPlan, side: number): number {
  const fixed = p.sideBlastMarkers[side]!;
  if (fixed !== -2) return fixed;
  const F = p.F;
  const role = side + 1;
  let n = -1;
  for (let f = 0; f < p.nFormations; f++) {
    if (p.fRole[f] !== role) continue;
    const fb = f * F_STRIDE;
    n = sideResultMarkers(n, formationResultMarkers(F[fb + F_BROKEN] === 1, F[fb + F_ALIVE]!, F[fb + F_BM]!, p.fHalvesMarkers[f] === 1));
  }
  return n;
}
