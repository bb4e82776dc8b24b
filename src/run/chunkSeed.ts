import { rngFromSeed, type Sfc32 } from '../sim/rng.js';

/**
 * The generator for chunk k of a run: seeded from (master seed, scenario,
 * matchup, k) and nothing else, so a chunk draws the same dice whichever
 * worker runs it and whenever. Comparisons that share `scenario`, `matchup`
 * and the seed get common random numbers.
 */
export function chunkRng(seed: string, scenario: string, matchup: string, chunk: number): Sfc32 {
  return rngFromSeed(`${seed}\u0000${scenario}\u0000${matchup}\u0000${chunk}`);
}
