import type { Sfc32 } from '../../../sim/rng.js';
import * as C from './codes.js';
import type { Engagement } from './engagement.js';
import { applyNoSaveHits } from './allocate.js';
import { distanceToNearestEnemy } from './geometry.js';
import { endsWithdrawalInReach, reachesBreakPoint, withdrawalMove, withdraws } from './breaking.js';
import { damageWarEngine, destroyUnit } from './damage.js';

// Codes as module constants, which V8 folds into optimised code: `C.X` is loaded again at every use (docs/adding-a-rule.md).
const H_NO_SAVE = C.H_NO_SAVE;
const U_WAR_ENGINE = C.U_WAR_ENGINE;

/**
 * Break point (RB 1.9.7, 3.2.4, 5.1.1): one per living unit, two per Space
 * Marine unit under They Shall Know No Fear, the starting DC of each living war
 * engine ([A-20]: TSKNF does not double war engines). Kept current by markDead.
 */
export function breakPoint(e: Engagement, f: number): number {
  return e.fBreakWeight[f]!;
}

/** RB 1.9.3: a formation coming under fire takes a Blast marker (on a broken formation, a hit with no save). */
export const UNDER_FIRE_BLAST_MARKERS = 1;

/**
 * RB 1.11, [A-12]: a crossfire attack that destroys a unit (one whose death
 * places a Blast marker) places one more; the casualties' own are one each
 * (RB 1.9.4, damage.ts).
 */
export function crossfireBlastMarkers(crossfire: boolean, kills: number): number {
  return crossfire && kills > 0 ? 1 : 0;
}

/**
 * Places `n` Blast markers on formation f. A broken formation receives none:
 * each becomes a hit with no save (RB 1.13.4), two per hit under TSKNF with the
 * odd one lost (RB FAQ), and the casualties place no further markers ([A-2]).
 */
export function placeBlastMarkers(e: Engagement, f: number, n: number, rng: Sfc32): void {
  if (n <= 0) return;
  if (e.fBroken[f] === 1) {
    applyNoSaveHits(e, f, e.fTsknf[f] === 1 ? n >> 1 : n, null, rng);
    return;
  }
  e.fBm[f]! += n;
  e.fBmPlaced[f]! += n;
}

/** Places every formation's pending Blast markers (end of an attack or event). */
export function flushPendingBlastMarkers(e: Engagement, rng: Sfc32): void {
  for (let f = 0; f < e.nFormations; f++) {
    const n = e.fPendingBm[f]!;
    if (n === 0) continue;
    e.fPendingBm[f] = 0;
    placeBlastMarkers(e, f, n, rng);
  }
}

/**
 * Breaks formation f if its Blast markers reach its break point
 * (`reachesBreakPoint`): checked only after a whole attack or event. Returns
 * true if it broke.
 */
export function checkBreak(e: Engagement, f: number, rng: Sfc32): boolean {
  // RB 4.1.2: aircraft and spacecraft are never broken.
  if (e.fBroken[f] === 1 || e.air.fAerospace[f] === 1) return false;
  if (!reachesBreakPoint(e.fBm[f]!, breakPoint(e, f))) return false;
  breakFormation(e, f, rng);
  return true;
}

/** Marks f broken, removes its Blast markers and withdraws it (RB 1.13.2-1.13.3). */
export function breakFormation(e: Engagement, f: number, rng: Sfc32): void {
  e.fBroken[f] = 1;
  e.fBm[f] = 0;
  if (e.optWithdrawOnBreak) withdraw(e, f, rng);
}

/**
 * Withdrawal (RB 1.13.3; TP Withdrawals, Fearless), by the rules of
 * breaking.ts: a unit that withdraws (`withdraws`) makes its
 * `withdrawalMove`; one that still ends near an enemy unit
 * (`endsWithdrawalInReach`) is destroyed; a war engine instead takes a point
 * of damage per enemy unit within 15 cm (RB 3.2.4). The
 * formation's front moves back by the slowest survivor's two moves. Units
 * inside transports move with them; a transport destroyed this way takes its
 * passengers with it, no save (RB FAQ Broken Formations).
 */
export function withdraw(e: Engagement, f: number, rng: Sfc32): void {
  const end = e.fUnitEnd[f]!;
  let slowest = Infinity;
  for (let u = e.fUnitStart[f]!; u < end; u++) {
    if (e.stAlive[u] === 0 || !withdraws(e.uFlags[u]!) || e.transports.stEmbarked[u] === 1) continue;
    const move = withdrawalMove(e.uSpeed[u]!);
    if (move < slowest) slowest = move;
    if (!endsWithdrawalInReach(distanceToNearestEnemy(e, u), e.uSpeed[u]!)) continue;
    if ((e.uFlags[u]! & U_WAR_ENGINE) !== 0) {
      damageWarEngine(e, u, enemiesWithin(e, u, move, 15), true, H_NO_SAVE, rng);
    } else {
      destroyUnit(e, u, true, false, H_NO_SAVE, rng);
    }
  }
  if (slowest !== Infinity) {
    e.fFront[f]! += slowest;
    e.fWithdrawn[f]! += slowest;
  }
}

/** Living enemy units within `range` of unit u after it has moved `moved` cm away. */
function enemiesWithin(e: Engagement, u: number, moved: number, range: number): number {
  const f = e.uFormation[u]!;
  let n = 0;
  for (let g = 0; g < e.nFormations; g++) {
    if (e.fSide[g] === e.fSide[f] || e.air.fAerospace[g] === 1) continue;
    const end = e.fUnitEnd[g]!;
    for (let v = e.fUnitStart[g]!; v < end; v++) {
      if (e.stAlive[v] === 1 && e.fFront[f]! + e.uDepth[u]! + moved + e.fFront[g]! + e.uDepth[v]! <= range) n++;
    }
  }
  return n;
}
