import { randomBytes } from 'node:crypto';
import { renameSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError } from '../model/inputError.js';
import { noteWritten, removeOnExit, removeOnExitIfEmpty } from '../run/interrupt.js';
import { toCsv } from './csv.js';
import { checkDocumentedColumns } from './csvColumns.js';
import { checkOutTarget, REPORT_FORMAT, REPORT_FORMAT_VERSION } from './outTarget.js';
import type { RunReport } from './report.js';
import { DEFAULT_RULES } from '../model/runDefaults.js';

export interface WrittenReport {
  dir: string;
  files: string[];
}

/**
 * Writes a run's folder: report.html, one CSV per table, `<chart>.vl.json`,
 * `.svg` and `.png` per chart, the report's attachments, and manifest.json (format, command and its
 * arguments, seed, trials, chunk size, data id and version, rule system, tool
 * version, timings, files). Everything goes to a temporary sibling folder
 * first (removed on any exit, Ctrl-C included) and is renamed to `dir` at the
 * end, so an error leaves nothing half-written. An existing `dir` is replaced
 * only if it is empty or an earlier report of this tool (checkOutTarget, which
 * every command also calls before it simulates), saying so on stderr.
 */
export async function writeRunReport(report: RunReport, dir: string): Promise<WrittenReport> {
  const started = performance.now();
  checkOutTarget(dir, '--out', 'report');
  // The renderers pull in vega, vega-lite and resvg: loaded only when a report is written,
  // so every other command starts quickly.
  const { renderSvg, svgToPng } = await import('./render.js');
  const { reportHtml } = await import('./html.js');
  const target = resolve(dir);
  const parent = dirname(target);
  const tmp = join(parent, `.${basename(target)}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  const forget = removeOnExit(tmp);
  // The folders made for it go too if the process ends (Ctrl-C) before the report gets there.
  let forgetParents = () => {};
  try {
    const made = await mkdir(parent, { recursive: true });
    if (made !== undefined) forgetParents = removeOnExitIfEmpty(foldersBetween(made, parent));
    await mkdir(tmp);
    const files: string[] = [];
    const put = async (name: string, content: string | Buffer) => {
      if (files.includes(name)) throw new Error(`report file ${name} would be written twice`);
      await writeFile(join(tmp, name), content);
      files.push(name);
    };
    for (const s of report.sections) {
      for (const t of s.tables) {
        checkDocumentedColumns(t);
        await put(`${t.name}.csv`, toCsv(t));
      }
      for (const c of s.charts) {
        await put(`${c.name}.vl.json`, JSON.stringify(c.spec, null, 2) + '\n');
        const svg = await renderSvg(c.spec);
        await put(`${c.name}.svg`, svg);
        await put(`${c.name}.png`, svgToPng(svg));
      }
    }
    for (const a of report.attachments ?? []) await put(a.name, a.content);
    await put('report.html', reportHtml(report));
    const m = report.meta;
    const manifest = {
      format: REPORT_FORMAT,
      formatVersion: REPORT_FORMAT_VERSION,
      title: m.title,
      ...(m.partial !== undefined ? { partial: m.partial } : {}),
      command: m.command,
      ...(m.argv !== undefined ? { argv: m.argv } : {}),
      seed: m.seed,
      trials: m.trials,
      chunkSize: m.chunkSize,
      simulations: m.simulations,
      data: m.data,
      rules: m.rules ?? DEFAULT_RULES,
      toolVersion: m.toolVersion,
      node: process.version,
      createdAt: new Date().toISOString(),
      timings: { ...m.timings, reportMs: Math.round(performance.now() - started) },
      notes: m.notes,
      ...(m.parts !== undefined ? { parts: m.parts } : {}),
      sections: report.sections.map((s) => ({ id: s.id, title: s.title, summary: s.summary, definitions: s.definitions })),
      files: [...files, 'manifest.json'].sort(),
    };
    await put('manifest.json', JSON.stringify(manifest, null, 2) + '\n');
    const replaced = putInPlace(tmp, target, dir);
    noteWritten(dir);
    if (replaced) process.stderr.write(`replacing the earlier report in ${dir}\n`);
    return { dir: target, files: manifest.files };
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    if (e instanceof InputError || !isFileSystemError(e)) throw e;
    throw new InputError([{ file: 'option --out', path: '', message: `cannot write the report to "${dir}" (${e.code}: ${e.syscall ?? 'write'} failed)` }]);
  } finally {
    forget();
    forgetParents();
  }
}

/** `top` and the folders under it down to `deepest`, deepest first. */
function foldersBetween(top: string, deepest: string): string[] {
  const folders = [deepest];
  for (let f = deepest; f !== top && dirname(f) !== f; ) folders.push((f = dirname(f)));
  return folders;
}

/**
 * Renames the finished folder `tmp` to `target` (`dir` as the user gave it);
 * true when that replaced an earlier report. Synchronous from the first rename
 * to the last, so Ctrl-C (a handler on the main thread) finds either no
 * report or the whole one. What is at `target` is checked again here, since
 * another run may have written there after this command checked it, and is
 * moved aside and removed only if it may be replaced.
 */
function putInPlace(tmp: string, target: string, dir: string): boolean {
  let replaced = false;
  for (let attempt = 1; ; attempt++) {
    try {
      // Succeeds when nothing is there, or an empty folder.
      renameSync(tmp, target);
      return replaced;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (attempt === 3 || (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'ENOTDIR')) throw e;
    }
    checkOutTarget(dir, '--out', 'report');
    const old = `${tmp}.old`;
    try {
      renameSync(target, old);
    } catch (e) {
      // Gone in between (another run moving it aside): try again.
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw e;
    }
    replaced = true;
    try {
      renameSync(tmp, target);
      return true;
    } catch (e) {
      // Another run put its report there in between: check that one next time round.
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw e;
    } finally {
      rmSync(old, { recursive: true, force: true });
    }
  }
}

function isFileSystemError(e: unknown): e is NodeJS.ErrnoException & { code: string } {
  return e instanceof Error && typeof (e as NodeJS.ErrnoException).code === 'string' && typeof (e as NodeJS.ErrnoException).syscall === 'string';
}
