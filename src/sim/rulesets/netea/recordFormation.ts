/**
 * Adds one formation's state after a step to its block of the tally
 * (tallyLayout.ts, FormationRecordLayout), which starts at `hist`: one more
 * count at hist + units lost, then broken, destroyed, and the sum and sum of
 * squares of its Blast markers, points lost, war-engine damage and markers
 * placed. A zero is not added: it would leave the sums as they are.
 */
export function recordFormation(tally: Float64Array, hist: number, units: number, alive: number, broken: boolean, bm: number, points: number, damage: number, placed: number): void {
  tally[hist + units - alive]!++;
  const o = hist + units + 1;
  if (broken) tally[o]!++;
  if (alive === 0) tally[o + 1]!++;
  if (bm !== 0) {
    tally[o + 2]! += bm;
    tally[o + 3]! += bm * bm;
  }
  if (points !== 0) {
    tally[o + 4]! += points;
    tally[o + 5]! += points * points;
  }
  if (damage !== 0) {
    tally[o + 6]! += damage;
    tally[o + 7]! += damage * damage;
  }
  if (placed !== 0) {
    tally[o + 8]! += placed;
    tally[o + 9]! += placed * placed;
  }
}
