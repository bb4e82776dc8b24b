import { describe, expect, it } from 'vitest';
import { gameScore } from '../../../src/stats/gameScore.js';

describe('gameScore', () => {
  it('scores wins 1 and draws ½, with the sample variance of the mean', () => {
    // 3 wins, 2 draws, 5 losses: scores 1,1,1,.5,.5,0,0,0,0,0; mean 0.4; Σ(x−m)² = 3·0.36 + 2·0.01 + 5·0.16 = 1.9.
    const s = gameScore(3, 2, 10);
    expect(s.mean).toBeCloseTo(0.4, 12);
    expect(s.variance).toBeCloseTo(1.9 / 9 / 10, 12);
  });

  it('has no variance when every game ends alike, and none from no games', () => {
    expect(gameScore(0, 8, 8)).toEqual({ mean: 0.5, variance: 0 });
    expect(gameScore(0, 0, 0)).toEqual({ mean: 0, variance: 0 });
  });
});
