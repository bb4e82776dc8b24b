import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatPath, InputError, type Problem } from '../../../model/inputError.js';
import { projectRoot } from '../../../model/projectRoot.js';
import { ProfileSet } from './schema.js';

/** The built-in illustrative profiles (datasheets/heresy/examples.json). */
export function heresyBuiltInFile(): string {
  return join(projectRoot(), 'datasheets', 'heresy', 'examples.json');
}

/** Parses one profile file; problems name the file and the path inside it. */
export function parseHeresyProfiles(file: string, text: string): { set: ProfileSet | null; problems: Problem[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { set: null, problems: [{ file, path: '', message: `not JSON: ${(e as Error).message}` }] };
  }
  const r = ProfileSet.safeParse(json);
  if (!r.success) return { set: null, problems: r.error.issues.map((i) => ({ file, path: formatPath(i.path), message: i.message })) };
  return { set: r.data, problems: [] };
}

/** The built-in set, then a user's file (`--data`) in the same format, validated. */
export function loadHeresyProfiles(userFile?: string): ProfileSet[] {
  const sets: ProfileSet[] = [];
  const problems: Problem[] = [];
  for (const [file, path] of [['datasheets/heresy/examples.json', heresyBuiltInFile()], ...(userFile ? [[userFile, userFile]] : [])] as Array<[string, string]>) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (e) {
      problems.push({ file, path: '', message: `cannot read: ${(e as Error).message}` });
      continue;
    }
    const { set, problems: p } = parseHeresyProfiles(file, text);
    problems.push(...p);
    if (set) sets.push(set);
  }
  if (problems.length > 0) throw new InputError(problems);
  return sets;
}

/** What every Heresy report names as its data: the profile files (built-in, then the user's) and their hash. */
export function heresyData(userFile?: string): { id: string; version: string } {
  const hash = createHash('sha256');
  hash.update(readFileSync(heresyBuiltInFile(), 'utf8'));
  if (userFile) hash.update('\0').update(readFileSync(userFile, 'utf8'));
  return { id: userFile ? 'heresy-examples+user' : 'heresy-examples', version: `sha256:${hash.digest('hex').slice(0, 12)}` };
}
