import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/**
 * Preloaded (`node --import`) into the process whose peak memory the bench
 * measures: at exit, writes the process's peak resident set size (all its
 * threads) to the file named by EPIC_BALANCE_MAXRSS_FILE.
 */
const out = process.env.EPIC_BALANCE_MAXRSS_FILE;
if (isMainThread && out) {
  process.on('exit', () => {
    writeFileSync(out, JSON.stringify({ maxRssBytes: process.resourceUsage().maxRSS * 1024 }));
  });
}
