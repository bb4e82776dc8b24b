import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Dataset } from './dataset.js';
import { applyOverlay } from './datasheetOverlay.js';
import { displayPath } from './displayPath.js';
import { InputError } from './inputError.js';
import { loadBuiltinDataset } from './loadDatasheets.js';
import { importTournamentPack } from './tp/importer.js';

const imported = new Map<string, Dataset>();

/**
 * The data set a command works on: the built-in datasheets when no path is given, otherwise
 * the NetEA Tournament Pack checkout at `dataOption` (imported once per path), with the
 * overlay files `datasheets` (a command's --datasheet options, in order) laid over it
 * (datasheetOverlay.ts). This is what every command's `--data <path>` option resolves
 * through. Bad input throws an InputError.
 */
export function loadDataset(dataOption?: string, datasheets: readonly string[] = []): Dataset {
  return withDatasheets(loadBaseDataset(dataOption), datasheets);
}

/** The built-in data set, or the Tournament Pack checkout at `dataOption`: loadDataset before the overlays. */
export function loadBaseDataset(dataOption?: string): Dataset {
  if (dataOption === undefined || dataOption.trim() === '') return loadBuiltinDataset();
  const key = resolve(dataOption);
  let ds = imported.get(key);
  if (!ds) {
    ds = importTournamentPack(dataOption).dataset;
    imported.set(key, ds);
  }
  return ds;
}

/** `base` with the overlay files `datasheets` laid over it, in order. */
export function withDatasheets(base: Dataset, datasheets: readonly string[]): Dataset {
  let ds = base;
  for (const path of datasheets) ds = withOverlay(ds, path);
  return ds;
}

/** `base` with the overlay file at `path` laid over it; the file is named as given and hashed as read. */
function withOverlay(base: Dataset, path: string): Dataset {
  const file = displayPath(path);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new InputError([{ file, path: '', message: `cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); expected a datasheet overlay file (JSON)` }]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new InputError([{ file, path: '', message: `not valid JSON (${(e as Error).message})` }]);
  }
  return applyOverlay(base, json, { file, sha256: createHash('sha256').update(text).digest('hex') });
}
