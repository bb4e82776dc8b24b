/**
 * RB 1.12.5: an assault's hits go to the units in base contact first, then to
 * the closest. Puts unit u, at distance dist[u] (0 in base contact), into the
 * allocation order order[base, base + count), after every unit no further
 * away, so units as close keep the order they were put in. Returns whether u
 * went before any unit already there.
 */
export function insertInAllocationOrder(order: Int32Array, base: number, count: number, dist: Float64Array, u: number): boolean {
  const d = dist[u]!;
  let slot = count;
  while (slot > 0 && dist[order[base + slot - 1]!]! > d) {
    order[base + slot] = order[base + slot - 1]!;
    slot--;
  }
  order[base + slot] = u;
  return slot < count;
}
