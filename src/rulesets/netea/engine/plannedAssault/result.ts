import type { Sfc32 } from '../../../../sim/rng.js';
import { highestOf2D6 } from '../../../../sim/dice/highestOf2D6.js';
import { sampleByGuide } from '../../../../sim/dice/sampleByGuide.js';
import * as outcomes from '../assault.js';
import * as layout from '../assaultPlan/layout.js';
import type { AssaultPlan } from '../assaultPlan.js';

// Copies of imported constants and functions, folded into the hot code (plannedAssault.ts says why).
const ATTACKER_WINS = outcomes.ATTACKER_WINS;
const DEFENDER_WINS = outcomes.DEFENDER_WINS;
const NO_RESULT = outcomes.NO_RESULT;
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

/**
 * `wipeOut`: both sides wiped out is no result; the defenders wiped out, the
 * attacker wins; after the fight the attackers lose when all their directly
 * engaged units are dead (TP stall or wipe-out), after the supporting fire
 * when all are. -1 if the assault goes on.
 */
export function wipeOut(p: AssaultPlan, afterFight: boolean): number {
  const S = p.S;
  const attackers = S[S_ALIVE]!;
  const defenders = S[S_STRIDE + S_ALIVE]!;
  if (attackers === 0 && defenders === 0) return NO_RESULT;
  if (defenders === 0) return ATTACKER_WINS;
  if ((afterFight ? S[S_ENGAGED]! : attackers) === 0) return DEFENDER_WINS;
  return -1;
}

/** The attacker's highest of 2D6 less the defender's (RB 1.12.7): four dice, or by counts one word. */
export function resultDifference(p: AssaultPlan, rng: Sfc32): number {
  if (p.byCounts) return sampleByGuide(p.cdf, p.resultDifferenceCdf, p.guide, p.resultDifferenceGuide, RESULT_GUIDE_SHIFT, rng.next()) - 5;
  const attacker = highestOf2D6(rng);
  return attacker - highestOf2D6(rng);
}

/**
 * `countSide` and `resultModifiers` (RB 1.12.6 table, 2.1.5 Inspiring): the
 * kills the enemy suffered, the living directly engaged Inspiring units, one
 * for outnumbering and one more for doubling, one for no Blast markers, one
 * for fewer Blast markers than the enemy.
 */
export function resultModifiers(p: AssaultPlan, side: number): number {
  const S = p.S;
  const mine = side * S_STRIDE;
  const theirs = (1 - side) * S_STRIDE;
  let m = S[theirs + S_KILLS]! + S[mine + S_INSPIRING]!;
  const units = S[mine + S_ALIVE]!;
  const enemyUnits = S[theirs + S_ALIVE]!;
  if (units > enemyUnits) m++;
  if (units > 2 * enemyUnits) m++;
  const fixed = p.blastMarkerBonus[side]!;
  if (fixed >= 0) return m + fixed;
  const bm = sideBlastMarkers(p, side);
  if (bm < 0) m++;
  if (sideBlastMarkers(p, 1 - side) > (bm < 0 ? 0 : bm)) m++;
  return m;
}

/**
 * The Blast markers a side counts in the result (`sideBlastMarkers`; RB
 * 1.12.6 footnote, TP TSKNF, [A-19]): a broken formation one per living
 * unit, Space Marines half their markers rounded down. -1 when no formation
 * of the side has a marker at all (one Space Marine marker still denies "no
 * Blast markers", and counts 0). Without a broken formation the count is
 * the compiled one: no marker is placed before the result.
 */
function sideBlastMarkers(p: AssaultPlan, side: number): number {
  const fixed = p.sideBlastMarkers[side]!;
  if (fixed !== -2) return fixed;
  const F = p.F;
  const role = side + 1;
  let n = 0;
  let any = false;
  for (let f = 0; f < p.nFormations; f++) {
    if (p.fRole[f] !== role) continue;
    const fb = f * F_STRIDE;
    if (F[fb + F_BROKEN] === 1) {
      n += F[fb + F_ALIVE]!;
      if (F[fb + F_ALIVE]! > 0) any = true;
    } else {
      const bm = F[fb + F_BM]!;
      if (bm > 0) any = true;
      n += p.fTsknf[f] === 1 ? bm >> 1 : bm;
    }
  }
  return any ? n : -1;
}
