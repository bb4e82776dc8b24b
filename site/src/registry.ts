import type { PlaygroundRules } from './playgroundRules.js';
import { NETEA_PLAYGROUND } from './rulesets/netea/playground.js';

/**
 * The page's registry, the one shared page file that names a rule system
 * (test/architecture/layers.ts): the system whose commands the playground's form plays. The
 * form has no rule-system choice: NetEA (its Tournament Pack rules, the command line's default
 * `--rules`). A system's page-only panels (NetEA's lists and matchups, lists.js) are bundles of
 * their own that site/build.ts names and the page loads by file name.
 */
export const PLAYGROUND: PlaygroundRules = NETEA_PLAYGROUND;
