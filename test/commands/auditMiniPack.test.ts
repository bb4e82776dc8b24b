import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcess } from '../helpers/cli.js';
import { MINI_FORMATIONS, writeMiniBattle, writeMiniTournamentPack } from '../helpers/miniTournamentPack.js';
import { testTempDir } from '../helpers/tempDir.js';

/**
 * `audit --data <checkout>` on the small Tournament Pack the tests write
 * (test/helpers/miniTournamentPack.ts), so a machine without the real pack
 * still runs the audit on imported data. The reference battle's field names
 * formations of the real pack; the mini pack's battle names four of its own.
 */

interface AuditedFormation {
  army: string;
  text: string;
  cost: number;
  kind: string;
  fairCost: { value: number; ci95: [number, number]; band: [number, number] };
  valuePerPoint: number;
  relativeToList: number;
  trialsPerMeeting: number;
  verdict: string;
}

describe('audit on the mini Tournament Pack', () => {
  it('with a battle whose field names its formations: all six valued, each fair cost within its interval and band and within 4x of its cost, the report folder written', async () => {
    const root = testTempDir('eb-audit-mini-');
    const tp = writeMiniTournamentPack(join(root, 'tp'));
    const battle = writeMiniBattle(join(root, 'battle.json'));
    const out = join(root, 'report');
    const r = await inProcess(['audit', '--data', tp, '--battle', battle, '--trials', '60', '--seed', 'mini', '--json', '--quiet', '--workers', '1', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const a = JSON.parse(r.stdout) as { dataset: { id: string }; battle: { name: string; version: number }; trials: number; formations: AuditedFormation[]; skipped: unknown[]; validation: { pooled: { formations: number; spearman: number } } };
    expect(a.dataset.id).toBe('netea-tp');
    expect(a.battle).toMatchObject({ name: 'reference', version: 5 });
    expect(a.trials).toBe(60);
    expect(a.skipped).toEqual([]);
    expect(Object.fromEntries(a.formations.map((f) => [f.text, f.cost]))).toEqual(MINI_FORMATIONS);
    for (const f of a.formations) {
      expect(f.kind, f.text).toBe('ground');
      expect(f.trialsPerMeeting, f.text).toBe(60);
      expect(f.fairCost.ci95[0], f.text).toBeLessThanOrEqual(f.fairCost.value);
      expect(f.fairCost.ci95[1], f.text).toBeGreaterThanOrEqual(f.fairCost.value);
      expect(f.fairCost.band[0], f.text).toBeLessThanOrEqual(f.fairCost.ci95[0]);
      expect(f.fairCost.band[1], f.text).toBeGreaterThanOrEqual(f.fairCost.ci95[1]);
      expect(f.fairCost.value, f.text).toBeGreaterThan(f.cost / 4);
      expect(f.fairCost.value, f.text).toBeLessThan(f.cost * 4);
      expect(f.valuePerPoint, f.text).toBeCloseTo(f.fairCost.value / f.cost, 12);
      expect(['fair', 'under-costed', 'over-costed', 'unsupported-rules'], f.text).toContain(f.verdict);
    }
    // Each list's median of value per point relative to the list is 1 (three formations each: the middle one).
    for (const army of ['iron-horde', 'star-wardens']) {
      const rel = a.formations.filter((f) => f.army === army).map((f) => f.relativeToList).sort((x, y) => x - y);
      expect(rel).toHaveLength(3);
      expect(rel[1]).toBeCloseTo(1, 12);
    }
    expect(a.validation.pooled.formations).toBe(6);
    expect(a.validation.pooled.spearman).toBeGreaterThanOrEqual(-1);
    expect(a.validation.pooled.spearman).toBeLessThanOrEqual(1);
    for (const f of ['report.html', 'manifest.json', 'audit.csv']) expect(readdirSync(out)).toContain(f);
    const rows = readFileSync(join(out, 'audit.csv'), 'utf8').trim().split('\n');
    expect(rows).toHaveLength(1 + 6);
    expect(rows.filter((l) => l.startsWith('iron-horde,mob,175,'))).toHaveLength(1);
  });

  it('with the reference battle, whose field names formations the pack lacks: one line naming all of them, exit 2, nothing written', async () => {
    const root = testTempDir('eb-audit-mini-');
    const tp = writeMiniTournamentPack(join(root, 'tp'));
    const out = join(root, 'report');
    const r = await inProcess(['audit', '--data', tp, '--trials', '60', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^epic-balance: \S*battles\/reference\.json: field\.netea-tp: the data set netea-tp lacks 12 of the 12 formations the battle's field names \(space-marine-codex-astartes\/tactical, .*, tau\/armour-support-group\); give --battle a battle whose field names formations of this data set$/);
    expect(existsSync(out)).toBe(false);
  });

  it('with a battle whose field it has but whose air defence it lacks: one line naming the air defence, exit 2', async () => {
    const root = testTempDir('eb-audit-mini-');
    const tp = writeMiniTournamentPack(join(root, 'tp'));
    const battle = writeMiniBattle(join(root, 'battle.json'));
    const json = JSON.parse(readFileSync(battle, 'utf8'));
    json.airDefence['netea-tp'] = [{ formation: 'imperial-guard-steel-legion/flak-battery', why: 'The real pack\'s Hydra battery.' }];
    writeFileSync(battle, JSON.stringify(json));
    const r = await inProcess(['audit', '--data', tp, '--battle', battle, '--trials', '60']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/battle\.json: airDefence\.netea-tp: the data set netea-tp lacks 1 of the 1 formations the battle's air defence names \(imperial-guard-steel-legion\/flak-battery\); give --battle a battle whose air defence names formations of this data set$/)]);
  });
});
