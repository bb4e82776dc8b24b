import * as C from '../codes.js';

// Module constants, which V8 folds into the callers' optimised code: an imported or exported
// binding is read again at every use (docs/adding-a-rule.md).
const NONE = C.NONE;

/**
 * The value a unit attacks with in an assault, written once for the general
 * procedure (assault/attacks.ts `setAttackProfile`) and the assault plan's
 * later rounds (plannedAssault/hits.ts `fightPhase`).
 */

/** RB 1.12.5, 3.3.2: a unit in base contact fights in close combat; a war engine only when its close combat value is no worse than its firefight value. */
export function usesCloseCombat(inContact: boolean, warEngine: boolean, cc: number, ff: number): boolean {
  return inContact && (cc <= ff || !warEngine);
}

/**
 * Its close combat value if it fights in close combat (`useCC`), otherwise
 * its firefight value; none out of base contact for a unit with close
 * combat weapons only when `closeCombatOnly` (TP; the 2004 rulebook lets it
 * use its firefight value).
 */
export function attackValue(useCC: boolean, inContact: boolean, closeCombatOnly: boolean, cc: number, ff: number): number {
  if (!inContact && closeCombatOnly) return NONE;
  return useCC ? cc : ff;
}
