import { importTournamentPack } from '../../../src/model/tp/importer.js';
import { InputError, type Problem } from '../../../src/model/inputError.js';
import type { Dataset } from '../../../src/model/dataset.js';
import { mount } from './vfs.js';
import { zipEntries, ZipError, type ZipEntry } from './unzip.js';

/**
 * tp.js, loaded by the page when a Tournament Pack checkout is picked: reads
 * the picked folder's files or the zip's entries into memory (vfs.ts) and runs
 * the command line's importer (src/model/tp) on them, node:fs and friends
 * answered by node/*.ts. Nothing leaves the browser.
 */

/** The data folders the importer reads, under `_site`. */
const FOLDERS = new Set(['_units', '_weapons', '_special_rules', '_forces', '_army_lists']);

export type Picked = { kind: 'folder'; files: File[] } | { kind: 'zip'; file: File };

export type Loaded = { ok: true; name: string; dataset: Dataset; summary: string } | { ok: false; problems: Problem[] };

/** Files the importer may read: those directly in a data folder, and SOURCE.md (the commit). */
function wanted(path: string): boolean {
  const parts = path.split('/');
  return FOLDERS.has(parts[parts.length - 2] ?? '') || parts[parts.length - 1] === 'SOURCE.md';
}

/** The checkout folder among the paths: the one holding `_site`, else `_site` itself, else the top. */
function checkoutOf(paths: string[], top: string): string {
  for (const p of paths) {
    const parts = p.split('/');
    const site = parts.indexOf('_site');
    if (site >= 0 && FOLDERS.has(parts[site + 1] ?? '')) return parts.slice(0, site).join('/');
  }
  for (const p of paths) {
    const parts = p.split('/');
    const folder = parts.findIndex((x) => FOLDERS.has(x));
    if (folder > 0) return parts.slice(0, folder).join('/');
  }
  return top;
}

// Node reads files as UTF-8 keeping a byte-order mark; so must the page, for the same content hash.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

async function entriesOf(picked: Picked): Promise<{ top: string; entries: ZipEntry[] }> {
  if (picked.kind === 'zip') {
    const top = picked.file.name;
    return { top, entries: zipEntries(await picked.file.arrayBuffer()).map((e) => ({ path: `${top}/${e.path}`, bytes: e.bytes })) };
  }
  const entries = picked.files.map((f) => ({ path: f.webkitRelativePath || f.name, bytes: async () => new Uint8Array(await f.arrayBuffer()) }));
  return { top: entries[0]?.path.split('/')[0] ?? '', entries };
}

export async function loadCheckout(picked: Picked): Promise<Loaded> {
  const label = picked.kind === 'zip' ? picked.file.name : (picked.files[0]?.webkitRelativePath.split('/')[0] ?? 'the folder');
  try {
    const { top, entries } = await entriesOf(picked);
    const read = await Promise.all(entries.filter((e) => wanted(e.path)).map(async (e) => ({ path: e.path, text: utf8.decode(await e.bytes()) })));
    mount(read);
    const dir = checkoutOf(read.map((r) => r.path), top) || top;
    const { dataset, report } = importTournamentPack(dir);
    const c = report.counts;
    const name = (dir.split('/').pop() ?? dir).replace(/\.zip$/i, '');
    return { ok: true, name, dataset, summary: `${c.armyLists.mapped} army lists, ${c.formations.mapped} of ${c.formations.total} formations, ${c.units.mapped} of ${c.units.total} units imported` };
  } catch (e) {
    if (e instanceof InputError) return { ok: false, problems: e.problems };
    const message = e instanceof ZipError ? `${label}: ${e.message}` : `${label}: could not be read (${e instanceof Error ? e.message : String(e)})`;
    return { ok: false, problems: [{ file: label, path: '', message }] };
  } finally {
    mount([]);
  }
}

(globalThis as unknown as { epicBalanceTp: { loadCheckout: typeof loadCheckout } }).epicBalanceTp = { loadCheckout };
