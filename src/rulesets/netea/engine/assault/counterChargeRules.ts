/**
 * Counter-charges (RB 1.12.4), each rule written once, as a function of
 * numbers: the general procedure (assault/moves.ts `counterCharge`) and the
 * assault plan (plannedAssault/moves.ts, its moves compiled in
 * assaultPlan.ts) both call them. A unit counter-charges if it is alive and
 * not in base contact (nor inside a transport).
 */

/** RB 1.12.4: a counter-charge moves 5 cm, 10 cm for a unit of speed 30 cm or more. */
export function counterChargeMove(speed: number): number {
  return speed >= 30 ? 10 : 5;
}

/**
 * The enemy a unit counter-charges: the closest living one; among equally
 * close ones, one with room for another unit in base contact. Is an enemy
 * at `distance`, with room or not (`free`), a better pick than the best so
 * far (at `best`, with room or not)?
 */
function closerTarget(distance: number, free: boolean, best: number, bestFree: boolean): boolean {
  return distance < best || (distance === best && free && !bestFree);
}

/**
 * The enemy a unit at `pos` on the assault axis counter-charges, by
 * `closerTarget`, among the units list[from, to) (alive[v] 1 for a living
 * one, at positions[v], with contact[v] units in base contact of the
 * contactCap[v] it may have); -1 if none lives.
 */
export function counterChargeTarget(pos: number, list: Int32Array, from: number, to: number, alive: Uint8Array | Int32Array, positions: Float64Array, contact: Int32Array, contactCap: Int32Array): number {
  let nearest = -1;
  let best = Infinity;
  let bestFree = false;
  for (let j = from; j < to; j++) {
    const v = list[j]!;
    if (alive[v] === 0) continue;
    const d = Math.abs(pos - positions[v]!);
    const free = contact[v]! < contactCap[v]!;
    if (closerTarget(d, free, best, bestFree)) {
      best = d;
      nearest = v;
      bestFree = free;
    }
  }
  return nearest;
}

/** It moves into base contact if it would rather fight there, its pick is within its move and has room. */
export function countersIntoContact(wantsContact: boolean, distance: number, move: number, room: boolean): boolean {
  return wantsContact && distance <= move && room;
}

/** Otherwise, more than 15 cm away, it closes towards its pick, to 5 cm at the nearest: how far it moves (0: it stays). */
function closingStep(distance: number, move: number): number {
  if (distance <= 15) return 0;
  const step = Math.min(move, distance - 5);
  return step > 0 ? step : 0;
}

/** Where a unit at `pos` ends its `closingStep` towards its pick at `targetPos`. */
export function closingMove(pos: number, targetPos: number, move: number): number {
  const step = closingStep(Math.abs(pos - targetPos), move);
  if (step === 0) return pos;
  return pos + (targetPos > pos ? step : -step);
}
