import * as C from './codes.js';
import type { Engagement } from './engagement.js';

// Codes as module constants, which V8 folds into optimised code: `C.X` is loaded again at every use (docs/adding-a-rule.md).
const U_MARKERLIGHT = C.U_MARKERLIGHT;
const W_GUIDED = C.W_GUIDED;

/** TP Tau Technology, Markerlights: "within 30cm range and line of fire". */
export const MARKING_RANGE = 30;

/**
 * Is formation `at` marked for an attack by formation `by`? TP Markerlights:
 * "All enemy formations with at least one unit within 30cm range and line of
 * fire of at least one Tau unit with the markerlights ability is considered
 * to be marked ... A Tau formation that is broken ... may not mark an enemy
 * formation." Any formation on `by`'s side may mark, by the distance across
 * the centre line from its living markerlight units to the target's nearest
 * living unit; line of fire is assumed, as for every attack of the model.
 * (Whether it marched this turn is not known to a single engagement.)
 */
export function isMarked(e: Engagement, by: number, at: number): boolean {
  if (!e.anyMarkerlights) return false;
  const side = e.fSide[by];
  const toTarget = e.fFront[at]! + e.fMinDepth[at]!;
  for (let g = 0; g < e.nFormations; g++) {
    if (e.fSide[g] !== side || e.fBroken[g] === 1) continue;
    const end = e.fUnitEnd[g]!;
    for (let v = e.fUnitStart[g]!; v < end; v++) {
      if (e.stAlive[v] === 1 && (e.uFlags[v]! & U_MARKERLIGHT) !== 0 && e.fFront[g]! + e.uDepth[v]! + toTarget <= MARKING_RANGE) return true;
    }
  }
  return false;
}

/**
 * TP Markerlights: "When shooting at a marked formation, all ranged firepower
 * attacks add +1 to their to-hit roll", as a change to the roll needed;
 * barrages too, which roll to hit like any ranged attack (the TP's ambiguity
 * [5.3.3] read this way), and not AA attacks ("This bonus ... may not be used
 * when making Anti-Aircraft attacks"), which never take it (flak.ts).
 */
export const MARKED_MODIFIER = -1;

/** TP Guided Missiles: "may only be fired at a target formation that is marked". */
export function guidedMayFire(e: Engagement, line: number, marked: boolean): boolean {
  return marked || (e.wFlags[line]! & W_GUIDED) === 0;
}
