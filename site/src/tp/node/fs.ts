import { isDir, isFile, list, normalize, readText } from '../vfs.js';

/**
 * node:fs in the Tournament Pack bundle (tp.js): the few synchronous calls the
 * importer (src/model/tp) makes, answered from the picked files (vfs.ts).
 */

function missing(path: string, call: string): Error {
  return Object.assign(new Error(`ENOENT: no such file or directory, ${call} '${path}'`), { code: 'ENOENT' });
}

export function existsSync(path: string): boolean {
  return isFile(path) || isDir(path);
}

export function statSync(path: string): { isDirectory(): boolean; isFile(): boolean } {
  if (!existsSync(path)) throw missing(path, 'stat');
  const dir = isDir(path);
  return { isDirectory: () => dir, isFile: () => !dir };
}

export function readdirSync(path: string): string[] {
  if (!isDir(path)) throw missing(path, 'scandir');
  return list(path);
}

export function readFileSync(path: string, encoding?: string): string {
  if (encoding !== 'utf8' && encoding !== 'utf-8') throw new Error(`readFileSync: only text is read here, got encoding ${String(encoding)}`);
  const text = readText(path);
  if (text === undefined) throw missing(path, 'open');
  return text;
}

export function realpathSync(path: string): string {
  if (!existsSync(path)) throw missing(path, 'realpath');
  return normalize(path);
}
