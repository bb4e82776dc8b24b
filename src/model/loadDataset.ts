import { resolve } from 'node:path';
import type { Dataset } from './dataset.js';
import { loadBuiltinDataset } from './loadDatasheets.js';
import { importTournamentPack } from './tp/importer.js';

const imported = new Map<string, Dataset>();

/**
 * The data set a command works on: the built-in datasheets when no path is given, otherwise
 * the NetEA Tournament Pack checkout at `dataOption` (imported once per path). This is what
 * every command's `--data <path>` option resolves through. Bad input throws an InputError.
 */
export function loadDataset(dataOption?: string): Dataset {
  if (dataOption === undefined || dataOption.trim() === '') return loadBuiltinDataset();
  const key = resolve(dataOption);
  let ds = imported.get(key);
  if (!ds) {
    ds = importTournamentPack(dataOption).dataset;
    imported.set(key, ds);
  }
  return ds;
}
