import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';

// Module constants, which V8 folds into the callers' optimised code: an imported or exported
// binding is read again at every use (docs/adding-a-rule.md).
const U_FEARLESS = C.U_FEARLESS;

/**
 * What follows the result of an assault (RB 1.12.8-1.12.9), each rule written
 * once, as a function of integer counts, flags or the starting state. The
 * general procedure (assault/result.ts `applyResult`) and the assault plan
 * (plannedAssault/aftermath.ts, compiled in assaultPlan.ts) both call them;
 * breaking and withdrawing are breaking.ts's.
 */

/**
 * The loser's extra hits (RB 1.12.8): one per point of the margin, halved
 * (rounded down) when `halved` (`lossHitsHalved`: TP They Shall Know No Fear).
 */
export function loserHits(margin: number, halved: boolean): number {
  return halved ? margin >> 1 : margin;
}

/** TP They Shall Know No Fear: the losing side's extra hits are halved when every formation of its role (1 attacking, 2 defending) has it. */
export function lossHitsHalved(e: Engagement, role: number): boolean {
  for (let f = 0; f < e.nFormations; f++) if (e.fRole[f] === role && e.fTsknf[f] === 0) return false;
  return true;
}

/** RB 1.12.8, TP Fearless: the unit flags that make a unit immune to the loser's extra hits. */
const IMMUNE = U_FEARLESS;
export const IMMUNE_TO_LOSS_HITS = IMMUNE;

/** Does a unit with these flags take the loser's extra hits (`IMMUNE_TO_LOSS_HITS`)? */
export function takesLossHits(flags: number): boolean {
  return (flags & IMMUNE) === 0;
}

/** RB 1.12.8, 2.1.3: a losing formation that was already broken when assaulted is destroyed, its fearless units excepted. */
export function diesBrokenAndLosing(flags: number): boolean {
  return (flags & U_FEARLESS) === 0;
}

/** RB 1.12.8: each other formation of the losing side with a unit within 15 cm of an enemy unit in the assault takes this many Blast markers. */
export const BYSTANDER_BLAST_MARKERS = 1;

/**
 * The winner's Blast markers (RB 1.12.9): one per unit it lost in the assault
 * (a war engine: per damage point), unless it was broken at the start or has
 * no unit left. It may break, but does not withdraw.
 */
export function winnerBlastMarkers(brokenAtStart: boolean, living: number, lost: number): number {
  return brokenAtStart || living === 0 ? 0 : lost;
}
