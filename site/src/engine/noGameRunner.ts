/**
 * What the page's bundles have in place of src/rulesets/netea/game/gameRunner.ts
 * (site/build.ts): the page runs engagements, scripts and fair costs, never a
 * whole game (`epic-balance game` and `tournament` do), so the game engine and
 * its players stay out of main.js and worker.js, whose sizes
 * test/site/playground.test.ts bounds. A game reaching it is refused by name.
 */
export class GameRunner {
  constructor() {
    throw new Error('the playground does not play whole games: use `epic-balance game` or `epic-balance tournament`');
  }
}
