import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of an installed npm package, found as Node finds packages: the
 * nearest node_modules/<name> above this file. Works from src/ and dist/, and
 * when epic-balance is itself installed as a dependency.
 */
export function packageDir(name: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`epic-balance: the package "${name}" is not installed (looked in every node_modules above ${fileURLToPath(import.meta.url)}); run npm install`);
    dir = parent;
  }
}

/** A file inside an installed package. */
export function packageFile(name: string, path: string): string {
  const file = join(packageDir(name), path);
  if (!existsSync(file)) throw new Error(`epic-balance: ${file} is missing; reinstall the package "${name}"`);
  return file;
}
