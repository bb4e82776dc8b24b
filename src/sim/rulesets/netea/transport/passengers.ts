import type { Sfc32 } from '../../../rng.js';
import { d6 } from '../../../dice/d6.js';
import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import { destroyUnit } from '../damage.js';
import { saveHit } from '../saves/saveHit.js';
import { touch } from '../unitState.js';

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
