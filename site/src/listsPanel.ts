import type { Dataset } from '../../src/model/dataset.js';

/**
 * What the page and the list panel (lists.js, a bundle of its own: NetEA's list imports and
 * matchups, site/src/rulesets/netea/lists/) lend each other: the page loads the bundle by its
 * file name the first time the panel is opened or a matchup link is followed, and talks to it
 * through these alone.
 */

/** What the page around the panel lends it (site/src/main.ts). */
export interface ListsHost {
  /** Switches the page to the data set a `data` word names; an InputError on --data when that checkout is not loaded. */
  useData(word: string | undefined): Dataset;
  /** The word of the data chosen under Data ("builtin" or a checkout's folder name). */
  dataWord(): string;
  /** Stops a shot, an assault or a fair cost running and hides its results. */
  stopOthers(): void;
  setState(state: 'ready' | 'running' | 'done' | 'error' | 'stopped'): void;
  pushHash(hash: string): void;
  toolVersion: string;
}

/** What the panel gives the page: a matchup link to run, a stop, and word of a Tournament Pack checkout loaded. */
export interface ListsView {
  runHash(hash: string): void;
  stop(): void;
  packLoaded(name: string): void;
}
