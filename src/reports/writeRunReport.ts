import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { toCsv } from './csv.js';
import type { RunReport } from './report.js';

export interface WrittenReport {
  dir: string;
  files: string[];
}

/**
 * Writes a run's folder: report.html, one CSV per table, `<chart>.vl.json`,
 * `.svg` and `.png` per chart, and manifest.json (command, seed, trials, chunk
 * size, data id and version, rule system, tool version, timings, files). Everything goes to
 * a temporary sibling folder first and is renamed to `dir` at the end, so an
 * error leaves nothing half-written; an existing `dir` is replaced.
 */
export async function writeRunReport(report: RunReport, dir: string): Promise<WrittenReport> {
  const started = performance.now();
  // The renderers pull in vega, vega-lite and resvg: loaded only when a report is written,
  // so every other command starts quickly.
  const { renderSvg, svgToPng } = await import('./render.js');
  const { reportHtml } = await import('./html.js');
  const target = resolve(dir);
  const parent = dirname(target);
  await mkdir(parent, { recursive: true });
  const tmp = join(parent, `.${basename(target)}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(tmp);
  try {
    const files: string[] = [];
    const put = async (name: string, content: string | Buffer) => {
      if (files.includes(name)) throw new Error(`report file ${name} would be written twice`);
      await writeFile(join(tmp, name), content);
      files.push(name);
    };
    for (const s of report.sections) {
      for (const t of s.tables) await put(`${t.name}.csv`, toCsv(t));
      for (const c of s.charts) {
        await put(`${c.name}.vl.json`, JSON.stringify(c.spec, null, 2) + '\n');
        const svg = await renderSvg(c.spec);
        await put(`${c.name}.svg`, svg);
        await put(`${c.name}.png`, svgToPng(svg));
      }
    }
    await put('report.html', reportHtml(report));
    const m = report.meta;
    const manifest = {
      title: m.title,
      command: m.command,
      seed: m.seed,
      trials: m.trials,
      chunkSize: m.chunkSize,
      simulations: m.simulations,
      data: m.data,
      rules: m.rules ?? 'netea',
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
    if (existsSync(target)) {
      const old = `${tmp}.old`;
      await rename(target, old);
      await rename(tmp, target);
      await rm(old, { recursive: true, force: true });
    } else {
      await rename(tmp, target);
    }
    return { dir: target, files: manifest.files };
  } catch (e) {
    await rm(tmp, { recursive: true, force: true });
    throw e;
  }
}
