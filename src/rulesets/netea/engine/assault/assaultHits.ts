import type { Sfc32 } from '../../../../sim/rng.js';
import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import { assignHit } from '../allocate.js';
import { resolveHit } from '../damage.js';

/** Hit-mask bits for war-engine dice (RB 3.3.2): CC dice hit only units in base contact, FF dice only units that are not. */
export const ONLY_CONTACT = 64;
export const ONLY_NOT_CONTACT = 128;

/**
 * Allocates and saves the queued hits on each side (RB 1.12.5, TP Allocate
 * Hits): normal hits, then MW and TK hits among the survivors, to directly
 * engaged units only, base contact first, spread evenly, war engines in DC
 * blocks. Attacking infantry get no cover saves; no crossfire in assaults.
 * Kills place no Blast markers until the result (RB 1.12.5).
 */
export function resolveAssaultHits(e: Engagement, rng: Sfc32): void {
  for (let stage = 0; stage < 2; stage++) {
    if (stage === 1 && e.nMacroHits === 0) break;
    if (e.asListWarEngine) {
      for (let side = 0; side < 2; side++) allocateAssaultHits(e, side, stage === 1, rng);
    } else {
      allocateInTurn(e, stage === 1);
    }
    for (let h = 0; h < e.nHits; h++) {
      const flags = e.hFlags[h]!;
      if (((flags & C.H_SECOND_STAGE) !== 0) !== (stage === 1)) continue;
      const u = e.hTarget[h]!;
      if (u < 0) continue;
      resolveHit(e, u, flags, e.hDamage[h]!, false, e.hSide[h] === 0, rng);
    }
  }
  for (let f = 0; f < e.nFormations; f++) if (e.fRole[f] !== 0) e.fPendingBm[f] = 0;
}

/**
 * The even spread when no war engine takes part: every unit has one DC and no
 * hit is limited to base contact or rolls Titan Killer damage, so each hit of
 * a side goes to the next living unit of its allocation order, back to the
 * first after the last.
 */
function allocateInTurn(e: Engagement, macroStage: boolean): void {
  let k0 = -1;
  let k1 = -1;
  for (let h = 0; h < e.nHits; h++) {
    if (((e.hFlags[h]! & C.H_SECOND_STAGE) !== 0) !== macroStage) continue;
    let u: number;
    if (e.hSide[h] === 0) {
      k0 = nextInTurn(e, e.asOrder, e.asOrderStart[0]!, e.asOrderCount[0]!, k0, 0);
      u = k0 < 0 ? -1 : e.asOrder[e.asOrderStart[0]! + k0]!;
    } else {
      k1 = nextInTurn(e, e.asOrder, e.asOrderStart[1]!, e.asOrderCount[1]!, k1, 0);
      u = k1 < 0 ? -1 : e.asOrder[e.asOrderStart[1]! + k1]!;
    }
    e.hTarget[h] = u;
    e.hDamage[h] = 1;
  }
}

/**
 * Position in `list[base, base + count)` of the next living unit after
 * position k, wrapping around, that has none of the `skip` flags and is not
 * inside a transport; -1 if there is none. Taking hits in turn this way is
 * the even spread of RB 1.9.6 and 1.12.5 when every hit counts one.
 */
export function nextInTurn(e: Engagement, list: Int32Array, base: number, count: number, k: number, skip: number): number {
  for (let i = 0; i < count; i++) {
    k = k + 1 >= count ? 0 : k + 1;
    const u = list[base + k]!;
    if (e.stAlive[u] === 1 && (e.uFlags[u]! & skip) === 0 && e.transports.stEmbarked[u] === 0) return k;
  }
  return -1;
}

function allocateAssaultHits(e: Engagement, side: number, macroStage: boolean, rng: Sfc32): void {
  const base = e.asOrderStart[side]!;
  const count = e.asOrderCount[side]!;
  const stamp = ++e.stamp;
  for (let h = 0; h < e.nHits; h++) {
    if (e.hSide[h] !== side) continue;
    const flags = e.hFlags[h]!;
    if (((flags & C.H_SECOND_STAGE) !== 0) !== macroStage) continue;
    const mask = e.hMask[h]!;
    let best = -1;
    let bestLevel = 0x7fffffff;
    for (let k = 0; k < count; k++) {
      const u = e.asOrder[base + k]!;
      if (e.stAlive[u] === 0) continue;
      if ((mask & ONLY_CONTACT) !== 0 && e.asContact[u] === 0) continue;
      if ((mask & ONLY_NOT_CONTACT) !== 0 && e.asContact[u]! > 0) continue;
      const load = e.scStamp[u] === stamp ? e.scLoad[u]! : 0;
      const level = (load / e.stStartDC[u]!) | 0;
      if (level < bestLevel) {
        bestLevel = level;
        best = u;
        if (level === 0) break;
      }
    }
    assignHit(e, h, best, stamp, rng);
  }
}
