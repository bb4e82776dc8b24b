import type { Sfc32 } from '../../../../sim/rng.js';
import { d6 } from '../../../../sim/dice/d6.js';
import { rollToHit } from '../../../../sim/dice/rollToHit.js';
import { popcount } from '../../../../sim/bits/popcount.js';
import type { FirePlan } from './plan.js';
import { rollShots } from './rollShots.js';

/**
 * Trials of a round-robin plan: the dice and the tally of `runAllocated`,
 * without its hit list, allocation and `dead` array: a save is a compare
 * whose outcome is a bit of the dead mask, and the Blast markers, break
 * weight and points of the dead come from the mask and the kill count after
 * the saves.
 */
export function runRoundRobin(p: FirePlan, rng: Sfc32, trials: number, tally: Float64Array): void {
  const nGroups = p.nGroups;
  const nTarget = p.nTarget;
  const len = p.rrLength;
  const gFixedShots = p.gFixedShots;
  const gToHit = p.gToHit;
  const gHitEnd = p.gHitEnd;
  const gRow = p.gRow;
  const rrNeed = p.rrNeed;
  const rrPending = p.rrPending;
  const rrBreaks = p.rrBreaks;
  const breaksRow = len + 1;
  const bmMask = p.rrBmMask;
  const pointsEach = p.rrPointsEach;
  const rrPoints = p.rrPoints;
  const killPoints = p.rrKillPoints;
  const nWithdraw = p.rrWithdrawBit.length;
  const record = p.targetRecord;
  const o = record + nTarget + 1;
  // Integer counters, summed here and added to the tally once: sums of
  // integers below 2^53 are exact in doubles, so the tally is the same as
  // with one addition per trial. Points may be fractions and are added per trial.
  let nBroken = 0;
  let nDestroyed = 0;
  let sumBm = 0;
  let sumBm2 = 0;
  let sumPending = 0;
  let sumPending2 = 0;
  for (let t = 0; t < trials; t++) {
    let nHits = 0;
    for (let g = 0; g < nGroups; g++) {
      let shots = gFixedShots[g]!;
      if (shots < 0) shots = rollShots(p, g, rng);
      const need = gToHit[g]!;
      if (need <= 6) {
        // A hit on need+ (a 1 always misses), counted without a branch.
        const last = (need < 2 ? 2 : need) - 1;
        for (let s = 0; s < shots; s++) nHits += (last - d6(rng)) >>> 31;
      } else {
        for (let s = 0; s < shots; s++) {
          if (rollToHit(rng, need)) nHits++;
        }
      }
      gHitEnd[g] = nHits;
    }

    // Saves in the order the hits were scored (all to-hit dice come first), a
    // hit on a unit already dead rolling nothing. `lost` is 0 or 1; adding
    // 0 * points leaves the sum as it was.
    let dead = 0;
    let kills = 0;
    let points = 0;
    if (len > 0) {
      let h = 0;
      let pos = 0;
      for (let g = 0; g < nGroups; g++) {
        const row = gRow[g]!;
        const end = gHitEnd[g]!;
        for (; h < end; h++) {
          const q = pos;
          if (++pos === len) pos = 0;
          if (((dead >>> q) & 1) !== 0) continue;
          const need = rrNeed[row + q]!;
          const lost = need <= 6 ? (d6(rng) - need) >>> 31 : 1;
          dead |= lost << q;
          kills += lost;
          if (pointsEach) points += lost * rrPoints[q]!;
        }
      }
    }
    if (!pointsEach) points = killPoints[kills]!;
    const counted = popcount(dead & bmMask);
    const pending = rrPending[counted]!;
    let alive = nTarget - kills;

    let bm = p.startBm + pending;
    let broken = 0;
    if (rrBreaks[kills * breaksRow + counted] === 1) {
      broken = 1;
      bm = 0;
      for (let i = 0; i < nWithdraw; i++) {
        if ((dead & p.rrWithdrawBit[i]!) === 0) {
          alive--;
          points += p.rrWithdrawPoints[i]!;
        }
      }
    }

    tally[record + nTarget - alive]!++;
    // As recordFormation: a formation wiped out (by its withdrawal too) counts as destroyed only.
    if (alive === 0) nDestroyed++;
    else nBroken += broken;
    sumBm += bm;
    sumBm2 += bm * bm;
    if (points !== 0) {
      tally[o + 4]! += points;
      tally[o + 5]! += points * points;
    }
    sumPending += pending;
    sumPending2 += pending * pending;
  }
  tally[o]! += nBroken;
  tally[o + 1]! += nDestroyed;
  tally[o + 2]! += sumBm;
  tally[o + 3]! += sumBm2;
  tally[o + 8]! += sumPending;
  tally[o + 9]! += sumPending2;
}
