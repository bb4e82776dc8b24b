import type { Sfc32 } from '../../../../sim/rng.js';
import { d6 } from '../../../../sim/dice/d6.js';
import { rollToHit } from '../../../../sim/dice/rollToHit.js';
import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import { queueHit } from '../allocate.js';
import { checkBreak, flushPendingBlastMarkers } from '../blastMarkers.js';
import { resolveStage } from '../shoot.js';

/** Where a formation waits before it arrives: beyond every weapon's range and every zone of control. */
export const OFF_TABLE = 1e6;

/** How a formation arrives (RB 2.1.17, 4.4, 5.1.2; TP Planetfall). */
export const ARRIVE_PLANETFALL = 0;
export const ARRIVE_TELEPORT = 1;
export const ARRIVE_DROP_POD = 2;

/** RB 5.1.2 Drop Pod: the Deathwind attacks every enemy unit within 15 cm, AP5+/AT5+. */
export const DEATHWIND_RANGE = 15;
export const DEATHWIND_TO_HIT = 5;

/** A uniform angle's cosine from the generator, for a scatter along the one-dimensional battlefield. */
function randomCosine(rng: Sfc32): number {
  return Math.cos(((rng.next() >>> 0) / 4294967296) * 2 * Math.PI);
}

/**
 * Formation f arrives with its front `front` cm from the centre line (it
 * waited at OFF_TABLE). Planetfall and drop pods scatter 2D6 cm in a random
 * direction (RB 4.4): along the line, 2D6 times the cosine of a uniform
 * angle, never past the centre line. Landing does not trigger overwatch (TP).
 * A teleporting formation takes a Blast marker for each unit that rolls a 1
 * (RB 2.1.17). A drop pod's Deathwind then attacks every enemy unit within
 * 15 cm of where it landed, AP5+ or AT5+ as the unit's type takes (a light
 * vehicle either), each unit once (not those inside transports, RB 1.7.5): each enemy formation attacked takes a
 * Blast marker for coming under fire and one per casualty (RB 5.1.2).
 */
export function arrive(e: Engagement, f: number, front: number, method: number, rng: Sfc32): void {
  let landed = front;
  if (method !== ARRIVE_TELEPORT) landed = Math.max(0, front + (d6(rng) + d6(rng)) * randomCosine(rng));
  e.fFront[f] = landed;
  land(e, f, method, rng);
}

/**
 * Formation f has landed where its front now stands (the caller placed and
 * scattered it): the teleport's Blast markers, a drop pod's Deathwind, then
 * the break checks.
 */
export function land(e: Engagement, f: number, method: number, rng: Sfc32): void {
  if (method === ARRIVE_TELEPORT) {
    const end = e.fUnitEnd[f]!;
    for (let u = e.fUnitStart[f]!; u < end; u++) if (e.stAlive[u] === 1 && d6(rng) === 1) e.fPendingBm[f]!++;
  }
  if (method === ARRIVE_DROP_POD) deathwind(e, f, rng);
  flushPendingBlastMarkers(e, rng);
  for (let g = 0; g < e.nFormations; g++) checkBreak(e, g, rng);
}

function deathwind(e: Engagement, f: number, rng: Sfc32): void {
  const side = e.fSide[f]!;
  for (let g = 0; g < e.nFormations; g++) {
    if (e.fSide[g] === side || e.air.fAerospace[g] === 1 || e.fAlive[g] === 0) continue;
    e.nHits = 0;
    e.nMacroHits = 0;
    let attacked = false;
    const end = e.fUnitEnd[g]!;
    for (let v = e.fUnitStart[g]!; v < end; v++) {
      if (e.stAlive[v] === 0 || e.transports.stEmbarked[v] === 1 || e.fFront[f]! + e.fFront[g]! + e.uDepth[v]! > DEATHWIND_RANGE) continue;
      attacked = true;
      if (rollToHit(rng, DEATHWIND_TO_HIT)) queueHit(e, C.ELIGIBLE_ANY_GROUND, Infinity, 0, v, -1);
    }
    if (!attacked) continue;
    e.fPendingBm[g]!++;
    resolveStage(e, 0, e.nHits, false, false, rng);
  }
}
