import { setupLists } from './listsView.js';

/**
 * lists.js, loaded by the page the first time the list panel is opened or a matchup link is
 * followed: the importers of `roster import` (with their mapping tables), the list checks and the
 * matchup, kept out of main.js (docs/playground.md, "Lists and matchups").
 */
(globalThis as unknown as { epicBalanceLists: { setupLists: typeof setupLists } }).epicBalanceLists = { setupLists };
