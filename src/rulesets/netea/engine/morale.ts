import type { Sfc32 } from '../../../sim/rng.js';
import { d6 } from '../../../sim/dice/d6.js';
import { highestOf2D6 } from '../../../sim/dice/highestOf2D6.js';
import { regainShadowfields } from './saves/shadowfields.js';
import { regenerate } from './regeneration.js';
import { returnNecronUnits } from './necronReturns.js';
import { swarm } from './swarming.js';
import { ignoresBrokenRallyModifier, initiativeOf } from './hiveMind.js';
import * as C from './codes.js';
import type { Engagement } from './engagement.js';
import { endPhaseWarEngines } from './criticals/endPhaseWarEngines.js';
import { checkBreak, placeBlastMarkers, withdraw } from './blastMarkers.js';
import { distanceToNearestEnemy } from './geometry.js';

/**
 * Morale over time: action tests (RB 1.6), regrouping (RB 1.13.1), rallying
 * and the rest of the end phase (RB 1.14, 3.2.3, 5.4.1).
 */

/**
 * Whether side `side` may re-roll a failed initiative test now: one re-roll
 * per living Supreme Commander unit per turn, for tests of any type ([A-4]).
 * Uses one when it answers yes.
 */
function useSupremeReroll(e: Engagement, side: number): boolean {
  let supremes = 0;
  for (let u = 0; u < e.nUnits; u++) {
    if (e.stAlive[u] === 1 && (e.uFlags[u]! & C.U_SUPREME) !== 0 && e.fSide[e.uFormation[u]!] === side) supremes++;
  }
  if (e.rerollsUsed[side]! >= supremes) return false;
  e.rerollsUsed[side]!++;
  return true;
}

/** D6 + modifier against initiative (hiveMind.ts: 3+ for a synapse swarm without synapse), with a Supreme Commander re-roll of a failure; a 1 is not an automatic fail (RB FAQ). */
function initiativeTest(e: Engagement, f: number, modifier: number, rng: Sfc32): boolean {
  const need = initiativeOf(e, f);
  if (d6(rng) + modifier >= need) return true;
  return useSupremeReroll(e, e.fSide[f]!) && d6(rng) + modifier >= need;
}

/**
 * An action test (RB 1.6.2; TP The Action Test) for the formations in
 * `mask` acting together (a commander's combined assault takes one test,
 * -1 if any has Blast markers, RB 2.1.2): -1 with Blast markers, -1 to
 * retain the initiative, +2 for Orks engaging or doubling (Power of the
 * Waaagh, RB 5.5.2), +1 for Knight households engaging (TP Bravery) and for
 * Blood Claws engaging (TP Unblooded), +1 for Necrons marshalling (TP
 * Implacable Advance). Each bonus only when every formation acting has it.
 * The test is against the initiative of `lead` (the commander's formation of
 * a combined assault; -1: the first formation of `mask`), which on a failure
 * takes a hold action and a Blast marker and may break, the others
 * unaffected (RB 1.6.2, 1.13.3, 2.1.2).
 */
export function actionTest(e: Engagement, mask: number, action: number, retain: boolean, rng: Sfc32, lead = -1): boolean {
  let first = lead >= 0 && (mask & (1 << lead)) !== 0 ? lead : -1;
  let anyBm = false;
  let waaagh = true;
  let engageBonus = true;
  let implacable = true;
  for (let f = 0; f < e.nFormations; f++) {
    if ((mask & (1 << f)) === 0) continue;
    if (first < 0) first = f;
    if (e.fBm[f]! > 0) anyBm = true;
    if (e.fWaaagh[f] === 0) waaagh = false;
    if (e.fBravery[f] === 0 && e.fUnblooded[f] === 0) engageBonus = false;
    if (e.fImplacable[f] === 0) implacable = false;
  }
  if (first < 0) return false;
  if (e.air.fAerospace[first] === 1) return aerospaceActionTest(e, first, retain, rng);
  let modifier = (anyBm ? -1 : 0) + (retain ? -1 : 0);
  if (waaagh && (action === C.ACTION_ENGAGE || action === C.ACTION_DOUBLE)) modifier += 2;
  if (engageBonus && action === C.ACTION_ENGAGE) modifier += 1;
  if (implacable && action === C.ACTION_MARSHAL) modifier += 1;
  if (initiativeTest(e, first, modifier, rng)) return true;
  placeBlastMarkers(e, first, 1, rng);
  checkBreak(e, first, rng);
  return false;
}

/**
 * An aircraft or spacecraft action test (RB 4.2.7): -1 per Blast marker
 * instead of the usual -1, then every marker is removed whether it passes or
 * not; a failure is a stand down (aircraft) or a delay (spacecraft), with no
 * Blast marker.
 */
function aerospaceActionTest(e: Engagement, f: number, retain: boolean, rng: Sfc32): boolean {
  const modifier = -e.fBm[f]! + (retain ? -1 : 0);
  e.fBm[f] = 0;
  return initiativeTest(e, f, modifier, rng);
}

/** Leaders' extra Blast markers removed: one each (RB 2.1.8), two for Space Marine leaders (TP TSKNF; not in the 2004 rulebook). */
function leaderRemoval(e: Engagement, f: number): number {
  let n = 0;
  const end = e.fUnitEnd[f]!;
  for (let u = e.fUnitStart[f]!; u < end; u++) if (e.stAlive[u] === 1) n += e.uLeaders[u]!;
  return e.fTsknf[f] === 1 && e.optTsknfAssaultAndLeaders ? 2 * n : n;
}

/**
 * Regroup (RB 1.13.1): remove Blast markers equal to the highest of 2D6,
 * plus the leaders'; pips left over repair void shields, one on every
 * shielded Titan per pip ([A-21]). Power fields are never repaired.
 */
export function regroup(e: Engagement, f: number, rng: Sfc32): void {
  if (e.fBroken[f] === 1 || e.fAlive[f] === 0) return;
  let pips = highestOf2D6(rng) + leaderRemoval(e, f);
  const removed = Math.min(pips, e.fBm[f]!);
  e.fBm[f]! -= removed;
  pips -= removed;
  const end = e.fUnitEnd[f]!;
  for (; pips > 0; pips--) {
    let repaired = false;
    for (let u = e.fUnitStart[f]!; u < end; u++) {
      if (e.stAlive[u] === 1 && e.uShieldRepair[u]! > 0 && e.stShields[u]! < e.stShieldsMax[u]!) {
        e.stShields[u]!++;
        repaired = true;
      }
    }
    if (!repaired) break;
  }
}


/** Units counted for Mob Rule: not Grots or Big Gunz; a war engine counts its starting DC (RB 5.5.1). */
function mobSize(e: Engagement, f: number): number {
  let n = 0;
  const end = e.fUnitEnd[f]!;
  for (let u = e.fUnitStart[f]!; u < end; u++) {
    if (e.stAlive[u] === 0 || (e.uFlags[u]! & (C.U_GROT | C.U_NO_MOB_RULE)) !== 0) continue;
    n += (e.uFlags[u]! & C.U_WAR_ENGINE) !== 0 ? e.stStartDC[u]! : 1;
  }
  return n;
}

/** Units for the BMs of a rallying broken formation: a war engine counts its starting DC. */
function unitWeight(e: Engagement, f: number): number {
  let n = 0;
  const end = e.fUnitEnd[f]!;
  for (let u = e.fUnitStart[f]!; u < end; u++) if (e.stAlive[u] === 1) n += (e.uFlags[u]! & C.U_WAR_ENGINE) !== 0 ? e.stStartDC[u]! : 1;
  return n;
}

/**
 * A rally test (RB 1.14.1; TP Rallying Formations): D6 + modifiers against
 * initiative; -2 broken, -1 with an enemy within 30 cm, Mob Rule +1 (more than
 * 5 units) or +2 (more than 10), +1 under TP Bravery or Iron-willed. Passing removes half the Blast markers,
 * rounding up (so 1 becomes 0), then the leaders'; a broken formation that
 * passes is no longer broken and keeps half as many markers as units (TSKNF:
 * as many as units), then the leaders'; a broken formation that fails
 * withdraws again.
 */
export function rally(e: Engagement, f: number, rng: Sfc32): void {
  // RB 4.2.7: aircraft do not rally; their markers count at the next action test.
  if (e.fAlive[f] === 0 || e.air.fAerospace[f] === 1) return;
  const broken = e.fBroken[f] === 1;
  if (!broken && e.fBm[f] === 0) return;
  let modifier = broken && !ignoresBrokenRallyModifier(e, f) ? -2 : 0;
  let nearest = Infinity;
  const end = e.fUnitEnd[f]!;
  for (let u = e.fUnitStart[f]!; u < end; u++) {
    if (e.stAlive[u] === 1) nearest = Math.min(nearest, distanceToNearestEnemy(e, u));
  }
  if (nearest <= 30) modifier--;
  // TP Bravery and Iron-willed: +1 to rally tests.
  if (e.fBravery[f] === 1 || e.fIronWilled[f] === 1) modifier++;
  if (e.fMobRule[f] === 1) {
    const size = mobSize(e, f);
    if (size > 10) modifier += 2;
    else if (size > 5) modifier += 1;
  }
  const passed = initiativeTest(e, f, modifier, rng);
  if (broken) {
    if (!passed) {
      withdraw(e, f, rng);
      return;
    }
    e.fBroken[f] = 0;
    const units = unitWeight(e, f);
    e.fBm[f] = e.fTsknf[f] === 1 ? units : units - ((units + 1) >> 1);
  } else {
    if (!passed) return;
    e.fBm[f]! -= (e.fBm[f]! + 1) >> 1;
  }
  e.fBm[f] = Math.max(0, e.fBm[f]! - leaderRemoval(e, f));
}

/**
 * The end phase's work before the rallies (RB 1.14): regeneration (TP),
 * war-engine criticals and shield repair, Necron units returning (TP).
 */
export function endPhaseBeforeRallies(e: Engagement, rng: Sfc32): void {
  regenerate(e);
  endPhaseWarEngines(e, rng);
  returnNecronUnits(e);
}

/** The end phase's work after the rallies: Tyranid formations swarm and shadowfields come back (TP). */
export function endPhaseAfterRallies(e: Engagement): void {
  swarm(e);
  regainShadowfields(e);
}

/**
 * The end phase (RB 1.14): endPhaseBeforeRallies, then every formation with
 * Blast markers or broken rallies, the side with the higher strategy rating
 * first (ties: side 0), then endPhaseAfterRallies.
 */
export function endPhase(e: Engagement, rng: Sfc32): void {
  endPhaseBeforeRallies(e, rng);
  let first = 0;
  let best = -1;
  for (let f = 0; f < e.nFormations; f++) {
    if (e.fStrategy[f]! > best) {
      best = e.fStrategy[f]!;
      first = e.fSide[f]!;
    }
  }
  for (let pass = 0; pass < 2; pass++) {
    const side = pass === 0 ? first : 1 - first;
    for (let f = 0; f < e.nFormations; f++) if (e.fSide[f] === side) rally(e, f, rng);
  }
  endPhaseAfterRallies(e);
}
