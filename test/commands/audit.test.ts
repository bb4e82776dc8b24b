import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { cliArgs, inProcess, type CliResult } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'epic-balance-audit-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const AUDIT = ['audit', '--lists', 'ork-war-horde,titan-legion', '--trials', '60', '--seed', 'audit-test'];

/**
 * `AUDIT --json --workers 1` in this process, run once and read by every test
 * below that needs the unsplit audit on one worker (the same command each
 * test used to run for itself: a fixed seed, so the same output).
 */
let oneWorkerRun: Promise<CliResult> | undefined;
const auditOnOneWorker = () => (oneWorkerRun ??= inProcess([...AUDIT, '--json', '--workers', '1']));

describe('audit on the built-in data set', () => {
  it('values every formation, aircraft and spacecraft in their own scenes, names the rest with the reason, and validates against the costs', async () => {
    const r = await auditOnOneWorker();
    expect(r.code, r.stderr).toBe(0);
    const a = JSON.parse(r.stdout);
    expect(a.dataset.id).toBe('rulebook-2004');
    expect(a.battle).toMatchObject({ name: 'reference', version: 5 });
    expect(a.validation.fitted).toMatch(/^nothing of these costs \(the scene weights were fitted to netea-tp, another data set\)/);
    const texts = a.formations.map((f: { text: string }) => f.text);
    expect(texts).toContain('ork-war-horde/warband');
    expect(texts).toContain('titan-legion/warlord-battlegroup');
    const kindOf = (text: string) => a.formations.find((f: { text: string }) => f.text === text)?.kind;
    expect(kindOf('ork-war-horde/fighta-sqwadron')).toBe('aircraft');
    expect(kindOf('ork-war-horde/kill-kroozer-formation')).toBe('spacecraft');
    expect(kindOf('ork-war-horde/warband')).toBe('ground');
    expect(a.skipped.map((s: { formation: string }) => s.formation)).not.toContain('fighta-sqwadron');
    // The Kult of Speed: 8 of Buggies, Warbikes, Skorcha; valued as fielded (8 Buggies) and with each other option.
    const kult = a.formations.find((f: { text: string }) => f.text === 'ork-war-horde/kult-of-speed');
    expect(kult.choice).toMatch(/^8 of Buggies, Warbikes, Skorcha: 8 Buggies \(the list's first option/);
    expect(kult.options.map((o: { text: string }) => o.text)).toEqual(['ork-war-horde/kult-of-speed@warbikes', 'ork-war-horde/kult-of-speed@skorcha']);
    expect(a.formations.some((f: { text: string }) => f.text.includes('@'))).toBe(false);
    for (const f of a.formations) {
      expect(f.fairCost.ci95[0]).toBeLessThanOrEqual(f.fairCost.value);
      expect(f.fairCost.band[0]).toBeLessThanOrEqual(f.fairCost.ci95[0]);
      expect(f.fairCost.band[1]).toBeGreaterThanOrEqual(f.fairCost.ci95[1]);
      expect(f.valuePerPoint).toBeCloseTo(f.fairCost.value / f.cost, 12);
      expect(['fair', 'under-costed', 'over-costed', 'unsupported-rules']).toContain(f.verdict);
    }
    // Relative to its list: each list's median of relativeToList over its ground formations is 1.
    const ground = a.formations.filter((f: { kind: string }) => f.kind === 'ground');
    for (const army of ['ork-war-horde', 'titan-legion']) {
      const rel = ground.filter((f: { army: string }) => f.army === army).map((f: { relativeToList: number }) => f.relativeToList).sort((x: number, y: number) => x - y);
      const mid = rel.length % 2 ? rel[(rel.length - 1) / 2] : (rel[rel.length / 2 - 1] + rel[rel.length / 2]) / 2;
      expect(mid).toBeCloseTo(1, 12);
    }
    const v = a.validation;
    expect(v.pooled.formations).toBe(ground.length);
    expect(v.aircraft.formations + v.spacecraft.formations).toBe(a.formations.length - ground.length);
    expect(v.pooled.spearman).toBeGreaterThan(0.5);
    expect(v.withoutWarEngines.formations).toBe(ground.filter((f: { warEngine: boolean }) => !f.warEngine).length);
    expect(Object.keys(v.listMedians).sort()).toEqual(['ork-war-horde', 'titan-legion']);
    expect(v.listOffset).toBeCloseTo(Math.max(...Object.values(v.listMedians) as number[]) / Math.min(...Object.values(v.listMedians) as number[]), 12);
  });

  it('gives the same numbers with 1 and 2 workers, and writes its report folder', async () => {
    const one = await auditOnOneWorker();
    expect(one.code, one.stderr).toBe(0);
    const out = join(tmp, 'report');
    const two = await inProcess([...AUDIT, '--json', '--workers', '2', '--out', out]);
    expect(two.code, two.stderr).toBe(0);
    expect(JSON.parse(two.stdout)).toEqual(JSON.parse(one.stdout));
    const files = readdirSync(out);
    for (const f of ['report.html', 'manifest.json', 'audit.csv', 'audit-skipped.csv', 'audit-validation.csv', 'audit-scatter.png', 'audit-scatter.svg']) expect(files).toContain(f);
    const csv = readFileSync(join(out, 'audit.csv'), 'utf8').split('\n');
    expect(csv[0]).toBe('army,formation,cost,war_engine,fair_cost,ci95_low,ci95_high,band_low,band_high,value_per_point,relative_to_list,list_fair_cost,verdict,reason,unsupported,kind,army_rules,outside_engagement,trials_per_meeting,trials');
  });
});

describe('audit --precision', () => {
  it('gives each meeting the trials its fair cost needs: within the share asked unless a meeting reached the cap, the same with 1 and 2 workers', async () => {
    const args = ['audit', '--lists', 'titan-legion', '--precision', '0.01', '--trials', '3000', '--json'];
    const r = await inProcess([...args, '--workers', '1']);
    expect(r.code, r.stderr).toBe(0);
    const a = JSON.parse(r.stdout);
    for (const f of a.formations) {
      expect(f.trialsPerMeeting).toBeLessThanOrEqual(3000);
      if (f.trialsPerMeeting < 3000) expect((f.fairCost.ci95[1] - f.fairCost.ci95[0]) / 2, f.text).toBeLessThanOrEqual(0.01 * f.fairCost.value);
    }
    // By need, not the same everywhere: some meetings ran more than the 50 every meeting starts with.
    expect(a.formations.some((f: { trialsPerMeeting: number }) => f.trialsPerMeeting > 50)).toBe(true);
    const two = await inProcess([...args, '--workers', '2']);
    expect(two.code, two.stderr).toBe(0);
    expect(JSON.parse(two.stdout)).toEqual(a);
  });

  it('a share out of range is refused: exit 2', async () => {
    const r = await inProcess(['audit', '--precision', '2']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--precision');
  });
});

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const execFileAsync = promisify(execFile);
const hasParallel = spawnSync('parallel', ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasParallel) console.warn('GNU parallel is not installed: the split-audit test is skipped (.ci/run installs Debian\'s parallel package)');

describe.skipIf(!hasParallel)('an audit split over GNU parallel', () => {
  it('merges to exactly the unsplit audit', async () => {
    // The unsplit audit (its numbers do not depend on the worker count: the test above compares 1 and 2 workers).
    const whole = await auditOnOneWorker();
    expect(whole.code, whole.stderr).toBe(0);
    const cli = [process.execPath, ...cliArgs()].join(' ');
    // Three pieces at once, as a cluster would run them: GNU parallel fills in each range.
    // Awaited, not execFileSync: a test process blocked past 60 s misses vitest's answer to its progress report.
    await execFileAsync('parallel', ['--halt', 'now,fail=1', `${cli} ${AUDIT.join(' ')} --json --quiet --workers 1 --chunks {} --partial-out ${tmp}/piece-{#}.json`, ':::', '0-7', '8-15', '16-99'.replace('99', String(countAudited(whole.stdout) - 1))], { cwd: REPO });
    const pieces = [1, 2, 3].map((i) => join(tmp, `piece-${i}.json`));
    for (const p of pieces) expect(existsSync(p)).toBe(true);
    // The pieces are processes of their own; the merge runs here (test/workers/cli.test.ts runs `merge` as a process).
    const merged = await inProcess(['merge', ...pieces.reverse()]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).toBe(whole.stdout);
  });
});

/** Audited formations with their options: what --chunks numbers. */
function countAudited(json: string): number {
  return JSON.parse(json).formations.reduce((t: number, f: { options: unknown[] }) => t + 1 + f.options.length, 0);
}

describe('matrix in the reference battle', () => {
  it('each cell is the row formation\'s fair cost against the column formation alone ÷ its cost, as fair-cost --vs gives it', async () => {
    const m = await inProcess(['matrix', 'titan-legion', '--vs', 'ork-war-horde', '--trials', '60', '--json', '--workers', '1']);
    expect(m.code, m.stderr).toBe(0);
    const j = JSON.parse(m.stdout);
    expect(j.battle).toMatchObject({ name: 'reference', version: 5 });
    const row = j.rows.findIndex((r: { id: string }) => r.id === 'warhound-battlegroup');
    const col = j.cols.findIndex((c: { id: string }) => c.id === 'warband');
    const cell = j.cells.find((c: { row: number; col: number }) => c.row === row && c.col === col);
    const f = JSON.parse((await inProcess(['fair-cost', 'titan-legion/warhound-battlegroup', '--vs', 'ork-war-horde/warband', '--trials', '60', '--json', '--workers', '1'])).stdout);
    expect(cell.valuePerPoint * 250).toBeCloseTo(f.fairCost.estimate, 9);
    expect(j.cells).toHaveLength(j.rows.length * j.cols.length);
    expect(j.unsupported).toContain('Warhound: titan-step-over: stepping over units and terrain (not modelled)');
  });
});
