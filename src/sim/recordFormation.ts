/**
 * Adds one formation's state after a step to its block of the tally
 * (engagementTallyLayout.ts, FormationRecordLayout), which starts at `hist`: one more
 * count at hist + units lost, then broken, destroyed, and the sum and sum of
 * squares of its Blast markers, points lost, war-engine damage and markers
 * placed. A zero is not added: it would leave the sums as they are.
 *
 * Broken and destroyed are exclusive: a formation with no unit left counts as
 * destroyed only, so P(broken or destroyed) is their sum. A destroyed war
 * engine keeps its broken state in the engagement (it broke as its damage
 * mounted, RB 3.1.3), and without this it was counted twice.
 */
export function recordFormation(tally: Float64Array, hist: number, units: number, alive: number, broken: boolean, bm: number, points: number, damage: number, placed: number): void {
  tally[hist + units - alive]!++;
  const o = hist + units + 1;
  if (alive === 0) tally[o + 1]!++;
  else if (broken) tally[o]!++;
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
