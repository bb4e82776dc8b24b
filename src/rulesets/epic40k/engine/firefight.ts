import { d6 } from '../../../sim/dice/d6.js';
import type { Sfc32 } from '../../../sim/rng.js';
import { saveAll } from './applyHits.js';
import { nearestEnemy, SUPPORT_RANGE, warEngineDetachment } from './battleLine.js';
import { breakAndRetreat } from './breakAndRetreat.js';
import { combatBonus } from './combatBonus.js';
import { halvedForState, ORDER_MARCH } from './orders.js';
import type { Epic40kState } from './state.js';
import { damageWarEngine } from './warEngineDamage.js';

/** No firefight: neither side had a unit within 15 cm of the other. */
export const NO_FIREFIGHT = -2;
/** The firefight stayed tied (option `firefightTie: 'no-result'`, or too many ties). */
export const FIREFIGHT_NO_RESULT = -1;

/** Firefight value of a unit (L1239): its firepower, and 1 for every super-heavy weapon (anti-tank and death-ray shots, pulsars, distortion and mega cannons). */
export function firefightValue(st: Epic40kState, u: number): number {
  return st.firepower[u]! + st.antiTank[u]! + st.deathRay[u]! + st.pulsar[u]! + st.distortion[u]! + st.megaCannon[u]!;
}

/**
 * A firefight (BattleBible L1231-1261) between the detachments `dets` with
 * units within 15 cm of an enemy unit (x positions in `st.x`, set by the
 * assault): each side totals the firepower of those units (super-heavy
 * weapons 1 each), halved for broken or marching detachments (L1271, L942);
 * the bonus table as in close combat (L1243-1253); a D6 each. Ties are not
 * defined in the seed (option `firefightTie`). Every losing detachment takes
 * one hit on its unit nearest the enemy and one Blast marker, is Broken and
 * retreats (L1261). `first` is the side whose die is rolled first (the side
 * that assaulted or opened the firefight; the seed names no order, and
 * rolling the actor's first makes an assault by side 1 the mirror image of
 * one by side 0, die for die). Returns the winning side, FIREFIGHT_NO_RESULT
 * or NO_FIREFIGHT; `st.firefightRolls` holds the roll-offs.
 */
export function firefight(st: Epic40kState, rng: Sfc32, dets: Int32Array, first: number): number {
  st.firefightRolls = 0;
  let total0 = 0;
  let total1 = 0;
  let psy0 = 0;
  let psy1 = 0;
  let bm0 = 0;
  let bm1 = 0;
  let in0 = false;
  let in1 = false;
  const mark = st.mark;
  for (let k = 0; k < dets.length; k++) {
    const d = dets[k]!;
    let total = 0;
    let psykers = 0;
    let within = false;
    const end = st.first[d]! + st.count[d]!;
    for (let u = st.first[d]!; u < end; u++) {
      if (st.alive[u] === 0 || nearestEnemy(st, u, dets) > SUPPORT_RANGE) continue;
      within = true;
      total += firefightValue(st, u);
      psykers += st.psyker[u]!;
    }
    if (!within) continue;
    mark[k] = 1;
    total = halvedForState(total, st.broken[d] === 1, st.order[d] === ORDER_MARCH, st.options.marchingRoundUp);
    const bm = warEngineDetachment(st, d) ? 0 : st.bm[d]!;
    if (st.side[d] === 0) {
      in0 = true;
      total0 += total;
      psy0 += psykers;
      bm0 += bm;
    } else {
      in1 = true;
      total1 += total;
      psy1 += psykers;
      bm1 += bm;
    }
  }
  if (!in0 || !in1) {
    for (let k = 0; k < dets.length; k++) mark[k] = 0;
    return NO_FIREFIGHT;
  }
  const bonus0 = combatBonus(total0, total1, bm0, bm1, psy0, psy1);
  const bonus1 = combatBonus(total1, total0, bm1, bm0, psy1, psy0);
  const bonusFirst = first === 0 ? bonus0 : bonus1;
  const bonusOther = first === 0 ? bonus1 : bonus0;
  const tie = st.options.firefightTie;
  let diff = 0;
  for (;;) {
    st.firefightRolls++;
    diff = d6(rng) + bonusFirst - (d6(rng) + bonusOther);
    if (diff !== 0) break;
    if (tie === 'no-result' || st.firefightRolls >= st.options.maxTieRolls) {
      for (let k = 0; k < dets.length; k++) mark[k] = 0;
      return FIREFIGHT_NO_RESULT;
    }
    if (tie === 'as-close-combat') for (let k = 0; k < dets.length; k++) if (mark[k] === 1) st.addBlastMarkers(dets[k]!, 1);
  }
  const winner = diff > 0 ? first : 1 - first;
  for (let k = 0; k < dets.length; k++) {
    if (mark[k] === 0) continue;
    mark[k] = 0;
    const d = dets[k]!;
    if (st.side[d] === winner) continue;
    hitNearest(st, rng, d, dets);
    st.addBlastMarkers(d, 1);
    breakAndRetreat(st, d);
  }
  return winner;
}

/** One hit on the living unit of `d` nearest the enemy (L1261): a save if it has one, a war engine's damage. */
function hitNearest(st: Epic40kState, rng: Sfc32, d: number, dets: Int32Array): void {
  let best = -1;
  let bestDist = Infinity;
  const end = st.first[d]! + st.count[d]!;
  for (let u = st.first[d]!; u < end; u++) {
    if (st.alive[u] === 0) continue;
    const dist = nearestEnemy(st, u, dets);
    if (dist < bestDist) {
      best = u;
      bestDist = dist;
    }
  }
  if (best < 0) return;
  if (st.warEngine[best] === 1) damageWarEngine(st, rng, best, 1, false, false);
  else if (!saveAll(st, rng, best, 1)) st.alive[best] = 0;
}
