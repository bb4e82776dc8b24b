import { DatasheetFile } from './schema.js';
import { buildDataset, type Dataset, type NamedDatasheet } from './dataset.js';
import { InputError, formatPath, type Problem } from './inputError.js';

/**
 * Datasheets from text, with no file system: the pure half of
 * loadDatasheets.ts, so a browser (the playground, site/) builds the built-in
 * data set through the same zod schemas and cross-checks as the CLI.
 */

/**
 * Parses one datasheet file's text. Every zod issue becomes one problem naming
 * the path inside the file and what was expected.
 */
export function parseDatasheet(file: string, text: string): { sheet?: NamedDatasheet; problems: Problem[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { problems: [{ file, path: '', message: `not valid JSON (${(e as Error).message})` }] };
  }
  const parsed = DatasheetFile.safeParse(json);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map((issue) => ({ file, path: formatPath(issue.path), message: issue.message })),
    };
  }
  return { sheet: { file, data: parsed.data }, problems: [] };
}

/** A datasheet file's name (for messages) and its text. */
export interface DatasheetText {
  name: string;
  text: string;
}

/**
 * A data set from datasheet texts, in the given order: what loadDatasheetFiles
 * does once it has read the files (the caller gives the version, which the
 * CLI makes from a hash of the names and texts). Bad input throws one
 * InputError with every problem.
 */
export function datasetFromTexts(files: readonly DatasheetText[], id: string, version: string): Dataset {
  const problems: Problem[] = [];
  const sheets: NamedDatasheet[] = [];
  for (const f of files) {
    const { sheet, problems: p } = parseDatasheet(f.name, f.text);
    problems.push(...p);
    if (sheet) sheets.push(sheet);
  }
  if (problems.length > 0) throw new InputError(problems);
  return buildDataset(id, version, sheets);
}
