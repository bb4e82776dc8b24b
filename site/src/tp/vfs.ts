/**
 * The files of a Tournament Pack checkout picked in the browser (a folder or
 * a zip), held in memory under their paths relative to the picked folder
 * ("netea-tp/_site/_units/x.md"), for the node:fs stand-in (node/fs.ts) the
 * importer reads them through.
 */

const files = new Map<string, string>();
const dirs = new Map<string, Set<string>>();

/** A path without "." parts, empty parts or a trailing slash ("" is the root). */
export function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}

/** Replaces the mounted files. */
export function mount(entries: Iterable<{ path: string; text: string }>): void {
  files.clear();
  dirs.clear();
  dirs.set('', new Set());
  for (const e of entries) {
    const path = normalize(e.path);
    files.set(path, e.text);
    const parts = path.split('/');
    for (let i = 0; i < parts.length; i++) {
      const parent = parts.slice(0, i).join('/');
      if (!dirs.has(parent)) dirs.set(parent, new Set());
      dirs.get(parent)!.add(parts[i]!);
    }
  }
}

export const isFile = (path: string) => files.has(normalize(path));
export const isDir = (path: string) => dirs.has(normalize(path));
export const readText = (path: string) => files.get(normalize(path));
export const list = (path: string) => [...(dirs.get(normalize(path)) ?? [])].sort();
/** Every mounted file's path. */
export const paths = () => [...files.keys()];
