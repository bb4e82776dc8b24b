import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inProcess } from '../helpers/cli.js';

/** `matrix --rules epic40k` (issue 20, item 1): the catalogue detachments of one BattleBible list against another's. */

const tmp = mkdtempSync(join(tmpdir(), 'epic-balance-e40k-matrix-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const Z999 = 3.2905;

interface Cell {
  row: number;
  col: number;
  per100: { mean: number };
  valuePerPoint: number;
  ci95: [number, number];
}

describe('matrix --rules epic40k', () => {
  it('--engagement shoot: 6 Carnifex (156) shooting 17 Orks at 30 cm roll 6 dice (FP 12, column B, L1069), kills Binomial(6, 1/2) of 9 points; Hormagaunts have no ranged weapon', async () => {
    const trials = 20_000;
    const out = join(tmp, 'shoot');
    const r = await inProcess(['matrix', '--rules', 'epic40k', 'tyranids', '--vs', 'orks', '--engagement', 'shoot', '--trials', String(trials), '--json', '--quiet', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.rules).toBe('epic40k');
    expect(j.data.id).toBe('epic40k-battlebible-1998');
    expect(j.engagement).toEqual({ kind: 'shoot', action: 'none', gap: 30 });
    // The Ork characters, the Warlord, the Warboss and the Weirdboy, are not fielded in copies (listDetachments.ts, characterRow).
    expect([j.rows.length, j.cols.length, j.cells.length]).toEqual([12, 18, 216]);
    expect(j.skipped.cols.map((s: { name: string }) => s.name)).toEqual(['Warlord', 'Warphead', 'Warboss', 'Weirdboy', 'Fighta-Bommer']);
    expect(j.skipped.rows.map((s: { name: string }) => s.name)).toEqual(['Gargoyles', 'Harridan']);
    const row = j.rows.findIndex((x: { id: string }) => x.id === 'carnifex');
    const col = j.cols.findIndex((x: { id: string }) => x.id === 'orks');
    expect(j.rows[row].points).toBe(156);
    const cell = j.cells.find((c: Cell) => c.row === row && c.col === col);
    const exact = (6 * 0.5 * 9 * 100) / 156;
    const sd = (Math.sqrt((81 * 6 * 0.25) / trials) * 100) / 156;
    expect(Math.abs(cell.per100.mean - exact)).toBeLessThanOrEqual(Z999 * sd);
    const gaunts = j.rows.findIndex((x: { id: string }) => x.id === 'hormagaunts');
    expect(j.cells.filter((c: Cell) => c.row === gaunts).every((c: Cell) => c.per100.mean === 0)).toBe(true);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.rules).toBe('epic40k');
    expect(manifest.data.id).toBe('epic40k-battlebible-1998');
    // The report's summary, tables and charts name the Epic 40,000 engagement, not a NetEA action.
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain('one Epic 40,000 shooting attack at 30 cm (both detachments in the open, no orders)');
    expect(html).not.toContain('(advance)');
  });

  it('the battle matrix (default): a detachment against its own copy is worth its cost (both sides act first once: value per point 1 within 99.9%)', async () => {
    const out = join(tmp, 'battle');
    const r = await inProcess(['matrix', '--rules', 'epic40k', 'tyranids', '--vs', 'tyranids', '--trials', '400', '--json', '--quiet', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.rules).toBe('epic40k');
    expect(j.battle.name).toBe('epic40k-reference');
    expect(j.cells).toHaveLength(144);
    for (const c of j.cells.filter((x: Cell) => x.row === x.col)) {
      const half = ((c.ci95[1] - c.ci95[0]) / 2) * (Z999 / 1.96);
      expect(Math.abs(c.valuePerPoint - 1), `${j.rows[c.row].name}`).toBeLessThanOrEqual(half);
    }
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.rules).toBe('epic40k');
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('epic40k-reference');
    // The text names the rule system too.
    const text = await inProcess(['matrix', '--rules', 'epic40k', 'tyranids', '--vs', 'tyranids', '--trials', '10', '--quiet']);
    expect(text.stdout.split('\n')[0]).toBe('Epic 40,000 (BattleBible 1998)');
  });

  it('bad input: one message naming the option, exit 2', async () => {
    const bad = async (args: string[], option: string, text: string) => {
      const r = await inProcess(['matrix', '--rules', 'epic40k', ...args, '--quiet']);
      expect(r.code).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines, r.stderr).toHaveLength(1);
      expect(lines[0]).toContain(option);
      expect(lines[0]).toContain(text);
    };
    await bad(['codex-astartes', '--vs', 'orks'], 'argument <army>', 'unknown Epic 40,000 army list "codex-astartes"');
    await bad(['orks', '--vs', 'ork-war-horde'], 'option --vs', 'expected one of "chaos"');
    await bad(['orks', '--vs', 'eldar', '--engagement', 'shoot-assault'], 'option --engagement', 'shoot and assault');
    await bad(['orks', '--vs', 'eldar', '--engagement', 'shoot', '--action', 'sustained'], 'option --action', 'NetEA actions');
    await bad(['orks', '--vs', 'eldar', '--data', '../shared/netea-tp'], 'option --data', 'BattleBible');
  });
});
