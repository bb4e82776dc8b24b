import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The package root (where datasheets/ and experiments/ live), found by walking
 * up from this file; the same answer from src/ under tsx and from dist/.
 */
export function projectRoot(): string {
  if (cached !== undefined) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === 'epic-balance') {
      cached = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('epic-balance: cannot find the package root above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

/** The tool's version from package.json, for manifests and reports. */
export function toolVersion(): string {
  return JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')).version as string;
}
