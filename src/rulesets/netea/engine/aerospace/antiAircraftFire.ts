import type { Sfc32 } from '../../../../sim/rng.js';
import { rollToHit } from '../../../../sim/dice/rollToHit.js';
import { rollDice } from '../../../../sim/diceExpr.js';
import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import { allocateHitsFrontToBack, queueHit } from '../allocate.js';
import { flushPendingBlastMarkers } from '../blastMarkers.js';
import { markFired, resolveStage, suppressShooters } from '../shoot.js';
import { JINK_SAVE } from '../saves/saveStack.js';
import { carriageLineLost } from '../criticals/carriages.js';

/** Can line l fire at aircraft now (an AA value, a ranged weapon, a single shot not yet used, not a lost carriage's)? */
export function aaLineReady(e: Engagement, l: number): boolean {
  if (e.air.wAA[l]! >= C.NONE || e.wKind[l] !== C.KIND_RANGED || carriageLineLost(e, l)) return false;
  return (e.wFlags[l]! & C.W_SINGLE_SHOT) === 0 || e.stSingleShotUsed[l] === 0;
}

/** The group's AA mode with the best value in range, or -1 (a group's modes are alternatives). */
function bestAaLine(e: Engagement, g: number, distance: number): number {
  const first = e.air.gAaLine[g]!;
  if (first < 0) return -1;
  if (aaLineReady(e, first) && e.wRange[first]! >= distance) return first;
  let best = -1;
  const end = e.gLineEnd[g]!;
  for (let l = e.gLineStart[g]!; l < end; l++) {
    if (!aaLineReady(e, l) || e.wRange[l]! < distance) continue;
    if (best < 0 || e.air.wAA[l]! < e.air.wAA[best]!) best = l;
  }
  return best;
}

/**
 * Whether aircraft formation f jinks against the saves it must now make
 * (RB 4.2.3): all of it or none, only fighters and fighter-bombers, and only
 * when 4+ beats its armour. Before it has attacked, jinking costs the attack,
 * so it jinks then only under `jinkBeforeAttack`.
 */
export function decideJink(e: Engagement, f: number): void {
  if (e.air.fCanJink[f] === 0 || e.air.fJink[f] === 1) return;
  if (e.air.fAttacked[f] === 0 && !e.optJinkBeforeAttack) return;
  let armour = C.NONE;
  const end = e.fUnitEnd[f]!;
  for (let u = e.fUnitStart[f]!; u < end; u++) if (e.stAlive[u] === 1 && e.uArmour[u]! < armour) armour = e.uArmour[u]!;
  if (JINK_SAVE < armour) e.air.fJink[f] = 1;
}

/**
 * One anti-aircraft attack (RB 4.2.3-4.2.4, 4.2.7): the units of `by` fire
 * their AA weapons at aircraft formation `at`, `toHit` added to every
 * number needed (TP: -1 for interceptors, +1 for flak in the end phase from a
 * formation that moved). Flak (`flakPhase` >= 0) comes from units within AA
 * range of the aircraft, suppressed by the flak formation's Blast markers
 * ([A-8]), each unit at most once per aircraft formation per turn; an
 * interception reaches every aircraft. Units inside transports do not fire
 * (RB 1.7.5). The hits go to aircraft only, front
 * to back; the formation jinks or not (decideJink), saves, and takes one
 * Blast marker for coming under fire per phase (none when `underFireBit` is 0) plus one per aircraft lost
 * or point of damage. Returns false if nothing could fire.
 */
export function antiAircraftFire(e: Engagement, by: number, at: number, toHit: number, underFireBit: number, flak: boolean, rng: Sfc32): boolean {
  if (e.fAlive[by] === 0 || e.fAlive[at] === 0 || e.fBroken[by] === 1) return false;
  const nF = e.nFormations;
  const fStart = e.fUnitStart[by]!;
  const fEnd = e.fUnitEnd[by]!;
  const gap = flak ? e.fFront[by]! + e.fFront[at]! : 0;
  const air = e.air;
  const turnKey = air.turnKey(e.turn);
  const maxRange = air.uMaxAaRange;
  const aaEnd = air.fAaStart[by + 1]!;
  const aaStart = air.fAaStart[by]!;
  if (aaStart === aaEnd) return false;
  // Suppression walks the whole formation back to front: the units without AA must read as not firing.
  if (e.fBm[by]! > 0) for (let u = fStart; u < fEnd; u++) e.scCanFire[u] = 0;
  let shooters = 0;
  for (let k = aaStart; k < aaEnd; k++) {
    const u = air.aaUnits[k]!;
    let ok = e.stAlive[u] === 1 && e.transports.stEmbarked[u] === 0 && e.stDisarmed[u] === 0 && maxRange[u]! >= (flak ? gap + e.uDepth[u]! : 0) && (!flak || air.flakTurn[u * nF + at] !== turnKey);
    if (ok) {
      ok = false;
      const distance = flak ? gap + e.uDepth[u]! : 0;
      const gEnd = e.uGroupEnd[u]!;
      for (let g = e.uGroupStart[u]!; g < gEnd && !ok; g++) ok = bestAaLine(e, g, distance) >= 0;
    }
    e.scCanFire[u] = ok ? 1 : 0;
    if (ok) shooters++;
  }
  if (suppressShooters(e, by, shooters) === 0) return false;

  e.atkTarget = at;
  e.atkNonExpendableKills = 0;
  if (underFireBit !== 0 && (e.air.fUnderFire[at]! & underFireBit) === 0) {
    e.air.fUnderFire[at]! |= underFireBit;
    e.fPendingBm[at]!++;
  }
  e.nHits = 0;
  e.nMacroHits = 0;
  for (let k = aaStart; k < aaEnd; k++) {
    const u = air.aaUnits[k]!;
    if (e.scCanFire[u] === 0) continue;
    if (flak) e.air.flakTurn[u * nF + at] = turnKey;
    const distance = flak ? gap + e.uDepth[u]! : 0;
    const gEnd = e.uGroupEnd[u]!;
    for (let g = e.uGroupStart[u]!; g < gEnd; g++) {
      const l = bestAaLine(e, g, distance);
      if (l < 0) continue;
      markFired(e, l);
      const t = e.air.wAA[l]! + toHit + e.stToHitPenalty[u]!;
      let shots = e.wShotsN[l] === 0 ? e.wShotsPlus[l]! : rollDice(rng, e.wShotsN[l]!, e.wShotsSides[l]!, e.wShotsPlus[l]!);
      shots *= e.wShotsTimes[l]!;
      for (let s = 0; s < shots; s++) if (rollToHit(rng, t)) queueHit(e, C.CLASS_AIR, Infinity, e.wHitFlags[l]!, -1, l);
    }
  }
  const hits = e.nHits;
  if (hits > 0) {
    decideJink(e, at);
    allocateHitsFrontToBack(e, at, 0, hits, false, rng);
    resolveStage(e, 0, hits, false, false, rng);
    if (e.nMacroHits > 0) {
      allocateHitsFrontToBack(e, at, 0, hits, true, rng);
      resolveStage(e, 0, hits, true, false, rng);
    }
  }
  e.atkTarget = -1;
  flushPendingBlastMarkers(e, rng);
  return true;
}
