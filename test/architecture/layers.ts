import type { Arrow } from './importGraph.js';

/**
 * The layers, lowest first: a file may import its own layer and lower ones
 * (docs/adding-a-rule.md, "Where code lives"). Each has a shared folder
 * `src/<name>/` and, for the ranks a rule system has, `src/rulesets/<system>/<name>/`.
 */
export const LAYERS = ['stats', 'model', 'sim', 'engine', 'game', 'scenarios', 'run', 'reports', 'cli'] as const;
export type LayerName = (typeof LAYERS)[number];

/**
 * The page (site/src) sits above reports and below the command line (rank 7.5): it may import
 * ranks 0 to 7, and no layer below it may import it.
 * Its shared code is site/src/*; a rule system's page code (NetEA's list panel, its playground
 * pieces) is site/src/rulesets/<system>/, which shared page code reaches only through the page's
 * registry, site/src/registry.ts.
 */
const SITE_RANK = LAYERS.indexOf('reports') + 0.5;

export interface Place {
  layer: LayerName | 'site';
  rank: number;
  /** The rule system whose folder holds the file; undefined for shared code. */
  system: string | undefined;
}

/** Where a file sits, or undefined for a file outside every layer (the test names it). */
export function placeOf(file: string): Place | undefined {
  if (file === 'src/cli.ts') return { layer: 'cli', rank: LAYERS.indexOf('cli'), system: undefined };
  if (file.startsWith('site/src/')) return { layer: 'site', rank: SITE_RANK, system: /^site\/src\/rulesets\/([^/]+)\//.exec(file)?.[1] };
  const own = /^src\/rulesets\/([^/]+)\/([^/]+)\//.exec(file);
  if (own) {
    const layer = LAYERS.find((l) => l === own[2]);
    return layer === undefined || layer === 'stats' || layer === 'sim'
      ? undefined
      : { layer, rank: LAYERS.indexOf(layer), system: own[1] };
  }
  const shared = /^src\/([^/]+)\//.exec(file);
  const layer = shared ? LAYERS.find((l) => l === shared[1]) : undefined;
  return layer === undefined || layer === 'engine' ? undefined : { layer, rank: LAYERS.indexOf(layer), system: undefined };
}

/** The one file per shared layer that may name rule systems: the registry listing them (the page's is site/src/registry.ts). */
export function isRegistry(file: string): boolean {
  return /^src\/[^/]+\/registry\.ts$/.test(file) || file === 'site/src/registry.ts';
}

function describe(p: Place): string {
  return `${p.layer} (${p.rank})`;
}

/**
 * What is wrong with one import, in words naming the arrow, or undefined: an
 * import from a layer to one above it; from one rule system to another; from
 * shared code to a rule system other than through its layer's registry.
 */
export function arrowProblem(arrow: Arrow): string | undefined {
  const from = placeOf(arrow.from);
  const to = placeOf(arrow.to);
  const name = `${arrow.from} -> ${arrow.to}`;
  if (from === undefined) return `${arrow.from} is in no layer (src/<layer>/ or src/rulesets/<system>/<layer>/)`;
  if (to === undefined) return `${arrow.to} is in no layer (src/<layer>/ or src/rulesets/<system>/<layer>/)`;
  if (to.rank > from.rank) return `${name}: ${describe(from)} imports ${describe(to)}`;
  if (from.system !== undefined && to.system !== undefined && from.system !== to.system) {
    return `${name}: rule system ${from.system} imports rule system ${to.system}`;
  }
  if (from.system === undefined && to.system !== undefined && !isRegistry(arrow.from)) {
    return `${name}: shared ${describe(from)} imports rule system ${to.system} other than through a registry (src/<layer>/registry.ts)`;
  }
  return undefined;
}
