import type { Sfc32 } from '../../../sim/rng.js';
import { d6 } from '../../../sim/dice/d6.js';
import { rollDice } from '../../../sim/diceExpr.js';
import * as C from './codes.js';
import type { Engagement } from './engagement.js';
import {
  CRIT_D6_TABLE,
  CRIT_DAMAGE,
  CRIT_DAMAGE_ON_MISS,
  CRIT_DESTROYED,
  CRIT_DISARMED,
  CRIT_FIRE,
  CRIT_FRIENDLY_BLAST_MARKERS,
  CRIT_HITS_AROUND,
  CRIT_LOSES_CHARACTER,
  CRIT_LOSES_DEFLECTOR,
  CRIT_LOSES_HOLOFIELD,
  CRIT_PASSENGERS_KILLED,
  CRIT_REACTOR,
  CRIT_STAGGER,
  CRIT_SUBSEQUENT,
  CRIT_TO_HIT,
  LATER_DAMAGE,
  LATER_DESTROYED,
} from './criticals/criticalTable.js';
import { saveHit } from './saves/saveHit.js';
import { rollSaveCode } from './saves/rollSaveCode.js';
import { withoutSecondSave } from './saves/saveCode.js';
import { saveCode } from './saves/saveStack.js';
import { FIELD_HOLOFIELD } from './saves/unitSaves.js';
import { shadowfieldAbsorbs } from './saves/shadowfields.js';
import { losePoint, markDead, touch } from './unitState.js';

// A hit's damage and everything it sets off, in one module because they call each other: a war
// engine's damage rolls criticals (RB 3.2.3), a critical hits the units around it (hitsAround),
// destroys passengers (RB 1.7.5) or a carriage, and each of those hits or destroys units again.

// Codes as module constants, which V8 folds into optimised code: `C.X` is loaded again at every use (docs/adding-a-rule.md).
const H_CLOSE_COMBAT = C.H_CLOSE_COMBAT;
const H_DISRUPT = C.H_DISRUPT;
const H_FIELD_ROLLED = C.H_FIELD_ROLLED;
const H_TK = C.H_TK;
const U_AUTOMATON = C.U_AUTOMATON;
const U_EXPENDABLE = C.U_EXPENDABLE;
const U_GROT = C.U_GROT;
const U_WAR_ENGINE = C.U_WAR_ENGINE;

/**
 * Casualties and war-engine damage. Blast markers they cause go to the
 * formation's pending count and are placed when the attack ends (RB 1.9.7);
 * `noBm` is set for damage that places none (hits from BMs on a broken
 * formation, [A-2]; assault-loss hits; withdrawal). A transport's death takes
 * its passengers out, or kills them (killPassengers below): `cause` is
 * what destroyed it (the hit's H_MW or H_TK, H_NO_SAVE for a withdrawal, 0
 * otherwise).
 */

/** A hit with disrupt on unit u places no BM: an expendable unit (TP; unless the whole formation is) or a Grot among Orks (RB 5.5.3). */
export function disruptPlacesNoBlastMarker(e: Engagement, u: number): boolean {
  const f = e.uFormation[u]!;
  const fl = e.uFlags[u]!;
  return ((fl & U_EXPENDABLE) !== 0 && e.fAllExpendable[f] === 0) || ((fl & U_GROT) !== 0 && e.fHasNonGrot[f] === 1);
}

/**
 * Unit u's death places no BM (nor the crossfire's first-casualty BM): the
 * units of disruptPlacesNoBlastMarker, and an automaton (TP Automaton: "A
 * formation does not receive a Blast marker when a unit with automaton is
 * destroyed"; its disrupt hits still place theirs).
 */
export function placesNoBlastMarker(e: Engagement, u: number): boolean {
  return (e.uFlags[u]! & U_AUTOMATON) !== 0 || disruptPlacesNoBlastMarker(e, u);
}

/** Removes a destroyed unit. One BM per kill (RB 1.9.4) unless disrupt already placed it or the unit is exempt. */
export function destroyUnit(e: Engagement, u: number, noBm: boolean, disrupted: boolean, cause: number, rng: Sfc32): void {
  markDead(e, u);
  if (e.transports.tCount[u]! > 0) killPassengers(e, u, cause, noBm, rng);
  const f = e.uFormation[u]!;
  if (placesNoBlastMarker(e, u)) return;
  if (f === e.atkTarget) e.atkNonExpendableKills++;
  if (!noBm && !disrupted) e.fPendingBm[f]!++;
}

/** Points of damage that roll no critical (a critical's own extra damage). */
export function extraDamage(e: Engagement, u: number, points: number, noBm: boolean, rng: Sfc32): void {
  const f = e.uFormation[u]!;
  for (let p = 0; p < points && e.stAlive[u] === 1; p++) {
    losePoint(e, u);
    if (!noBm) e.fPendingBm[f]!++;
    if (e.stDC[u]! <= 0) {
      markDead(e, u);
      if (e.transports.tCount[u]! > 0) killPassengers(e, u, 0, noBm, rng);
      if (f === e.atkTarget) e.atkNonExpendableKills++;
    }
  }
}

/**
 * Damage to a war engine, point by point (RB 3.2.2-3.2.4): each point costs a
 * DC and places a BM; each rolls a D6 and a 6 is a critical hit, whose effects
 * stack (RB FAQ).
 */
export function damageWarEngine(e: Engagement, u: number, points: number, noBm: boolean, cause: number, rng: Sfc32): void {
  const f = e.uFormation[u]!;
  for (let p = 0; p < points && e.stAlive[u] === 1; p++) {
    losePoint(e, u);
    if (!noBm) e.fPendingBm[f]!++;
    const critical = d6(rng) === 6;
    if (e.stDC[u]! <= 0) {
      markDead(e, u);
      if (e.transports.tCount[u]! > 0) killPassengers(e, u, cause, noBm, rng);
      if (f === e.atkTarget) e.atkNonExpendableKills++;
    }
    if (critical) applyCritical(e, u, noBm, rng);
  }
}

/**
 * Resolves one hit allocated to unit u: a shadowfield takes a whole hit
 * (saves/shadowfields.ts), then the save and the casualty, or a war engine's
 * points (`warEngineHit`); a Titan Killer hit on a war engine does its rolled
 * damage (`damage`, `titanKillerHit`). The rarer steps are functions of their
 * own, so that V8 still inlines this one into the shooting attack
 * (bench/README.md: the war-engine scenario).
 */
export function resolveHit(e: Engagement, u: number, hitFlags: number, damage: number, crossfire: boolean, noCover: boolean, rng: Sfc32): void {
  if (e.stAlive[u] === 0) return;
  if ((e.uFlags[u]! & U_WAR_ENGINE) === 0) {
    if (!saveHit(e, u, hitFlags, crossfire, noCover, rng)) destroyUnit(e, u, false, (hitFlags & H_DISRUPT) !== 0, hitFlags, rng);
    return;
  }
  if (e.saves.anyShadowfields && shadowfieldAbsorbs(e, u, hitFlags)) return;
  if ((hitFlags & H_TK) !== 0) titanKillerHit(e, u, hitFlags, damage, crossfire, noCover, rng);
  else warEngineHit(e, u, hitFlags, hitFlags, 1, crossfire, noCover, rng);
}

/**
 * A Titan Killer hit on war engine u: `damage` points, each saved separately
 * (invulnerable only, [A-3]; a Knight Shield per point, TP), except that a
 * Holofield saves the whole hit with one roll (TP Eldar Technology: "a single
 * saving against weapons with the Titan Killer ability").
 */
function titanKillerHit(e: Engagement, u: number, hitFlags: number, damage: number, crossfire: boolean, noCover: boolean, rng: Sfc32): void {
  let flags = hitFlags;
  if (e.saves.uField[u] === FIELD_HOLOFIELD && e.saves.stField[u] === 1) {
    if (rollSaveCode(withoutSecondSave(saveCode(e, u, hitFlags, crossfire, noCover)), rng)) return;
    flags |= H_FIELD_ROLLED;
  }
  warEngineHit(e, u, flags, hitFlags, damage, crossfire, noCover, rng);
}

/**
 * `points` points of a hit on war engine u, saved with `flags`: each meets
 * void shields or power fields first (one per point, no save, no BM;
 * close-combat hits ignore them, RB 5.4.1), then the save, then a point of
 * damage (`cause`: the hit's flags, for the passengers of a transport it
 * destroys).
 */
function warEngineHit(e: Engagement, u: number, flags: number, cause: number, points: number, crossfire: boolean, noCover: boolean, rng: Sfc32): void {
  for (let p = 0; p < points && e.stAlive[u] === 1; p++) {
    if (e.stShields[u]! > 0 && (flags & H_CLOSE_COMBAT) === 0) {
      touch(e, u);
      e.stShields[u]!--;
      continue;
    }
    if (!saveHit(e, u, flags, crossfire, noCover, rng)) damageWarEngine(e, u, 1, false, cause, rng);
  }
}

// ---- criticals (RB 3.2.3) ----

/**
 * A war engine's critical-hit effect, from its datasheet (RB 3.2.3): every
 * part of it, in order (RB FAQ: criticals are cumulative). Parts that change
 * the war engine for the rest of the game (a to-hit penalty, a lost Holofield
 * or deflector) do so on the first critical and do their `later` effect on
 * each one after ("Subsequent critical hits ..."). An effect printed as "...
 * Subsequent critical hits ..." has a CRIT_SUBSEQUENT row: the rows before it
 * are the first critical's, the rows after it every later one's.
 */
export function applyCritical(e: Engagement, u: number, noBm: boolean, rng: Sfc32): void {
  touch(e, u);
  e.stCritCount[u]!++;
  const t = e.crits;
  let start = e.uCritStart[u]!;
  let end = e.uCritEnd[u]!;
  for (let c = start; c < end; c++) {
    if (t.kind[c] !== CRIT_SUBSEQUENT) continue;
    if (e.stCritCount[u] === 1) end = c;
    else start = c + 1;
    break;
  }
  for (let c = start; c < end; c++) {
    switch (t.kind[c]) {
      case CRIT_DAMAGE:
        extraDamage(e, u, rollDice(rng, t.a[c]!, t.b[c]!, t.c[c]!), noBm, rng);
        break;
      case CRIT_DESTROYED:
        criticalDestruction(e, u, t.b[c]!, noBm, rng);
        partHitsAround(e, u, c, rng);
        break;
      case CRIT_REACTOR:
        if (e.stAlive[u] === 1) e.stReactor[u] = 1;
        break;
      case CRIT_FIRE:
        if (e.stAlive[u] === 1) e.stFires[u]!++;
        break;
      case CRIT_TO_HIT:
        // Supa-Stompa: the first critical costs its to-hit; later ones cause extra damage.
        if (e.stToHitPenalty[u] === 0) e.stToHitPenalty[u] = t.a[c]!;
        else extraDamage(e, u, t.b[c]!, noBm, rng);
        break;
      case CRIT_STAGGER:
        // Warhound stagger: only matters if it runs into something (an engagement-model input).
        if (e.optStaggerBlockedChance > 0 && (rng.next() >>> 0) / 4294967296 < e.optStaggerBlockedChance) {
          if (t.a[c] === 1) criticalDestruction(e, u, 0, noBm, rng);
          else extraDamage(e, u, 1, noBm, rng);
        }
        break;
      case CRIT_LOSES_HOLOFIELD:
        if (!e.saves.loseHolofield(u)) laterEffect(e, u, t.b[c]!, noBm, rng);
        break;
      case CRIT_LOSES_DEFLECTOR:
        if (!e.saves.loseDeflector(u)) laterEffect(e, u, t.b[c]!, noBm, rng);
        break;
      case CRIT_HITS_AROUND:
        partHitsAround(e, u, c, rng);
        break;
      case CRIT_DISARMED:
        // Dark Eldar: no weapons, no close combat value, the firefight value given (0 in stDisarmed: armed).
        if (e.stDisarmed[u] === 0) e.stDisarmed[u] = t.a[c]!;
        else laterEffect(e, u, t.b[c]!, noBm, rng);
        break;
      case CRIT_PASSENGERS_KILLED:
        destroyPassengers(e, u, rollDice(rng, t.a[c]!, t.b[c]!, t.c[c]!), noBm, rng);
        break;
      case CRIT_DAMAGE_ON_MISS:
        // Cyclops: "will take an extra point of damage whenever the Hellfury Cannon misses" (damageOnMiss.ts).
        if (e.stAlive[u] === 1) e.stMissDamage[u] = t.a[c]!;
        break;
      case CRIT_LOSES_CHARACTER:
        loseCarriage(e, u, noBm, rng);
        break;
      case CRIT_FRIENDLY_BLAST_MARKERS:
        // Ordinatus Majoris: every formation of its side (each has a line of fire in the model);
        // in an assault Blast markers are not placed for what happens during the fight.
        if (!noBm) for (let g = 0; g < e.nFormations; g++) if (e.fSide[g] === e.fSide[e.uFormation[u]!]) e.fPendingBm[g]!++;
        break;
      case CRIT_D6_TABLE: {
        const face = 1 << d6(rng);
        const last = t.a[c]! + t.b[c]!;
        for (let r = t.a[c]!; r < last; r++) {
          if ((t.c[r]! & face) === 0) continue;
          if (t.d[r]! > 0) extraDamage(e, u, t.d[r]!, noBm, rng);
          partHitsAround(e, u, r, rng);
        }
        break;
      }
    }
  }
}

/** What a critical after the first does once the war engine has lost what the first took. */
function laterEffect(e: Engagement, u: number, later: number, noBm: boolean, rng: Sfc32): void {
  if (later === LATER_DAMAGE) extraDamage(e, u, 1, noBm, rng);
  else if (later === LATER_DESTROYED) criticalDestruction(e, u, 0, noBm, rng);
}

/** The hits around of critical row c, if it has any. */
export function partHitsAround(e: Engagement, u: number, c: number, rng: Sfc32): void {
  const t = e.crits;
  if (t.aroundToHit[c]! >= C.NONE) return;
  const range = t.aroundRollN[c]! > 0 ? rollDice(rng, t.aroundRollN[c]!, t.aroundRollSides[c]!, 0) : t.aroundRange[c]!;
  hitsAround(e, u, t.aroundToHit[c]!, range, t.aroundFlags[c]!, t.aroundClasses[c]!, t.aroundSelf[c] === 1, rng);
}

/**
 * Destroyed by a critical: the formation takes BMs for the DC it had left (RB 3.2.4, FAQ);
 * passengers survive only on the faces `passengersSurviveOn` (a bit per face) of the datasheet.
 */
export function criticalDestruction(e: Engagement, u: number, passengersSurviveOn: number, noBm: boolean, rng: Sfc32): void {
  if (e.stAlive[u] === 0) return;
  const f = e.uFormation[u]!;
  if (!noBm) e.fPendingBm[f]! += e.stDC[u]!;
  e.stDamageTaken[u]! += e.stDC[u]!;
  e.fDamage[f]! += e.stDC[u]!;
  markDead(e, u);
  if (e.transports.tCount[u]! > 0) wreckPassengers(e, u, passengersSurviveOn, noBm, rng);
  if (f === e.atkTarget) e.atkNonExpendableKills++;
}

/**
 * The Land Train's critical: one of its carriages left, chosen at random (each as likely), is
 * removed with its weapons; the unit's starting damage capacity, break weight and void shields
 * lose the carriage's, its damage capacity left loses the carriage's (the damage it has taken
 * stays), and no more shields stay up than it now starts with. With no carriage left it is
 * destroyed (criticalDestruction: Blast markers for the damage capacity it had left).
 *
 * Readings (the text is silent): the removal places no Blast marker and is not damage taken
 * (the point of damage that caused the critical placed its own); with war-engine points lost
 * pro rata, the carriage's share of the unit's points (its share of the starting damage
 * capacity) is lost with it; if the damage capacity left reaches 0 the unit is destroyed.
 */
export function loseCarriage(e: Engagement, u: number, noBm: boolean, rng: Sfc32): void {
  if (e.stAlive[u] === 0) return;
  const t = e.carriages;
  const start = t.uStart[u]!;
  const end = t.uEnd[u]!;
  let left = 0;
  for (let k = start; k < end; k++) if (t.stLost[k] === 0) left++;
  if (left === 0) {
    criticalDestruction(e, u, 0, noBm, rng);
    return;
  }
  // One carriage left needs no roll; otherwise each is as likely.
  let pick = left === 1 ? 0 : Math.floor(((rng.next() >>> 0) / 4294967296) * left);
  let k = start;
  while (t.stLost[k] === 1 || pick-- > 0) k++;
  touch(e, u);
  t.stLost[k] = 1;
  for (let l = t.cLineStart[k]!; l < t.cLineEnd[k]!; l++) t.stLineLost[l] = 1;
  const dc = t.cDC[k]!;
  const f = e.uFormation[u]!;
  if (e.optWarEnginePointsProRata) e.fPointsLost[f]! += (e.uPoints[u]! * Math.min(dc, e.stDC[u]!)) / e.uStartDC[u]!;
  e.stStartDC[u]! -= dc;
  e.stBreakWeight[u]! -= dc;
  e.fBreakWeight[f]! -= dc;
  // A war engine's assault dice are its starting DC (RB 3.3.1); a supporter's are kept from assault to assault.
  e.asAtkDice[u] = e.stStartDC[u]!;
  e.stShieldsMax[u]! -= t.cShields[k]!;
  if (e.stShields[u]! > e.stShieldsMax[u]!) e.stShields[u] = e.stShieldsMax[u]!;
  e.stDC[u] = Math.max(0, e.stDC[u]! - dc);
  if (e.stDC[u] === 0) criticalDestruction(e, u, 0, noBm, rng);
}

// ---- the units around a critical ----

/**
 * The units around a war engine's critical are hit (RB 5.2/5.4 and the TP
 * datasheets): each unit of a class the hit may strike within `range` cm,
 * its own formation's units by their place in the ranks and enemy units by
 * their distance across the centre line, is hit on `toHit`+ and the hit is
 * resolved as any other (damage.ts resolveHit): a shadowfield or a void shield
 * or power field stops it first (RB 5.4.1: a shield stops every hit but close
 * combat's), then the save stack against the hit's flags (macro-weapon, Titan
 * Killer: one point of damage on a war engine). The war engine itself only when `self` is set
 * ("The unit and all units within 5cm"). Units inside transports are not hit
 * (RB 1.7.5), nor aircraft in the air.
 */
export function hitsAround(e: Engagement, u: number, toHit: number, range: number, hitFlags: number, classes: number, self: boolean, rng: Sfc32): void {
  if (self && e.stAlive[u] === 1 && d6(rng) >= toHit) resolveHit(e, u, hitFlags, 1, false, false, rng);
  const f = e.uFormation[u]!;
  for (let g = 0; g < e.nFormations; g++) {
    const own = g === f;
    if (!own && e.fSide[g] === e.fSide[f]) continue;
    const end = e.fUnitEnd[g]!;
    for (let v = e.fUnitStart[g]!; v < end; v++) {
      if (v === u || e.stAlive[v] === 0 || e.transports.stEmbarked[v] === 1 || (e.uClass[v]! & classes) === 0) continue;
      const dist = own
        ? Math.hypot(e.uDepth[v]! - e.uDepth[u]!, e.uLateral[v]! - e.uLateral[u]!)
        : e.fFront[f]! + e.uDepth[u]! + e.fFront[g]! + e.uDepth[v]!;
      if (dist > range || d6(rng) < toHit) continue;
      resolveHit(e, v, hitFlags, 1, false, false, rng);
    }
  }
}

// ---- a destroyed transport's passengers (RB 1.7.5) ----

/**
 * Transport t has been destroyed (RB 1.7.5 and its errata, 2.2.6, 4.2.5; RB
 * FAQ Broken Formations). Each unit it carried gets out where the transport
 * stood, or dies:
 * - by default it saves with its armour or a 6+ cover save, whichever is
 *   better (infantry in cover: the better of all three); reinforced armour
 *   re-rolls it, an invulnerable save is the last chance;
 * - `cause` H_MW (a macro-weapon destroyed the transport): it saves only as
 *   it would against that hit, with reinforced armour (no re-roll) or an
 *   invulnerable save; H_TK (Titan Killer): an invulnerable save only;
 * - `cause` H_NO_SAVE (the transport died ending a withdrawal within 15 cm of
 *   the enemy), or the transport is an aircraft (always in flight here): it
 *   dies with no save.
 * Each passenger killed is a casualty and places its Blast marker (unless
 * `noBm`), besides the transport's own.
 */
export function killPassengers(e: Engagement, t: number, cause: number, noBm: boolean, rng: Sfc32): void {
  const ts = e.transports;
  const end = ts.tFirst[t]! + ts.tCount[t]!;
  const inFlight = (e.uFlags[t]! & C.U_AIRCRAFT) !== 0;
  for (let k = ts.tFirst[t]!; k < end; k++) {
    const p = ts.passengers[k]!;
    if (ts.stEmbarked[p] === 0 || e.stAlive[p] === 0) continue;
    getOut(e, p, t);
    // RB 1.7.5 (2004): a macro-weapon's wreck kills everyone inside; the TP lets them save as against the hit.
    const noChance = inFlight || ((cause & (C.H_MW | C.H_TK)) !== 0 && !e.optPassengersSaveAgainstMw);
    if (noChance || !survives(e, p, cause, rng)) destroyUnit(e, p, noBm, false, 0, rng);
  }
}

/**
 * A war engine destroyed by its critical hit takes its passengers with it
 * unless they roll one of the datasheet's faces (`surviveOn`, a bit per face;
 * RB 3.2.3 datasheets: "any units on board will only survive on a roll of 6").
 */
export function wreckPassengers(e: Engagement, t: number, surviveOn: number, noBm: boolean, rng: Sfc32): void {
  const ts = e.transports;
  const end = ts.tFirst[t]! + ts.tCount[t]!;
  for (let k = ts.tFirst[t]!; k < end; k++) {
    const p = ts.passengers[k]!;
    if (ts.stEmbarked[p] === 0 || e.stAlive[p] === 0) continue;
    getOut(e, p, t);
    if ((surviveOn & (1 << d6(rng))) === 0) destroyUnit(e, p, noBm, false, 0, rng);
  }
}

/**
 * A critical hit kills `n` of the units transport t carries, with no save (TP: "D3 units of
 * the player's choice that are being transported are destroyed"). The player's choice is
 * taken as the last carried first; passengers of one formation are alike in the data.
 */
export function destroyPassengers(e: Engagement, t: number, n: number, noBm: boolean, rng: Sfc32): void {
  const ts = e.transports;
  for (let k = ts.tFirst[t]! + ts.tCount[t]! - 1; k >= ts.tFirst[t]! && n > 0; k--) {
    const p = ts.passengers[k]!;
    if (ts.stEmbarked[p] === 0 || e.stAlive[p] === 0) continue;
    getOut(e, p, t);
    destroyUnit(e, p, noBm, false, 0, rng);
    n--;
  }
}

/** Passenger p is out of transport t, standing where it stood (in an assault too: a unit moved, so the charge cache's scratch is stale). */
function getOut(e: Engagement, p: number, t: number): void {
  touch(e, p);
  e.transports.stEmbarked[p] = 0;
  e.transports.fEmbarked[e.uFormation[p]!]!--;
  e.asPos[p] = e.asPos[t]!;
  e.asContact[p] = 0;
  e.asFreshCache = 0;
}

function survives(e: Engagement, p: number, cause: number, rng: Sfc32): boolean {
  return saveHit(e, p, (cause & (C.H_MW | C.H_TK | C.H_NO_SAVE)) | C.H_WRECKED_TRANSPORT, false, false, rng);
}
