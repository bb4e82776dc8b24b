import { describe, expect, it } from 'vitest';
import { collectionsDuringGames } from '../helpers/gcCollections.js';

/**
 * Games allocate nothing per game (issue 30: "allocation per game: flat, as
 * many collections at 100,000 games as at 5,000"): node --trace-gc counts the
 * garbage collections while a warmed-up runner plays the bench's small game
 * (transports, a war engine, aircraft on both sides; test/helpers/gameLoop.ts)
 * 100,000 times, in its first 5,000 games and in all 100,000: the same number,
 * none. One process plays both counts: its first 5,000 games are those a run
 * of 5,000 alone plays (the same seed, after the same warm-up), so a second
 * process would count the same games again.
 */
describe('games allocate nothing', () => {
  it('game-small: as many collections in 100,000 games as in 5,000, none', async () => {
    const [few, many] = await collectionsDuringGames('game-small', 5_000, 100_000);
    expect(many).toBe(few);
    expect(many).toBe(0);
  });
});
