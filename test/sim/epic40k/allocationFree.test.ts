import { describe, expect, it } from 'vitest';
import { collectionsDuring } from '../../helpers/gcCollections.js';

/**
 * Epic 40,000 trials allocate nothing (issue 20, item 4: allocation-free
 * trials like the NetEA kernel): node --trace-gc reports no garbage
 * collection while a warmed-up runner plays 100,000 trials of either bench
 * scenario (test/helpers/trialLoop.ts) in a 1 MB young generation
 * (gcCollections.ts SEMI_SPACE_MB): under 10.5 bytes per trial, where
 * 1,000,000 trials in the 16 MB the loop grows by default showed under 16.8.
 * That the method sees allocation is
 * shown by test/sim/heresy/allocationFree.test.ts's control.
 */

describe('Epic 40,000 trials allocate nothing', () => {
  it.each(['epic40k-shooting', 'epic40k-assault'])('%s: no garbage collection in 100,000 trials (1 MB semi-space)', async (id) => {
    expect(await collectionsDuring(id, '100000')).toBe(0);
  });
});
