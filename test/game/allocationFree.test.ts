import { describe, expect, it } from 'vitest';
import { collectionsDuringGames } from '../helpers/gcCollections.js';

/**
 * Games allocate nothing per game (issue 30: "allocation per game: flat, as
 * many collections at 100,000 games as at 5,000"): node --trace-gc counts the
 * garbage collections while a warmed-up runner plays the bench's small game
 * (transports, a war engine, aircraft on both sides; test/helpers/gameLoop.ts)
 * 5,000 times and 100,000 times: the same number, none.
 */
describe('games allocate nothing', () => {
  it('game-small: as many collections in 100,000 games as in 5,000, none', async () => {
    const few = await collectionsDuringGames('game-small', '5000');
    const many = await collectionsDuringGames('game-small', '100000');
    expect(many).toBe(few);
    expect(many).toBe(0);
  });
});
