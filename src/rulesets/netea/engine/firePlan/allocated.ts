import type { Sfc32 } from '../../../../sim/rng.js';
import { d6 } from '../../../../sim/dice/d6.js';
import { rollToHit } from '../../../../sim/dice/rollToHit.js';
import { recordFormation } from '../../../../sim/recordFormation.js';
import { rollSaveCode } from '../saves/rollSaveCode.js';
import type { FirePlan } from './plan.js';
import * as breaking from '../breaking.js';
import * as blastMarkers from '../blastMarkers.js';
import { rollShots } from './rollShots.js';

// Copies of the imported rules, folded into the hot code (docs/adding-a-rule.md says why).
const reachesBreakPoint = breaking.reachesBreakPoint;
const UNDER_FIRE_BLAST_MARKERS = blastMarkers.UNDER_FIRE_BLAST_MARKERS;
const crossfireBlastMarkers = blastMarkers.crossfireBlastMarkers;

/** Trials of a plan whose hits differ in the units they may go to, or whose target re-rolls saves or has second ones. */
export function runAllocated(p: FirePlan, rng: Sfc32, trials: number, tally: Float64Array): void {
  const nGroups = p.nGroups;
  const nTarget = p.nTarget;
  const hKind = p.hKind;
  const hTarget = p.hTarget;
  const dead = p.dead;
  const kList = p.kList;
  const record = p.targetRecord;
  for (let t = 0; t < trials; t++) {
    let nHits = 0;
    for (let g = 0; g < nGroups; g++) {
      const shots = rollShots(p, g, rng);
      const need = p.gToHit[g]!;
      const kind = p.gKind[g]!;
      if (need <= 6) {
        // rollToHit up to 6+: a hit on max(need, 2)+ (a natural 1 misses), counted without a branch.
        const floor = need < 2 ? 2 : need;
        for (let s = 0; s < shots; s++) {
          const r = d6(rng);
          hKind[nHits] = kind;
          nHits += (floor - 1 - r) >>> 31;
        }
      } else {
        for (let s = 0; s < shots; s++) {
          if (rollToHit(rng, need)) hKind[nHits++] = kind;
        }
      }
    }

    if (p.sharedList) {
      // Every hit may go to the same units: the spread is a round robin.
      const start = p.kListStart[0]!;
      const len = p.kListEnd[0]! - start;
      let next = 0;
      for (let h = 0; h < nHits; h++) {
        hTarget[h] = len === 0 ? -1 : kList[start + next]!;
        if (++next === len) next = 0;
      }
    } else {
      allocateByLoad(p, nHits);
    }

    let alive = nTarget;
    let breakWeight = p.startBreakWeight;
    let points = 0;
    let pending = UNDER_FIRE_BLAST_MARKERS;
    let counted = 0;
    for (let h = 0; h < nHits; h++) {
      const v = hTarget[h]!;
      if (v < 0 || dead[v] === 1) continue;
      const si = hKind[h]! * nTarget + v;
      if (rollSaveCode(p.saveCode[si]!, rng)) continue;
      dead[v] = 1;
      alive--;
      breakWeight -= p.tBreakWeight[v]!;
      points += p.tPoints[v]!;
      if (p.tNoBm[v] === 0) {
        pending++;
        counted++;
      }
    }
    pending += crossfireBlastMarkers(p.crossfire, counted);

    let bm = p.startBm + pending;
    let broken = 0;
    if (reachesBreakPoint(bm, breakWeight)) {
      broken = 1;
      bm = 0;
      for (let v = 0; v < nTarget; v++) {
        if (dead[v] === 0 && p.tDiesWithdrawing[v] === 1) {
          dead[v] = 1;
          alive--;
          points += p.tPoints[v]!;
        }
      }
    }

    if (broken === 1) {
      for (let v = 0; v < nTarget; v++) dead[v] = 0;
    } else {
      for (let h = 0; h < nHits; h++) {
        const v = hTarget[h]!;
        if (v >= 0) dead[v] = 0;
      }
    }
    // Units that only die here: no war-engine damage. The markers placed are never 0 (one for coming under fire, RB 1.9.3).
    recordFormation(tally, record, nTarget, alive, broken === 1, bm, points, 0, pending);
  }
}

/** Allocation when kinds of hit differ in the units they may go to: the first eligible unit with the fewest hits (RB 1.9.6). */
function allocateByLoad(p: FirePlan, nHits: number): void {
  const load = p.load;
  const kList = p.kList;
  for (let v = 0; v < p.nTarget; v++) load[v] = 0;
  for (let h = 0; h < nHits; h++) {
    const kind = p.hKind[h]!;
    const end = p.kListEnd[kind]!;
    let best = -1;
    let bestLoad = 0x7fffffff;
    for (let i = p.kListStart[kind]!; i < end; i++) {
      const v = kList[i]!;
      const l = load[v]!;
      if (l < bestLoad) {
        bestLoad = l;
        best = v;
        if (l === 0) break;
      }
    }
    p.hTarget[h] = best;
    if (best >= 0) load[best]!++;
  }
}
