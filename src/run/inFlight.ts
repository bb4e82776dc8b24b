/**
 * Runs `work` over the items with at most `limit` under way at once, in the items' order; the first
 * failure stops it. For work that starts runs on a pool: starting thousands at once would hold the
 * main thread (each start allocates its merge state) and let nothing else, Ctrl-C included, run.
 */
export async function inFlight<T>(items: readonly T[], limit: number, work: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
