import * as C from '../codes.js';
import type { Engagement } from '../engagement.js';
import { setSideAttackProfiles } from './attacks.js';

let nextCacheId = 1;

/**
 * The charge and counter-charge moves depend only on who is alive and where
 * the formations stand. When every unit of the attacking and defending
 * formations is alive and the fronts are where they were, the outcome is the
 * same as last time: it is kept here, one cache per assault step, and copied
 * back instead of recomputed. Without overwatch the first round's directly
 * engaged units are the same too, and kept with it. The scratch arrays keep
 * the state after a cached start until something moves a unit
 * (`Engagement.asFreshCache`), so back-to-back assaults from the same
 * starting state copy nothing.
 */
export class ChargeCache {
  /** Identifies the cache in `Engagement.asFreshCache`. */
  readonly id = nextCacheId++;
  valid = false;
  noAssault = false;
  /** Formations that attacked and defended when the cache was filled (as bit masks). */
  attackers = 0;
  defenders = 0;
  /** Fronts before the assault (the key) and the attackers' fronts after the charge. */
  readonly front: Float64Array;
  readonly chargedFront: Float64Array;
  readonly pos: Float64Array;
  readonly contact: Int32Array;
  readonly forceFF: Uint8Array;
  /** The first round's directly engaged units and allocation order, when `hasEngaged`. */
  hasEngaged = false;
  readonly engaged: Uint8Array;
  readonly order: Int32Array;
  readonly orderCount: Int32Array;
  /** War engines among the attackers and defenders: their damage at the start counts for the result. */
  readonly warEngines: Int32Array;
  nWarEngines = 0;

  constructor(nFormations: number, nUnits: number) {
    this.front = new Float64Array(nFormations);
    this.chargedFront = new Float64Array(nFormations);
    this.pos = new Float64Array(nUnits);
    this.contact = new Int32Array(nUnits);
    this.forceFF = new Uint8Array(nUnits);
    this.engaged = new Uint8Array(nUnits);
    this.order = new Int32Array(2 * nUnits);
    this.orderCount = new Int32Array(2);
    this.warEngines = new Int32Array(nUnits);
  }
}

/** Every unit of the attacking and defending formations alive and still in its transport if it began there, fronts (and roles) as cached? */
export function pristine(e: Engagement, cache: ChargeCache, compareFronts: boolean): boolean {
  if (compareFronts && (e.asAttackers !== cache.attackers || e.asDefenders !== cache.defenders)) return false;
  for (let f = 0; f < e.nFormations; f++) {
    const r = e.fRole[f];
    if (r !== 1 && r !== 2) continue;
    if (e.fAlive[f] !== e.fUnitEnd[f]! - e.fUnitStart[f]!) return false;
    if (e.transports.fEmbarked[f] !== e.transports.fStartEmbarked[f]) return false;
    if (compareFronts && e.fFront[f] !== cache.front[f]) return false;
  }
  return true;
}

/** Keeps the charge's outcome; the fronts are those before the charge. */
export function saveCharge(e: Engagement, cache: ChargeCache, noAssault: boolean): void {
  cache.valid = true;
  cache.noAssault = noAssault;
  cache.hasEngaged = false;
  cache.attackers = e.asAttackers;
  cache.defenders = e.asDefenders;
  for (let f = 0; f < e.nFormations; f++) cache.front[f] = e.fFront[f]!;
  const end = e.asBound[2]!;
  cache.nWarEngines = 0;
  for (let k = 0; k < end; k++) {
    const u = e.asList[k]!;
    cache.pos[u] = e.asPos[u]!;
    cache.contact[u] = e.asContact[u]!;
    cache.forceFF[u] = e.asForceFF[u]!;
    if ((e.uFlags[u]! & C.U_WAR_ENGINE) !== 0) cache.warEngines[cache.nWarEngines++] = u;
  }
}

/** Keeps the attackers' fronts after the charge and, if given, the first round's engaged units (then the scratch holds the cached state). */
export function saveChargedState(e: Engagement, cache: ChargeCache, withEngaged: boolean): void {
  for (let f = 0; f < e.nFormations; f++) if (e.fRole[f] === 1) cache.chargedFront[f] = e.fFront[f]!;
  if (!withEngaged) return;
  cache.hasEngaged = true;
  const end = e.asBound[2]!;
  for (let k = 0; k < end; k++) cache.engaged[e.asList[k]!] = e.asEngaged[e.asList[k]!]!;
  for (let side = 0; side < 2; side++) {
    const base = e.asOrderStart[side]!;
    const count = e.asOrderCount[side]!;
    cache.orderCount[side] = count;
    for (let k = 0; k < count; k++) cache.order[base + k] = e.asOrder[base + k]!;
  }
  e.asFreshCache = cache.id;
}

/**
 * The cached state after the charge: positions and contacts (unless the
 * scratch still holds them), the attackers' fronts, the war engines' damage
 * at the start. Every unit of the attacking and defending formations is alive.
 */
export function loadCharge(e: Engagement, cache: ChargeCache): void {
  if (e.asFreshCache !== cache.id) {
    const end = e.asBound[2]!;
    for (let k = 0; k < end; k++) {
      const u = e.asList[k]!;
      e.asPos[u] = cache.pos[u]!;
      e.asContact[u] = cache.contact[u]!;
      e.asForceFF[u] = cache.forceFF[u]!;
      e.asStartAlive[u] = 1;
      e.asEngaged[u] = cache.engaged[u]!;
    }
    for (let side = 0; side < 2; side++) {
      const base = e.asOrderStart[side]!;
      const count = cache.orderCount[side]!;
      e.asOrderCount[side] = count;
      for (let k = 0; k < count; k++) e.asOrder[base + k] = cache.order[base + k]!;
    }
    setSideAttackProfiles(e);
    e.asFreshCache = cache.id;
  }
  for (let f = 0; f < e.nFormations; f++) if (e.fRole[f] === 1) e.fFront[f] = cache.chargedFront[f]!;
  for (let i = 0; i < cache.nWarEngines; i++) {
    const u = cache.warEngines[i]!;
    e.asStartDamage[u] = e.stDamageTaken[u]!;
  }
}
