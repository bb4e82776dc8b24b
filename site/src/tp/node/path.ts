import { normalize } from '../vfs.js';

/**
 * node:path in the page's bundles: POSIX paths over the picked files'
 * relative paths (the Tournament Pack importer joins them); the rest is
 * reached only through code that reads files from disk, which the page never
 * calls, and answers as POSIX would for relative paths.
 */
export const sep = '/';

export function join(...parts: string[]): string {
  return normalize(parts.filter((p) => p !== '').join('/')) || '.';
}

export function resolve(...parts: string[]): string {
  return join(...parts);
}

export function dirname(path: string): string {
  const p = normalize(path);
  return p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '.';
}

export function basename(path: string): string {
  const p = normalize(path);
  return p.slice(p.lastIndexOf('/') + 1);
}

export function relative(from: string, to: string): string {
  const a = normalize(from).split('/').filter((x) => x !== '');
  const b = normalize(to).split('/').filter((x) => x !== '');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
}

export function isAbsolute(path: string): boolean {
  return path.startsWith('/');
}
