/**
 * Assault casualties (seed 003, L233-240, L269-273, L492-495): the points of
 * the other side's roll buy models; each costs its assault value (a Tank
 * Killer buyer pays half for an Armored Vehicle, rounded up), at least
 * `minCost`; the owner chooses, so the weakest stands go first ("absorb
 * losses with weaker troops", L238-240). Points left that buy nothing are
 * lost (L271-272).
 *
 * `order` lists the unit's stands cheapest first, `cost` their costs; dead
 * stands are skipped. Marks the bought stands dead in `alive` and returns
 * how many.
 */
export function buyCasualties(points: number, order: Int32Array, cost: Int32Array, alive: Uint8Array): number {
  let kills = 0;
  for (let i = 0; i < order.length; i++) {
    const u = order[i]!;
    if (alive[u] === 0) continue;
    const c = cost[i]!;
    if (c > points) break;
    points -= c;
    alive[u] = 0;
    kills++;
  }
  return kills;
}
