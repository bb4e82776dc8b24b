import { join } from 'node:path';
import { displayPath } from './displayPath.js';
import { Battle } from './battle.js';
import { readJsonFile } from './readJsonFile.js';
import { InputError } from './inputError.js';
import { describeIssues } from './describeIssues.js';
import { projectRoot } from './projectRoot.js';

export interface LoadedBattle {
  /** The file as the user named it (or the shipped reference battle's path in the package). */
  file: string;
  battle: Battle;
}

/** The shipped reference battle: what `fair-cost`, `matrix` and `audit` use without `--battle`. */
export function referenceBattlePath(): string {
  return join(projectRoot(), 'battles', 'reference.json');
}

/** Reads and validates a battle file; every problem names the file, the path in it and the expectation. */
export function loadBattle(path: string = referenceBattlePath()): LoadedBattle {
  const file = displayPath(path);
  const json = readJsonFile(path, file);
  const parsed = Battle.safeParse(json);
  if (!parsed.success) throw new InputError(describeIssues(parsed.error.issues, file, 'battles/battle.schema.json'));
  return { file, battle: parsed.data };
}
