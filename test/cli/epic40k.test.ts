import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcess } from '../helpers/cli.js';
import { binomialPmf, tolerance999 } from '../helpers/exact.js';

describe('shoot --rules epic40k', () => {
  it('6 Space Marines at 10 Imperial Guard: FP 6, 3 dice at 4+ (Armor 3): kills Binomial(3, 2/3); the JSON contract of NetEA plus rules', async () => {
    const trials = 200_000;
    const r = await inProcess(['shoot', '--rules', 'epic40k', '6 Space Marines', '--at', 'imperium/10 Imperial Guard', '--trials', String(trials), '--json', '--quiet']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.rules).toBe('epic40k');
    expect(out.data.id).toBe('epic40k-battlebible-1998');
    expect(out.targetFormation).toEqual({ name: '10 Imperial Guard', points: 70 });
    expect(out.attackerFormation).toEqual({ name: '6 Space Marines', points: 90 });
    const exact = [...binomialPmf(3, 2 / 3), ...new Array(7).fill(0)];
    expect(out.target.unitsKilled.distribution).toHaveLength(11);
    exact.forEach((p, k) => expect(Math.abs(out.target.unitsKilled.distribution[k] - p), `P(${k})`).toBeLessThanOrEqual(tolerance999(p, trials)));
    // FP 1-7: one Blast marker only with a hit (L1042-1046).
    const pAny = 1 - (1 / 3) ** 3;
    expect(Math.abs(out.target.blastMarkers.mean - pAny)).toBeLessThanOrEqual(tolerance999(pAny, trials));
    // The same fields as NetEA's shoot --json.
    const netea = JSON.parse((await inProcess(['shoot', '4 Devastator', '--at', '8 Ork Boyz', '--trials', '1000', '--json', '--quiet'])).stdout);
    expect(Object.keys(out).filter((k) => k !== 'rules').sort()).toEqual(Object.keys(netea).sort());
    expect(Object.keys(out.target).sort()).toEqual(Object.keys(netea.target).sort());
  });

  it('gives identical results on 1 and 2 workers', async () => {
    const args = ['shoot', '--rules', 'epic40k', '6 Space Marines, 2 Rhino', '--at', 'orks/8 Orks, 2 Battlewagon', '--trials', '60000', '--chunk-size', '10000', '--json', '--quiet', '--order', 'overwatch'];
    const one = JSON.parse((await inProcess([...args, '--workers', '1'])).stdout);
    const two = JSON.parse((await inProcess([...args, '--workers', '2'])).stdout);
    expect(two).toEqual(one);
    expect(one.target.unitsKilled.mean).toBeGreaterThan(0);
  });

  it('bad input: a NetEA formation, an unknown unit, an unknown order, a NetEA option: one message each, exit 2', async () => {
    const netea = await inProcess(['shoot', '--rules', 'epic40k', 'codex-astartes/tactical-detachment', '--at', '8 Orks']);
    expect(netea.code).toBe(2);
    expect(netea.stderr.trim().split('\n')).toHaveLength(1);
    expect(netea.stderr).toContain('not an Epic 40,000 army list');
    const unknown = await inProcess(['shoot', '--rules', 'epic40k', '6 Space Marines', '--at', '8 Ork Boyz']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown Epic 40,000 unit "Ork Boyz"');
    const order = await inProcess(['shoot', '--rules', 'epic40k', '6 Space Marines', '--at', '8 Orks', '--order', 'charge']);
    expect(order.code).toBe(2);
    // One line naming the orders there are and the help to read (src/cli/program.ts).
    expect(order.stderr.trim().split('\n')).toEqual(["epic-balance: option '--order <order>' argument 'charge' is invalid. Allowed choices are none, assault, overwatch, march; see epic-balance shoot --help"]);
    const crossfire = await inProcess(['shoot', '--rules', 'epic40k', '6 Space Marines', '--at', '8 Orks', '--crossfire']);
    expect(crossfire.code).toBe(2);
    expect(crossfire.stderr).toContain('--crossfire');
    const march = await inProcess(['shoot', '--rules', 'epic40k', '6 Space Marines', '--at', '8 Orks', '--order', 'march']);
    expect(march.code).toBe(2);
    expect(march.stderr).toContain('may not shoot (L942)');
  });
});

describe('assault --rules epic40k', () => {
  it('2 Space Marines (Assault 3) charge 2 Orks (Assault 2): 6 against 4, +1: P(win) 21/31; a report folder naming the rules', async () => {
    const trials = 200_000;
    const dir = mkdtempSync(join(tmpdir(), 'e40k-report-'));
    try {
      const r = await inProcess(['assault', '--rules', 'epic40k', '2 Space Marines', '--at', '2 Orks', '--trials', String(trials), '--json', '--quiet', '--out', join(dir, 'r')]);
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out.rules).toBe('epic40k');
      expect(Math.abs(out.assault.attackerWins.p - 21 / 31)).toBeLessThanOrEqual(tolerance999(21 / 31, trials));
      expect(out.assault.fought.p).toBe(1);
      expect(existsSync(join(dir, 'r', 'report.html'))).toBe(true);
      const manifest = readFileSync(join(dir, 'r', 'manifest.json'), 'utf8');
      expect(manifest).toContain('Epic 40,000');
      expect(manifest).toContain('epic40k-battlebible-1998');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('support from outside the combat is for war engines only (L1184)', async () => {
    const r = await inProcess(['assault', '--rules', 'epic40k', '2 Space Marines', '--at', '2 Orks', '--support', '4 Space Marines']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('only war engines');
  });
});

describe('list --rules epic40k', () => {
  it('shows the five lists, an army\'s units with their lines and its detachment cards', async () => {
    const all = await inProcess(['list', '--rules', 'epic40k']);
    expect(all.code).toBe(0);
    for (const a of ['chaos', 'eldar', 'imperium', 'orks', 'tyranids']) expect(all.stdout).toContain(a);
    const imp = await inProcess(['list', '--rules', 'epic40k', 'imperium']);
    expect(imp.stdout).toContain('Imperial Leviathan');
    expect(imp.stdout).toMatch(/Space Marine Squad\s+2\s+15\s+L2442/);
    const bad = await inProcess(['list', '--rules', 'epic40k', 'codex-astartes']);
    expect(bad.code).toBe(2);
  });
});
