import { readFileSync } from 'node:fs';
import { InputError } from './inputError.js';

/** A JSON input file's content; a file that cannot be read or parsed is an InputError naming it as `file`. */
export function readJsonFile(path: string, file: string): unknown {
  if (path.trim() === '') throw new InputError([{ file: '""', path: '', message: 'expected the path of a JSON file, got an empty one' }]);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new InputError([{ file, path: '', message: `cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` }]);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError([{ file, path: '', message: `not valid JSON (${(e as Error).message})` }]);
  }
}
