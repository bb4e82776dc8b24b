import type { Sfc32 } from '../../../../sim/rng.js';
import { d6 } from '../../../../sim/dice/d6.js';
import { rollDice } from '../../../../sim/diceExpr.js';
import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import { queueHit } from '../allocate.js';
import { ONLY_CONTACT, ONLY_NOT_CONTACT, resolveAssaultHits } from './assaultHits.js';
import { staticCoordinate, withinOfSide } from './axis.js';
import { strikesFirst } from './firstStrike.js';
import { carriageLineLost } from '../criticals/carriages.js';
import { attackValue, usesCloseCombat } from './attackValue.js';

/** Attack phases. */
export const PHASE_FIRST_STRIKE = 0;
export const PHASE_MAIN = 1;

/** Queues one assault hit on the other side. */
function pushHit(e: Engagement, targetSide: number, mask: number, flags: number, line: number): void {
  e.hSide[queueHit(e, mask, Infinity, flags, -1, line)] = targetSide;
}

/**
 * What unit u attacks with, as its base contact stands (attackValue.ts:
 * `usesCloseCombat`, `attackValue`); a war engine rolls its starting DC, its
 * CC dice only at units in base contact and its FF dice only at the others
 * (RB 3.3.2). Supporting units are never in contact.
 */
export function setAttackProfile(e: Engagement, u: number, supporting: boolean): void {
  const fl = e.uFlags[u]!;
  const inContact = !supporting && e.asContact[u]! > 0 && e.asForceFF[u] === 0;
  // A disarmed war engine (criticals/) fights with the firefight value it has left, and no close combat value.
  const disarmed = e.stDisarmed[u]!;
  const cc = disarmed !== 0 ? C.NONE : e.uCC[u]!;
  const ff = disarmed !== 0 ? disarmed : e.uFF[u]!;
  const warEngine = (fl & C.U_WAR_ENGINE) !== 0;
  const useCC = usesCloseCombat(inContact, warEngine, cc, ff);
  e.asAtkValue[u] = attackValue(useCC, inContact, (fl & C.U_CC_ONLY) !== 0 && e.optCloseCombatOnlyInContact, cc, ff);
  e.asAtkDice[u] = warEngine ? e.stStartDC[u]! : 1;
  e.asAtkFlags[u] = assaultHitFlags(useCC, supporting);
  e.asAtkMask[u] = C.ELIGIBLE_ANY_GROUND | (warEngine ? (useCC ? ONLY_CONTACT : ONLY_NOT_CONTACT) : 0);
}

/**
 * The flags of a unit's assault hits: every one is an assault hit (for armour
 * that counts in assaults, TP), close-combat hits ignore shields (RB 5.4.1),
 * and supporting fire is denied Knight Shields (TP Knight Technology).
 */
export function assaultHitFlags(useCC: boolean, supporting: boolean): number {
  return C.H_ASSAULT | (useCC ? C.H_CLOSE_COMBAT : 0) | (supporting ? C.H_SUPPORT : 0);
}

/** Attack profiles of every unit of both sides. */
export function setSideAttackProfiles(e: Engagement): void {
  const end = e.asBound[2]!;
  for (let k = 0; k < end; k++) setAttackProfile(e, e.asList[k]!, false);
}

/**
 * Rolls one unit's assault dice for a phase, by its attack profile: the base
 * dice, then extra attacks from assault weapons in close combat and small
 * arms in a firefight, with their macro-weapon or Titan Killer ability
 * (RB 2.2.3-2.2.6). No modifiers apply. First-strike attacks fall in the
 * first phase.
 */
function rollUnitAttacks(e: Engagement, u: number, phase: number, targetSide: number, rng: Sfc32): void {
  const value = e.asAtkValue[u]!;
  if (value >= C.NONE) return;
  const unitFirst = strikesFirst(e, u);
  const mask = e.asAtkMask[u]!;
  const baseFlags = e.asAtkFlags[u]!;
  if (unitFirst === (phase === PHASE_FIRST_STRIKE)) {
    const dice = e.asAtkDice[u]!;
    for (let i = 0; i < dice; i++) if (d6(rng) >= value) pushHit(e, targetSide, mask, baseFlags, -1);
  }
  if (e.uExtraAttacks[u] === 0 || e.stDisarmed[u] !== 0) return;
  const useCC = (baseFlags & C.H_CLOSE_COMBAT) !== 0;
  const end = e.uLineEnd[u]!;
  for (let l = e.uLineStart[u]!; l < end; l++) {
    const kind = e.wKind[l]!;
    if (kind === C.KIND_RANGED || e.wExN[l]! + e.wExPlus[l]! === 0 || carriageLineLost(e, l)) continue;
    if ((kind === C.KIND_ASSAULT) !== useCC) continue;
    const first = unitFirst || (e.wFlags[l]! & C.W_FIRST_STRIKE) !== 0;
    if (first !== (phase === PHASE_FIRST_STRIKE)) continue;
    const extra = rollDice(rng, e.wExN[l]!, e.wExSides[l]!, e.wExPlus[l]!);
    const flags = baseFlags | e.wHitFlags[l]!;
    for (let i = 0; i < extra; i++) if (d6(rng) >= value) pushHit(e, targetSide, mask, flags, l);
  }
}

/** The assault side a supporting formation fires at: the one its table side opposes. */
export function supportTargetSide(e: Engagement, f: number): number {
  for (let g = 0; g < e.nFormations; g++) {
    if (e.fRole[g] === 1) return e.fSide[g] === e.fSide[f] ? 1 : 0;
  }
  return 1;
}

/** One phase of attacks by the engaged units of both sides, then allocation and saves. */
export function fightPhase(e: Engagement, phase: number, rng: Sfc32): void {
  e.nHits = 0;
  e.nMacroHits = 0;
  rollFightPhase(e, phase, rng);
  resolveAssaultHits(e, rng);
}

/**
 * The 2004 rulebook's fight (RB 1.12.5-1.12.6): the engaged units' main attacks and the
 * supporting fire rolled together, their casualties removed together.
 */
export function fightWithSupport(e: Engagement, attackerSide: number, defenderLine: number, rng: Sfc32): void {
  e.nHits = 0;
  e.nMacroHits = 0;
  rollFightPhase(e, PHASE_MAIN, rng);
  rollSupportingFire(e, attackerSide, defenderLine, rng);
  resolveAssaultHits(e, rng);
}

function rollFightPhase(e: Engagement, phase: number, rng: Sfc32): void {
  const end = e.asBound[2]!;
  for (let k = 0; k < end; k++) {
    const u = e.asList[k]!;
    if (e.stAlive[u] === 0 || e.asEngaged[u] === 0) continue;
    rollUnitAttacks(e, u, phase, 1 - e.asSide[u]!, rng);
  }
}

/**
 * Supporting fire (RB 1.12.6; TP Supporting Fire): units of other formations
 * of either side, not broken, within 15 cm of an enemy unit directly engaged,
 * roll their firefight value (small-arms extra attacks too); units inside
 * transports do not (RB 1.7.5). Blast markers do not suppress it ([A-8]).
 * Hits go only to directly engaged units.
 */
export function supportingFire(e: Engagement, attackerSide: number, defenderLine: number, rng: Sfc32): void {
  e.nHits = 0;
  e.nMacroHits = 0;
  rollSupportingFire(e, attackerSide, defenderLine, rng);
  resolveAssaultHits(e, rng);
}

function rollSupportingFire(e: Engagement, attackerSide: number, defenderLine: number, rng: Sfc32): void {
  for (let f = 0; f < e.nFormations; f++) {
    if (e.fRole[f] !== 3 || e.fBroken[f] === 1) continue;
    const targetSide = supportTargetSide(e, f);
    const end = e.fUnitEnd[f]!;
    for (let u = e.fUnitStart[f]!; u < end; u++) {
      if (e.stAlive[u] === 0 || (e.uFlags[u]! & C.U_CC_ONLY) !== 0 || e.transports.stEmbarked[u] === 1) continue;
      const pos = staticCoordinate(e, u, attackerSide, defenderLine);
      if (!withinOfSide(e, pos, e.fSide[f] === attackerSide ? 1 : 0, true)) continue;
      rollUnitAttacks(e, u, PHASE_MAIN, targetSide, rng);
      rollUnitAttacks(e, u, PHASE_FIRST_STRIKE, targetSide, rng);
    }
  }
}
