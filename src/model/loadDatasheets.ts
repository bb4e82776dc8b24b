import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { displayPath } from './displayPath.js';
import { BUILTIN_DATASET_ID, buildDataset, type Dataset, type NamedDatasheet } from './dataset.js';
import { parseDatasheet } from './datasetFromFiles.js';
import { InputError, type Problem } from './inputError.js';
import { projectRoot } from './projectRoot.js';

export { parseDatasheet } from './datasetFromFiles.js';

/** Loads and cross-checks a set of datasheet files as one data set. */
export function loadDatasheetFiles(files: string[], id: string, version?: string): Dataset {
  const problems: Problem[] = [];
  const sheets: NamedDatasheet[] = [];
  const hash = createHash('sha256');
  for (const path of files) {
    const shown = displayPath(path);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (e) {
      problems.push({ file: shown, path: '', message: `cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` });
      continue;
    }
    hash.update(basename(path)).update('\0').update(text).update('\0');
    const { sheet, problems: p } = parseDatasheet(shown, text);
    problems.push(...p);
    if (sheet) sheets.push(sheet);
  }
  if (problems.length > 0) throw new InputError(problems);
  return buildDataset(id, version ?? `sha256:${hash.digest('hex').slice(0, 12)}`, sheets);
}

/** The datasheet files shipped in datasheets/, in name order. */
export function builtinDatasheetFiles(): string[] {
  const dir = join(projectRoot(), 'datasheets');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
    .sort()
    .map((f) => join(dir, f));
}

let builtin: Dataset | undefined;

/** The built-in data set, transcribed from the 2004 rulebook (loaded once). */
export function loadBuiltinDataset(): Dataset {
  builtin ??= loadDatasheetFiles(builtinDatasheetFiles(), BUILTIN_DATASET_ID);
  return builtin;
}
