import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutTarget, REPORT_FORMAT, withPiecesCommand } from '../../src/reports/outTarget.js';
import { AUDIT_PARTIAL_KIND, PARTIAL_FORMAT } from '../../src/run/partial.js';
import { testTempDir } from '../helpers/tempDir.js';
import { loadBattle } from '../../src/model/loadBattle.js';
import { fittedBattle, type FitReport } from '../../src/reports/audit/fitReport.js';
import { REPO } from '../workers/helpers.js';

const REPORT_EXPECTED = 'expected a new folder, an empty one, or an earlier report folder of epic-balance';

/** A report folder as writeRunReport leaves it (the files' content does not matter), with `manifest` fields over the usual ones. */
function reportFolder(dir: string, manifest: Record<string, unknown> = {}): string {
  mkdirSync(dir);
  const files = ['kill.csv', 'manifest.json', 'report.html'];
  writeFileSync(join(dir, 'kill.csv'), 'k\n');
  writeFileSync(join(dir, 'report.html'), '<html></html>');
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ format: REPORT_FORMAT, formatVersion: 1, command: 'epic-balance shoot A --at B', argv: ['shoot', 'A', '--at', 'B'], seed: 's', files, ...manifest }));
  return dir;
}

/** The message of the InputError `fn` throws. */
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('checkOutTarget: a report folder (--out)', () => {
  it('accepts a new path, even under folders still to be made, and makes nothing', () => {
    const root = testTempDir('eb-out-');
    expect(checkOutTarget(join(root, 'run'), '--out', 'report')).toEqual({ replaces: false });
    expect(checkOutTarget(join(root, 'a', 'b', 'run'), '--out', 'report')).toEqual({ replaces: false });
    expect(readdirSync(root)).toEqual([]);
  });

  it('accepts an empty folder, and an earlier report (also one written before manifests said their format), which it will replace', () => {
    const root = testTempDir('eb-out-');
    mkdirSync(join(root, 'empty'));
    expect(checkOutTarget(join(root, 'empty'), '--out', 'report')).toEqual({ replaces: false });
    expect(checkOutTarget(reportFolder(join(root, 'report')), '--out', 'report')).toEqual({ replaces: true });
    const legacy = reportFolder(join(root, 'legacy'), { format: undefined, formatVersion: undefined, argv: undefined, toolVersion: '0.1.0' });
    expect(checkOutTarget(legacy, '--out', 'report')).toEqual({ replaces: true });
  });

  it('refuses a file, a symbolic link, a folder of other files, and a report folder holding a file of its own', () => {
    const root = testTempDir('eb-out-');
    writeFileSync(join(root, 'notes.txt'), 'mine');
    symlinkSync(reportFolder(join(root, 'report')), join(root, 'link'));
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'docs', 'README.md'), '# mine');
    reportFolder(join(root, 'annotated'));
    writeFileSync(join(root, 'annotated', 'my-notes.txt'), 'mine');
    mkdirSync(join(root, 'package'));
    writeFileSync(join(root, 'package', 'manifest.json'), JSON.stringify({ name: 'another tool', files: ['manifest.json'] }));
    const at = (name: string) => join(root, name);
    expect(refusal(() => checkOutTarget(at('notes.txt'), '--out', 'report'))).toBe(`option --out: "${at('notes.txt')}" is an existing file; ${REPORT_EXPECTED}`);
    expect(refusal(() => checkOutTarget(at('link'), '--out', 'report'))).toBe(`option --out: "${at('link')}" is a symbolic link; ${REPORT_EXPECTED}`);
    expect(refusal(() => checkOutTarget(at('docs'), '--out', 'report'))).toBe(`option --out: "${at('docs')}" holds README.md and no manifest.json of an epic-balance report; ${REPORT_EXPECTED}`);
    expect(refusal(() => checkOutTarget(at('annotated'), '--out', 'report'))).toBe(`option --out: "${at('annotated')}" holds my-notes.txt, which is not part of its epic-balance report; ${REPORT_EXPECTED}`);
    expect(refusal(() => checkOutTarget(at('package'), '--out', 'report'))).toBe(`option --out: "${at('package')}" holds a manifest.json that no epic-balance report wrote; ${REPORT_EXPECTED}`);
    expect(refusal(() => checkOutTarget(join(at('notes.txt'), 'run'), '--out', 'report'))).toBe(`option --out: cannot look at "${join(at('notes.txt'), 'run')}" (ENOTDIR); ${REPORT_EXPECTED}`);
    expect(refusal(() => checkOutTarget(' ', '--out', 'report'))).toBe(`option --out: the path is empty; ${REPORT_EXPECTED}`);
  });

  it.skipIf(!existsSync('/proc/self'))('refuses a path in a folder no file can be made in, whoever runs it (root too)', () => {
    expect(refusal(() => checkOutTarget('/proc/x', '--out', 'report'))).toMatch(/^option --out: cannot write "\/proc\/x": no file can be made in \/proc \([A-Z]+\); expected a path in a folder this user can write$/);
  });

  it('while merge replays a split run, replaces a report of that run only', async () => {
    const root = testTempDir('eb-out-');
    const same = reportFolder(join(root, 'same'), { argv: ['shoot', 'A', '--at', 'B', '--workers', '2', '--quiet'] });
    const other = reportFolder(join(root, 'other'), { argv: ['shoot', 'A', '--at', 'C'], command: 'epic-balance shoot A --at C', seed: 't' });
    const legacy = reportFolder(join(root, 'legacy'), { format: undefined, argv: undefined, toolVersion: '0.1.0' });
    await withPiecesCommand(['shoot', 'A', '--at', 'B'], async () => {
      expect(checkOutTarget(same, '--out', 'report')).toEqual({ replaces: true });
      const expected = 'expected a new folder, an empty one, or a report of the same run (move that folder away, then merge again)';
      expect(refusal(() => checkOutTarget(other, '--out', 'report'))).toBe(`option --out: "${other}" holds the report of another run (epic-balance shoot A --at C, seed "t"), not of the pieces' run (epic-balance shoot A --at B); ${expected}`);
      expect(refusal(() => checkOutTarget(legacy, '--out', 'report'))).toBe(`option --out: "${legacy}" holds the report of another run (epic-balance shoot A --at B, seed "s"), not of the pieces' run (epic-balance shoot A --at B); ${expected}`);
    });
    // Outside merge, any earlier report may be replaced.
    expect(checkOutTarget(other, '--out', 'report')).toEqual({ replaces: true });
  });
});

describe('checkOutTarget: a partial result file (--partial-out, merge --out)', () => {
  it('accepts a new file, replaces an earlier partial result of a run or an audit, refuses anything else', () => {
    const root = testTempDir('eb-out-');
    writeFileSync(join(root, 'run.json'), JSON.stringify({ format: PARTIAL_FORMAT }));
    writeFileSync(join(root, 'audit.json'), JSON.stringify({ kind: AUDIT_PARTIAL_KIND }));
    writeFileSync(join(root, 'notes.json'), '{"mine": true}');
    mkdirSync(join(root, 'folder'));
    expect(checkOutTarget(join(root, 'new.json'), '--partial-out', 'partial')).toEqual({ replaces: false });
    expect(checkOutTarget(join(root, 'run.json'), '--partial-out', 'partial')).toEqual({ replaces: true });
    expect(checkOutTarget(join(root, 'audit.json'), '--out', 'partial')).toEqual({ replaces: true });
    const expected = 'expected a new file, or an earlier partial result of epic-balance';
    expect(refusal(() => checkOutTarget(join(root, 'notes.json'), '--out', 'partial'))).toBe(`option --out: "${join(root, 'notes.json')}" is an existing file that is not a partial result of epic-balance; ${expected}`);
    expect(refusal(() => checkOutTarget(join(root, 'folder'), '--partial-out', 'partial'))).toBe(`option --partial-out: "${join(root, 'folder')}" is a folder; ${expected}`);
    expect(readdirSync(root).sort()).toEqual(['audit.json', 'folder', 'notes.json', 'run.json']);
  });
});

describe('checkOutTarget: a battle file of fitted weights (audit --fit-out)', () => {
  it('replaces a battle file an earlier --fit-out wrote (fittedBattle, recognised by its content); refuses any other file, the reference battle included', () => {
    const root = testTempDir('eb-out-');
    const reference = loadBattle(join(REPO, 'battles', 'reference.json')).battle;
    const weights = Object.fromEntries(reference.scenes.map((s) => [s.id, 1 / reference.scenes.length]));
    const fit = { half: 'A', fittedOn: ['x'], judgedOn: ['y'], weights } as unknown as FitReport;
    writeFileSync(join(root, 'fitted.json'), JSON.stringify(fittedBattle(reference, fit, 'netea-tp')));
    writeFileSync(join(root, 'reference.json'), readFileSync(join(REPO, 'battles', 'reference.json')));
    writeFileSync(join(root, 'notes.txt'), 'my notes\n');
    expect(checkOutTarget(join(root, 'new.json'), '--fit-out', 'fitted-battle')).toEqual({ replaces: false });
    expect(checkOutTarget(join(root, 'fitted.json'), '--fit-out', 'fitted-battle')).toEqual({ replaces: true });
    const expected = 'expected a new file, or a battle file an earlier audit --fit-out wrote';
    for (const name of ['reference.json', 'notes.txt']) {
      expect(refusal(() => checkOutTarget(join(root, name), '--fit-out', 'fitted-battle'))).toBe(`option --fit-out: "${join(root, name)}" is an existing file that is not a battle file written by epic-balance audit --fit-out; ${expected}`);
    }
    expect(refusal(() => checkOutTarget(root, '--fit-out', 'fitted-battle'))).toBe(`option --fit-out: "${root}" is a folder; ${expected}`);
    expect(readdirSync(root).sort()).toEqual(['fitted.json', 'notes.txt', 'reference.json']);
  });
});
