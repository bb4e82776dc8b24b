import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { InputError } from '../../../model/inputError.js';
import { describeIssues } from '../../../model/describeIssues.js';
import { projectRoot } from '../../../model/projectRoot.js';
import { readJsonFile } from '../../../model/readJsonFile.js';
import { TableLayout } from './tableLayout.js';

/** The shipped table layouts (tables/*.json), by name. */
export function shippedTables(): string[] {
  const dir = join(projectRoot(), 'tables');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'table.schema.json').map((f) => f.slice(0, -'.json'.length)).sort() : [];
}

/**
 * A table for --table: "random" (null: each game lays out its own, randomTable.ts),
 * the name of a shipped layout (tables/<name>.json), or the path of a layout
 * file; checked against TableLayout, its first problem named.
 */
export function loadTableLayout(arg: string): TableLayout | null {
  const text = arg.trim();
  if (text === 'random') return null;
  const shipped = join(projectRoot(), 'tables', `${text}.json`);
  const path = text.endsWith('.json') ? text : shipped;
  const file = relative(process.cwd(), path) || path;
  if (!existsSync(path)) {
    throw new InputError([{ file: 'option --table', path: '', message: `"${arg}": expected "random", a shipped table (${shippedTables().map((t) => `"${t}"`).join(', ')}) or a table layout file (.json)` }]);
  }
  const parsed = TableLayout.safeParse(readJsonFile(path, file));
  // One line for a bad layout: its first problem.
  if (!parsed.success) throw new InputError(describeIssues(parsed.error.issues, file, 'tables/table.schema.json').slice(0, 1));
  return parsed.data;
}
