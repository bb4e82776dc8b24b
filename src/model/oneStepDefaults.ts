import { DEFAULT_ASSAULT_GAP, DEFAULT_GAP, DEFAULT_RANK_WIDTH, DEFAULT_SPACING } from './engagementGeometry.js';
import { DEFAULT_CHUNK_SIZE, DEFAULT_SEED, DEFAULT_TRIALS } from './runDefaults.js';

/**
 * The defaults of the one-step commands (`shoot`, `assault`) that the page's form shares, in
 * one object: the page fills an empty field with them and writes them into the command lines
 * its links print (test/site/hash.test.ts checks them against the commands' options).
 */
export const CLI_DEFAULTS = {
  trials: DEFAULT_TRIALS,
  seed: DEFAULT_SEED,
  chunkSize: DEFAULT_CHUNK_SIZE,
  shootGap: DEFAULT_GAP,
  assaultGap: DEFAULT_ASSAULT_GAP,
  rankWidth: DEFAULT_RANK_WIDTH,
  spacing: DEFAULT_SPACING,
} as const;
