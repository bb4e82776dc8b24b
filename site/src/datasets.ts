import type { Dataset } from '../../src/model/dataset.js';
import { InputError, type Problem } from '../../src/model/inputError.js';
import { builtinDataset } from './data.js';
import type { Loaded, Picked } from './tp/entry.js';

/**
 * The page's data sets: the built-in datasheets, and at most one Tournament
 * Pack checkout picked in the browser (folder or zip) and read by the command
 * line's importer in tp.js, loaded on first use. A scenario's `data` word
 * names which: "builtin" (or none), or the checkout's folder name.
 */

export interface TournamentPack {
  name: string;
  dataset: Dataset;
  summary: string;
}

let pack: TournamentPack | null = null;

export const loadedPack = (): TournamentPack | null => pack;

/** The data set a scenario's `data` word names; a checkout that is not loaded is an InputError on --data. */
export function datasetFor(word: string | undefined): Dataset {
  if (word === undefined || word === 'builtin') return builtinDataset();
  if (pack !== null && pack.name === word) return pack.dataset;
  const now = pack === null ? 'no checkout is loaded' : `the loaded checkout is "${pack.name}"`;
  throw new InputError([{ file: 'option --data', path: '', message: `this scenario runs on the Tournament Pack checkout "${word}" and ${now}: pick its folder or zip under Data (it is read in this browser, not uploaded)` }]);
}

let script: Promise<(p: Picked) => Promise<Loaded>> | null = null;

/** Loads tp.js (the importer, a bundle of its own) once. */
function importer(): Promise<(p: Picked) => Promise<Loaded>> {
  script ??= new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = 'tp.js';
    s.async = true;
    s.onload = () => resolve((globalThis as unknown as { epicBalanceTp: { loadCheckout: (p: Picked) => Promise<Loaded> } }).epicBalanceTp.loadCheckout);
    s.onerror = () => {
      script = null;
      reject(new Error('could not load tp.js (the Tournament Pack importer)'));
    };
    document.head.append(s);
  });
  return script;
}

/** Reads a picked checkout and makes it the page's Tournament Pack; bad input throws an InputError (problems on --data). */
export async function loadPack(picked: Picked): Promise<TournamentPack> {
  const loaded = await (await importer())(picked);
  if (!loaded.ok) throw new InputError(loaded.problems.map((p): Problem => ({ file: 'option --data', path: '', message: p.path ? `${p.file}: ${p.path}: ${p.message}` : p.file && !p.message.startsWith(p.file) ? `${p.file}: ${p.message}` : p.message })));
  pack = { name: loaded.name, dataset: loaded.dataset, summary: loaded.summary };
  return pack;
}
