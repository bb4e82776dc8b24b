import { d6 } from '../../../sim/dice/d6.js';
import type { Sfc32 } from '../../../sim/rng.js';
import { saveAll } from './applyHits.js';
import type { Epic40kState } from './state.js';
import { applyDamageCapacityLoss, damageWarEngine } from './warEngineDamage.js';

/**
 * Super-heavy and special weapons (BattleBible L1109-1128, L1318-1370). They
 * are not added to the detachment's firepower (L1111); each is fired
 * individually at a nominated target (L1128). Nomination here: the nearest
 * unit the attack can hit that has been nominated the fewest times, so the
 * shots spread one per unit before any unit gets a second, as hit dice do.
 * Each function returns whether it scored a hit (for the Blast marker of
 * 1-3 weapons, L1120).
 */

/** The nearest of `eligible[0..n)` with the fewest nominations so far (`shots`), or -1. */
function nominate(st: Epic40kState, n: number): number {
  let best = -1;
  let fewest = 0x7fffffff;
  for (let i = 0; i < n; i++) {
    const u = st.eligible[i]!;
    if (st.alive[u] === 1 && st.hits[u]! < fewest) {
      best = u;
      fewest = st.hits[u]!;
    }
  }
  if (best >= 0) st.hits[best]!++;
  return best;
}

/** One point of damage to unit `u` from a super-heavy weapon: a save if it has one, a war engine's damage (with `critical` always a critical). */
function damageOne(st: Epic40kState, rng: Sfc32, u: number, critical: boolean): void {
  if (st.warEngine[u] === 1) {
    damageWarEngine(st, rng, u, 1, false, critical);
    return;
  }
  if (!saveAll(st, rng, u, 1)) st.alive[u] = 0;
}

/**
 * `shots` shots that damage on `need`+ whatever the Armor: Anti-tank 4+ (L1324),
 * Death Ray 2+ and always critical against war engines (L1336). Pulsars fire
 * D6 anti-tank shots each (L1356): the caller adds them.
 */
export function fireShots(st: Epic40kState, rng: Sfc32, n: number, shots: number, need: number, critical: boolean): boolean {
  let hit = false;
  for (let k = 0; k < shots; k++) {
    const u = nominate(st, n);
    if (u < 0) break;
    if (d6(rng) >= need) {
      hit = true;
      damageOne(st, rng, u, critical);
    }
  }
  return hit;
}

/**
 * Distortion cannons (L1344): D6 x 5 at least the target's basic Speed hits (a
 * 6 always, a 1 never). A war engine takes one Critical Hit ignoring shields
 * (the option's critical damage); anything else is destroyed.
 */
export function fireDistortion(st: Epic40kState, rng: Sfc32, n: number, weapons: number): boolean {
  let hit = false;
  const extra = st.options.criticalExtraDamage;
  for (let k = 0; k < weapons; k++) {
    const u = nominate(st, n);
    if (u < 0) break;
    const r = d6(rng);
    if (r === 1 || (r !== 6 && r * 5 < st.speed[u]!)) continue;
    hit = true;
    if (st.warEngine[u] === 1) applyDamageCapacityLoss(st, u, extra);
    else st.alive[u] = 0;
  }
  return hit;
}

/**
 * Mega cannons (L1352): a template over the target units (`templateUnits`
 * of them, nearest first); each unit under it takes a point of damage on a D6
 * of at least its Armor, infantry cover bonus ignored, and the detachment
 * takes one Blast marker per unit under it. Returns the Blast markers; sets
 * `st.faces[0]` to 1 if any hit was scored.
 */
export function fireMegaCannons(st: Epic40kState, rng: Sfc32, n: number, weapons: number): number {
  let markers = 0;
  const cover = st.options.templateUnits;
  for (let k = 0; k < weapons; k++) {
    let under = 0;
    for (let i = 0; i < n && under < cover; i++) {
      const u = st.eligible[i]!;
      if (st.alive[u] === 0) continue;
      under++;
      if (d6(rng) >= st.armour[u]!) {
        st.faces[0] = 1;
        damageOne(st, rng, u, false);
      }
    }
    markers += under;
  }
  return markers;
}

/** Disrupt weapons (L1340): a D6 each, 4+ places a Blast marker; no damage. Returns the markers. */
export function fireDisrupt(rng: Sfc32, weapons: number): number {
  let markers = 0;
  for (let k = 0; k < weapons; k++) if (d6(rng) >= 4) markers++;
  return markers;
}
