import { describe, expect, it } from 'vitest';
import { collectionsDuring } from '../../helpers/gcCollections.js';

/**
 * Heresy trials allocate nothing (issue 21: hot loops allocate nothing per
 * trial): node --trace-gc reports no garbage collection while a warmed-up
 * runner plays 100,000 trials (test/helpers/trialLoop.ts) in a 1 MB young
 * generation (gcCollections.ts SEMI_SPACE_MB): under 10.5 bytes per trial,
 * where 1,000,000 trials in the 16 MB the loop grows by default showed under
 * 16.8; the naive reference, which allocates objects per die, causes many in
 * 20,000.
 */

describe('Heresy trials allocate nothing', () => {
  it.each(['heresy-shooting', 'heresy-assault'])('%s: no garbage collection in 100,000 trials (1 MB semi-space)', async (id) => {
    expect(await collectionsDuring(id, '100000')).toBe(0);
  });

  it('the method sees allocation: the naive reference collects garbage within 20,000 trials', async () => {
    expect(await collectionsDuring('heresy-shooting', '20000', 'naive')).toBeGreaterThan(0);
  });
});
