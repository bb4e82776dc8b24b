import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunReport } from '../../src/reports/report.js';
import { writeRunReport } from '../../src/reports/writeRunReport.js';
import { sampleReport } from './sampleReport.js';

let report: RunReport;
const root = mkdtempSync(join(tmpdir(), 'epic-balance-report-'));
beforeAll(async () => {
  report = await sampleReport();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('writeRunReport', () => {
  it('writes report.html, every CSV, Vega-Lite spec, SVG and PNG, and the manifest', async () => {
    const dir = join(root, 'out', 'run-1');
    const written = await writeRunReport(report, dir);
    const files = readdirSync(dir).sort();
    expect(files).toEqual(written.files);
    for (const s of report.sections) {
      for (const t of s.tables) expect(files).toContain(`${t.name}.csv`);
      for (const c of s.charts) for (const ext of ['vl.json', 'svg', 'png']) expect(files).toContain(`${c.name}.${ext}`);
    }
    expect(files).toContain('report.html');
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      command: report.meta.command,
      seed: 'sample',
      trials: 600,
      chunkSize: 300,
      data: report.meta.data,
      toolVersion: '0.1.0',
    });
    expect(manifest.timings.simulationMs).toBe(1);
    expect(manifest.timings.reportMs).toBeGreaterThan(0);
    expect(manifest.files).toContain('manifest.json');
    expect(JSON.parse(readFileSync(join(dir, 'kill.vl.json'), 'utf8'))).toEqual(report.sections[0]!.charts[0]!.spec);
    expect(readdirSync(join(root, 'out'))).toEqual(['run-1']);
  });

  it('replaces an earlier report, files it no longer has included, and says so on stderr', async () => {
    const dir = join(root, 'again');
    await writeRunReport(report, dir);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      await writeRunReport({ ...report, sections: [report.sections[0]!] }, dir);
      expect(stderr.mock.calls.map((c) => String(c[0]))).toEqual([`replacing the earlier report in ${dir}\n`]);
    } finally {
      stderr.mockRestore();
    }
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(readdirSync(dir).sort()).toEqual(manifest.files);
    expect(existsSync(join(dir, 'matrix.csv'))).toBe(false);
    expect(existsSync(join(dir, 'kill.png'))).toBe(true);
    expect(readdirSync(root).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('refuses a folder that holds anything but its report, and touches nothing', async () => {
    const dir = join(root, 'theirs');
    mkdirSync(dir);
    writeFileSync(join(dir, 'stale.csv'), 'old');
    await expect(writeRunReport(report, dir)).rejects.toThrow(/^option --out: ".*theirs" holds stale\.csv and no manifest\.json of an epic-balance report; expected a new folder, an empty one, or an earlier report folder of epic-balance$/);
    expect(readdirSync(dir)).toEqual(['stale.csv']);
    expect(readFileSync(join(dir, 'stale.csv'), 'utf8')).toBe('old');
    expect(readdirSync(root).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('leaves nothing behind when a chart fails', async () => {
    const parent = join(root, 'failing');
    const broken: RunReport = {
      ...report,
      sections: [{ ...report.sections[0]!, charts: [{ name: 'bad', spec: { mark: 'bar', data: { values: [] }, encoding: { x: { field: 'a', type: 'nope' } } } }] }],
    };
    await expect(writeRunReport(broken, join(parent, 'run'))).rejects.toThrow();
    expect(readdirSync(parent)).toEqual([]);
  });
});
