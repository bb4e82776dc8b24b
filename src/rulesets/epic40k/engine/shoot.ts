import { d6 } from '../../../sim/dice/d6.js';
import type { Sfc32 } from '../../../sim/rng.js';
import { allocateDice, lowestArmour } from './allocateDice.js';
import { applyHits } from './applyHits.js';
import { firepowerBlastMarkers, superHeavyBlastMarkers } from './blastMarkers.js';
import { attackDice, firepowerColumn, MAX_ATTACK_FIREPOWER } from './firepowerTable.js';
import { modifiedFirepower } from './modifiedFirepower.js';
import * as orders from './orders.js';
import type { Epic40kState } from './state.js';
import { fireDisrupt, fireDistortion, fireMegaCannons, fireShots } from './superHeavyWeapons.js';

// Copies of the imported order codes: imported bindings are read again at every use in optimised code.
const ORDER_ASSAULT = orders.ORDER_ASSAULT;
const ORDER_MARCH = orders.ORDER_MARCH;
const ORDER_OVERWATCH = orders.ORDER_OVERWATCH;

/**
 * How many of the target's units, nearest first, each unit of `by` reaches,
 * when every row of the range matrix is a run of ones from the nearest target
 * (no minimum range in the way): then who fires and who can be hit follow
 * from that count and who is alive, without the matrix. Null otherwise.
 */
export function reachPrefixes(st: Epic40kState, by: number, inRange: Uint8Array): Int32Array | null {
  const sc = st.count[by]!;
  const tc = inRange.length / sc;
  const out = new Int32Array(sc);
  for (let i = 0; i < sc; i++) {
    let n = 0;
    while (n < tc && inRange[i * tc + n] === 1) n++;
    for (let j = n; j < tc; j++) if (inRange[i * tc + j] === 1) return null;
    out[i] = n;
  }
  return out;
}

/**
 * Which units of detachment `by` can reach which of `at` (range and the
 * minimum range of artillery, L779, L1029), fixed for the scenario since
 * nobody moves while shooting: `(s - first[by]) * count[at] + (t - first[at])`.
 */
export function rangeMatrix(st: Epic40kState, by: number, at: number): Uint8Array {
  const sc = st.count[by]!;
  const tc = st.count[at]!;
  const m = new Uint8Array(sc * tc);
  for (let i = 0; i < sc; i++) {
    const s = st.first[by]! + i;
    for (let j = 0; j < tc; j++) {
      const d = st.pos[s]! + st.pos[st.first[at]! + j]!;
      if (st.rangeMax[s]! > 0 && d >= st.rangeMin[s]! && d <= st.rangeMax[s]!) m[i * tc + j] = 1;
    }
  }
  return m;
}

/**
 * The Shooting Procedure (BattleBible L1023-1132) of detachment `by` at
 * detachment `at`:
 *
 * 1. The units of `by` with range to at least one unit of `at` fire; their
 *    firepower is summed, super-heavy weapons apart (L1029), Barrage adding
 *    one firepower per target unit under the template, Heavy Barrage two
 *    (L1328, L1348). Broken detachments (L1271) and marching ones (L942) do
 *    not shoot.
 * 2. The units that can be hit are those in range of a firing unit (L1101);
 *    with part of the target in cover the firer picks the Cover column or the
 *    Open one, in which the units in cover cannot be hit (L1085; option
 *    `mixedCoverColumn`).
 * 3. The firepower is modified (modifiedFirepower.ts) and read on the
 *    Firepower Table in attacks of at most 20 (L1079), each attack rolling
 *    its hit dice, discarding those below the lowest Armor (L1087-1093;
 *    Overwatch re-rolls them once, L928), allocating the rest
 *    (allocateDice.ts) and removing casualties (applyHits.ts).
 * 4. Super-heavy and special weapons fire one by one (superHeavyWeapons.ts).
 * 5. Blast markers: from the unmodified firepower (L1039-1046), from the
 *    number of super-heavy weapons (L1115-1120), mega cannons and disrupt
 *    weapons (L1122, L1340).
 */
export function shoot(st: Epic40kState, rng: Sfc32, by: number, at: number, inRange: Uint8Array, reach: Int32Array | null, plan: ShotPlan): void {
  if (prepareShot(st, by, at, inRange, reach, plan)) resolveShot(st, rng, by, at, plan);
}

/**
 * What a shot brings before any die is rolled (steps 1-3 up to the table):
 * the firepower, its column, the units that can be hit (`st.eligible[0..n)`),
 * the super-heavy and special weapons. It reads only the state (who is alive,
 * Blast markers, orders, broken) and rolls nothing, so for a script's first
 * step, always played on the freshly reset state, the runner prepares it once
 * per scenario and resolves it every trial (runner.ts).
 */
export class ShotPlan {
  /** Unmodified firepower, barrage included (Blast markers, L1039). */
  raw = 0;
  /** Modified firepower read on the table. */
  fp = 0;
  column = 0;
  /** Units that can be hit: `eligible[0..n)` once copied from `st.eligible`. */
  n = 0;
  /** Lowest Armor among the units that can be hit, and whether they all have it (the first attack's). */
  low = 7;
  sameArmour = false;
  antiTank = 0;
  deathRay = 0;
  pulsar = 0;
  distortion = 0;
  mega = 0;
  disrupt = 0;
  readonly eligible: Int32Array;
  constructor(targets: number) {
    this.eligible = new Int32Array(targets);
  }
}

/** Steps 1-3 of the procedure up to the table (see shoot): fills `plan` and `st.eligible`; false when nothing fires or nothing can be hit. */
export function prepareShot(st: Epic40kState, by: number, at: number, inRange: Uint8Array, reach: Int32Array | null, plan: ShotPlan): boolean {
  if (st.broken[by] === 1 || st.order[by] === ORDER_MARCH) return false;
  const sf = st.first[by]!;
  const sEnd = sf + st.count[by]!;
  const tf = st.first[at]!;
  const tc = st.count[at]!;
  const mark = st.mark;
  const halveUnits = st.options.assaultHalving === 'unit';
  let raw = 0;
  let halved = 0;
  let antiTank = 0;
  let deathRay = 0;
  let pulsar = 0;
  let distortion = 0;
  let mega = 0;
  let disrupt = 0;
  let barrage = 0;
  // With reach prefixes: the nearest living target, and how deep the firing units reach.
  let firstAlive = tc;
  let deepest = 0;
  if (reach !== null) {
    for (let j = 0; j < tc; j++) {
      if (st.alive[tf + j] === 1) {
        firstAlive = j;
        break;
      }
    }
    if (firstAlive === tc) return false;
  }
  for (let s = sf; s < sEnd; s++) {
    if (st.alive[s] === 0) continue;
    if (reach !== null) {
      const r = reach[s - sf]!;
      if (r <= firstAlive) continue;
      if (r > deepest) deepest = r;
    } else {
      const row = (s - sf) * tc;
      let fires = false;
      for (let j = 0; j < tc; j++) {
        if (inRange[row + j] === 1 && st.alive[tf + j] === 1) {
          fires = true;
          mark[tf + j] = 1;
        }
      }
      if (!fires) continue;
    }
    const fp = st.firepower[s]!;
    raw += fp;
    if (halveUnits) halved += (fp + 1) >> 1;
    if (st.special[s] === 0) continue;
    antiTank += st.antiTank[s]!;
    deathRay += st.deathRay[s]!;
    pulsar += st.pulsar[s]!;
    distortion += st.distortion[s]!;
    mega += st.megaCannon[s]!;
    disrupt += st.disrupt[s]!;
    barrage += st.barrage[s]!;
  }
  if (reach !== null) for (let j = firstAlive; j < deepest; j++) mark[tf + j] = st.alive[tf + j]!;
  // The units that can be hit, nearest first; the column.
  let n = 0;
  let anyCover = false;
  let anyOpen = false;
  for (let j = 0; j < tc; j++) {
    const t = tf + j;
    if (mark[t] === 0) continue;
    if (st.inCover[t] === 1) anyCover = true;
    else anyOpen = true;
    n++;
  }
  if (n === 0) return false;
  const useCover = anyCover && (!anyOpen || st.options.mixedCoverColumn === 'cover');
  n = 0;
  let allWarEngines = true;
  for (let j = 0; j < tc; j++) {
    const t = tf + j;
    if (mark[t] === 0) continue;
    mark[t] = 0;
    if (st.inCover[t] === 1 && !useCover) continue;
    st.eligible[n++] = t;
    if (st.warEngine[t] === 0) allWarEngines = false;
  }
  if (barrage > 0) {
    const under = n < st.options.templateUnits ? n : st.options.templateUnits;
    raw += barrage * under;
    if (halveUnits) halved += barrage * under;
  }
  plan.raw = raw;
  plan.column = firepowerColumn(allWarEngines, false, useCover, st.order[at] === ORDER_MARCH);
  plan.fp = modifiedFirepower(raw, halved, st.order[by] === ORDER_ASSAULT, !halveUnits, st.bm[by]!, st.options.blastMarkerFirepowerPenalty);
  plan.n = n;
  // The first attack's lowest Armor, and whether all share it (nobody dies before the first attack).
  const low = lowestArmour(st.eligible, n, st.coverArmour);
  plan.low = low;
  plan.sameArmour = sameArmour(st.eligible, n, st.coverArmour, low);
  plan.antiTank = antiTank;
  plan.deathRay = deathRay;
  plan.pulsar = pulsar;
  plan.distortion = distortion;
  plan.mega = mega;
  plan.disrupt = disrupt;
  return true;
}

/** The rest of the procedure (see shoot): the attacks, the super-heavy and special weapons, the Blast markers; `st.eligible[0..plan.n)` as prepareShot left it. Leaves `plan` as it found it. */
export function resolveShot(st: Epic40kState, rng: Sfc32, by: number, at: number, plan: ShotPlan): void {
  let n = plan.n;
  let fp = plan.fp;
  const column = plan.column;
  const overwatch = st.order[by] === ORDER_OVERWATCH;
  const highestFirst = st.options.allocationOrder === 'highest-first';
  const armour = st.coverArmour;
  const faces = st.faces;
  let anyHit = false;
  let first = true;
  while (fp > 0) {
    const part = fp > MAX_ATTACK_FIREPOWER ? MAX_ATTACK_FIREPOWER : fp;
    fp -= part;
    // The first attack's units are alive and its Armor known (prepareShot); later ones look again.
    let low = plan.low;
    let same = plan.sameArmour;
    if (!first) {
      n = compactAlive(st, n);
      if (n === 0) break;
      low = lowestArmour(st.eligible, n, armour);
      same = sameArmour(st.eligible, n, armour, low);
    }
    first = false;
    const dice = attackDice(part, column);
    if (same) {
      // Every kept die can affect every unit: allocateDice's nearest-with-fewest-hits
      // deals them round the units nearest first, whatever the order of the faces.
      let kept = 0;
      for (let k = 0; k < dice; k++) {
        let f = d6(rng);
        if (f < low && overwatch) f = d6(rng);
        if (f >= low) kept++;
      }
      if (kept === 0) continue;
      anyHit = true;
      const each = (kept / n) | 0;
      const extra = kept - each * n;
      // Fewer dice than units: only the nearest `kept` take one (the rest have none, and applyHits passes them by).
      const hit = each === 0 ? extra : n;
      for (let i = 0; i < hit; i++) st.hits[st.eligible[i]!] = i < extra ? each + 1 : each;
      applyHits(st, rng, hit, false);
      continue;
    }
    for (let f = 0; f < 7; f++) faces[f] = 0;
    for (let k = 0; k < dice; k++) {
      let f = d6(rng);
      if (f < low && overwatch) f = d6(rng);
      if (f >= low) faces[f]!++;
    }
    if (allocateDice(faces, st.eligible, n, armour, st.hits, highestFirst) > 0) anyHit = true;
    applyHits(st, rng, n, false);
  }
  let markers = firepowerBlastMarkers(plan.raw, anyHit);
  let antiTank = plan.antiTank;
  const deathRay = plan.deathRay;
  const pulsar = plan.pulsar;
  const distortion = plan.distortion;
  const mega = plan.mega;
  const disrupt = plan.disrupt;
  const superHeavy = antiTank + deathRay + pulsar + distortion + mega;
  if (superHeavy > 0) {
    n = compactAlive(st, n);
    let shwHit = false;
    faces[0] = 0;
    for (let p = 0; p < pulsar; p++) antiTank += d6(rng);
    if (antiTank > 0 && fireShots(st, rng, n, antiTank, 4, false)) shwHit = true;
    if (deathRay > 0 && fireShots(st, rng, n, deathRay, 2, true)) shwHit = true;
    if (distortion > 0 && fireDistortion(st, rng, n, distortion)) shwHit = true;
    if (mega > 0) {
      markers += fireMegaCannons(st, rng, n, mega);
      if (faces[0] === 1) shwHit = true;
    }
    for (let i = 0; i < n; i++) st.hits[st.eligible[i]!] = 0;
    markers += superHeavyBlastMarkers(superHeavy, shwHit);
  }
  if (disrupt > 0) markers += fireDisrupt(rng, disrupt);
  st.addBlastMarkers(at, markers);
}

/** True when every unit of `eligible[0..n)` has Armor `low`. */
function sameArmour(eligible: Int32Array, n: number, armour: Int8Array, low: number): boolean {
  for (let i = 0; i < n; i++) if (armour[eligible[i]!] !== low) return false;
  return true;
}

/** Drops the dead from `eligible[0..n)`, keeping the order; returns the new count. */
function compactAlive(st: Epic40kState, n: number): number {
  let m = 0;
  for (let i = 0; i < n; i++) {
    const u = st.eligible[i]!;
    if (st.alive[u] === 1) st.eligible[m++] = u;
  }
  return m;
}
