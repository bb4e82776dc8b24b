import { isAbsolute, relative } from 'node:path';
import { projectRoot } from './projectRoot.js';

/**
 * A file's path as messages and reports name it: as the user gave it, or
 * absolute, never rewritten to climb out of the current folder ("../../x"). A
 * file of the tool's own (the reference battle, a shipped experiment, a
 * built-in datasheet) is named by its path in the package
 * ("battles/reference.json"), whatever the current folder.
 */
export function displayPath(path: string): string {
  if (!isAbsolute(path)) return path;
  const inPackage = relative(projectRoot(), path);
  return inPackage !== '' && !inPackage.startsWith('..') && !isAbsolute(inPackage) ? inPackage : path;
}
