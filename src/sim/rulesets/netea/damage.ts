import type { Sfc32 } from '../../rng.js';
import { d6 } from '../../dice/d6.js';
import * as C from './codes.js';
import type { Engagement } from './engagement.js';
import { applyCritical } from './criticals/applyCritical.js';
import { saveHit } from './saves/saveHit.js';
import { rollSaveCode } from './saves/rollSaveCode.js';
import { withoutSecondSave } from './saves/saveCode.js';
import { saveCode } from './saves/saveStack.js';
import { FIELD_HOLOFIELD } from './saves/unitSaves.js';
import { shadowfieldAbsorbs } from './saves/shadowfields.js';
import { losePoint, markDead, touch } from './unitState.js';
import { killPassengers } from './transport/passengers.js';

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
 * its passengers out, or kills them (transport/passengers.ts): `cause` is
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
