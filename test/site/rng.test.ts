import { describe, expect, it } from 'vitest';
import { rngFromSeed as pageRng } from '../../site/src/engine/rng.js';
import { rngFromSeed } from '../../src/sim/rng.js';

/**
 * The page's generator (site/src/engine/rng.ts, state in an Int32Array for
 * Chromium's V8) draws the same stream as the command line's, word for word.
 */
describe('the playground\'s sfc32', () => {
  it('gives the command line\'s words for every seed tried', () => {
    for (const seed of ['epic-balance', 'play', '', 'seed\u0000shoot\u00004 Devastator -> 8 Ork Boyz\u00007', 'ünï']) {
      const a = rngFromSeed(seed);
      const b = pageRng(seed);
      expect(b.state()).toEqual(a.state());
      for (let i = 0; i < 200_000; i++) if (a.next() !== b.next()) expect.unreachable(`seed "${seed}", word ${i}`);
      expect(b.state()).toEqual(a.state());
    }
  });
});
