/**
 * Allocate Dice (BattleBible L1095-1103). Kept hit dice go one at a time to
 * the closest unit of the target detachment the die can affect (Armor no
 * higher than its score, L1099), a unit taking a second hit only once every
 * unit that can be affected has one, a third once all have two (L1103).
 *
 * The seed does not say which die is allocated first. `highestFirst` false
 * (the default, `allocationOrder: 'lowest-first'`) takes the lowest faces
 * first, so the high faces are still there for the high armour further back;
 * true takes the highest first. With dice {3, 5} at a near Armor-3 unit and a
 * far Armor-5 one, lowest first hits both, highest first only the near one.
 *
 * "Every unit that can be affected" is read per die: the die goes to the
 * nearest unit, among those it can affect, that has the fewest hits so far.
 *
 * `faces[f]` holds the number of kept dice showing f (1..6); `eligible[0..n)`
 * the units that can be hit, nearest first; `armour[u]` each unit's Armor;
 * `hits[u]` (zero for the eligible units on entry) receives the hits.
 * Returns the number of dice allocated (the attack's hits, L1046).
 */
export function allocateDice(faces: Int32Array, eligible: Int32Array, n: number, armour: Int8Array, hits: Int32Array, highestFirst: boolean): number {
  let allocated = 0;
  for (let step = 0; step < 6; step++) {
    const f = highestFirst ? 6 - step : 1 + step;
    let dice = faces[f]!;
    while (dice > 0) {
      let best = -1;
      let bestHits = 0x7fffffff;
      for (let i = 0; i < n; i++) {
        const u = eligible[i]!;
        if (armour[u]! <= f && hits[u]! < bestHits) {
          best = u;
          bestHits = hits[u]!;
        }
      }
      if (best < 0) break; // no unit this face can affect: the rest of these dice are lost
      hits[best]!++;
      allocated++;
      dice--;
    }
  }
  return allocated;
}

/** The lowest Armor among the eligible units (L1087-1089): dice below it are discarded (L1093). */
export function lowestArmour(eligible: Int32Array, n: number, armour: Int8Array): number {
  let low = 7;
  for (let i = 0; i < n; i++) {
    const a = armour[eligible[i]!]!;
    if (a < low) low = a;
  }
  return low;
}
