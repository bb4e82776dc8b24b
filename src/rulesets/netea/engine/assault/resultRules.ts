import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import * as outcomes from '../../../../sim/assaultOutcomes.js';

// Module constants, which V8 folds into the callers' optimised code: an imported or exported
// binding is read again at every use (docs/adding-a-rule.md).
const ATTACKER_WINS = outcomes.ATTACKER_WINS;
const DEFENDER_WINS = outcomes.DEFENDER_WINS;
const NO_RESULT = outcomes.NO_RESULT;
const U_GROT = C.U_GROT;
const U_INSPIRING = C.U_INSPIRING;

/**
 * The result of an assault round (RB 1.12.6-1.12.7; TP Work Out Result), each
 * rule written once, as a function of integer counts or of the starting
 * state. The general procedure (assault.ts, assault/result.ts) calls them
 * with the counts it takes from the Engagement; the assault plan calls the
 * same functions with its own counts (plannedAssault/result.ts) or compiles
 * them from the starting state (assaultPlan.ts, assaultPlan/deathTables.ts).
 */

/**
 * The checks after the fight (`afterFight`) and after supporting fire: both
 * sides wiped out is no result ([A-31]); the defenders wiped out, the
 * attacker wins; after the fight the attackers lose when all their directly
 * engaged units are dead (TP stall or wipe-out), after the supporting fire
 * when all are. -1 if the assault goes on. The counts are living units: each
 * side's, and the attackers' directly engaged ones (read after the fight only).
 */
export function wipeOut(attackers: number, defenders: number, engagedAttackers: number, afterFight: boolean): number {
  if (attackers === 0 && defenders === 0) return NO_RESULT;
  if (defenders === 0) return ATTACKER_WINS;
  if ((afterFight ? engagedAttackers : attackers) === 0) return DEFENDER_WINS;
  return -1;
}

/**
 * A side's result modifiers (RB 1.12.6 table; RB 2.1.5 Inspiring): +1 per
 * kill it scored, +1 per living directly engaged Inspiring unit, +1 for
 * outnumbering the enemy and +1 more for doubling it (living units, a war
 * engine counting its starting DC: RB 3.3.3, [A-18]), and its Blast-marker
 * modifiers (`blastMarkerModifiers`).
 */
export function resultModifiers(kills: number, inspiring: number, units: number, enemyUnits: number, markerModifiers: number): number {
  let m = kills + inspiring;
  if (units > enemyUnits) m++;
  if (units > 2 * enemyUnits) m++;
  return m + markerModifiers;
}

/**
 * The Blast-marker result modifiers (RB 1.12.6): +1 with no Blast marker at
 * all, +1 with fewer than the enemy. Each side's markers as
 * `sideResultMarkers` counts them: -1 when it has none at all, which counts
 * as 0 against the enemy's.
 */
export function blastMarkerModifiers(markers: number, enemyMarkers: number): number {
  let m = 0;
  if (markers < 0) m++;
  if (enemyMarkers > (markers < 0 ? 0 : markers)) m++;
  return m;
}

/**
 * The Blast markers a formation counts in the result (RB 1.12.6 footnote,
 * TP They Shall Know No Fear): a broken formation one per living
 * unit (`living`: a war engine counts its starting DC), not halved; an
 * unbroken one its markers, halved (rounded down) if `halved`
 * (`halvesResultMarkers`). -1 when it has no marker at all: a Space Marine
 * formation's one marker still denies "no Blast markers", and counts 0.
 */
export function formationResultMarkers(broken: boolean, living: number, markers: number, halved: boolean): number {
  if (broken) return living > 0 ? living : -1;
  if (markers === 0) return -1;
  return halved ? markers >> 1 : markers;
}

/** A side's Blast markers for the result, `side` so far and a formation's (`formationResultMarkers`): -1 while none has any. */
export function sideResultMarkers(side: number, formation: number): number {
  if (formation < 0) return side;
  return side < 0 ? formation : side + formation;
}

/** TP They Shall Know No Fear: a Space Marine formation counts half its Blast markers in the result (not under the 2004 rulebook). */
export function halvesResultMarkers(e: Engagement, f: number): boolean {
  return e.fTsknf[f] === 1 && e.optTsknfAssaultAndLeaders;
}

/**
 * Whether unit u's death counts as a kill for the enemy in the result (RB
 * 1.12.6): a Grot lost by a formation with Orks in it does not (RB 5.5.3);
 * other units do, expendable ones too (TP Expendable). A war engine counts
 * its damage points instead (RB 3.3.3, [A-16]).
 */
export function countsAsKill(e: Engagement, u: number): boolean {
  return (e.uFlags[u]! & U_GROT) === 0 || e.fHasNonGrot[e.uFormation[u]!] === 0;
}

/** RB 2.1.5: 1 if a unit with these flags is Inspiring, else 0; a side counts its living directly engaged ones (resultModifiers). */
export function inspiringUnits(flags: number): number {
  return (flags & U_INSPIRING) !== 0 ? 1 : 0;
}

/**
 * The roll's outcome (RB 1.12.7): the attacker's total (highest of 2D6 plus
 * its modifiers) less the defender's; the higher total wins, by the
 * difference; a tie is -1: the assault goes on (counter-charges, another
 * round).
 */
export function resultWinner(difference: number): number {
  if (difference > 0) return ATTACKER_WINS;
  return difference < 0 ? DEFENDER_WINS : -1;
}
