import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/**
 * Preloaded (`node --import`) into the process whose memory the bench
 * measures. Samples the resident set size of the whole process (all its
 * threads) every 100 ms and at exit writes the samples and the peak
 * (`process.resourceUsage().maxRSS`) to the file named by
 * EPIC_BALANCE_MAXRSS_FILE.
 */
const out = process.env.EPIC_BALANCE_MAXRSS_FILE;
if (isMainThread && out) {
  const started = performance.now();
  const samples: Array<[number, number]> = [];
  const sample = () => samples.push([performance.now() - started, process.memoryUsage.rss()]);
  setInterval(sample, 100).unref();
  process.on('exit', () => {
    sample();
    writeFileSync(out, JSON.stringify({ maxRssBytes: process.resourceUsage().maxRSS * 1024, samples }));
  });
}
