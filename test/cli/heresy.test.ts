import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcess } from '../helpers/cli.js';
import { binomialPmf, tolerance999 } from '../helpers/exact.js';

describe('shoot and assault --rules heresy', () => {
  it('4 Space Marines (acc 6, bolter) at 8 Orks (armour 3), 20 cm: kills Binomial(4, 0.5 x 0.8); the JSON contract of NetEA plus rules', async () => {
    const trials = 100_000;
    const r = await inProcess(['shoot', '--rules', 'heresy', '4 Space Marine', '--at', '8 Ork', '--gap', '20', '--trials', String(trials), '--json', '--quiet', '--workers', '1']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.rules).toBe('heresy');
    expect(out.data.id).toBe('heresy-examples');
    const exact = [...binomialPmf(4, 0.4), 0, 0, 0, 0];
    exact.forEach((p, k) => expect(Math.abs(out.target.unitsKilled.distribution[k] - p), `P(${k})`).toBeLessThanOrEqual(tolerance999(p, trials)));
    const netea = JSON.parse((await inProcess(['shoot', '4 Devastator', '--at', '8 Ork Boyz', '--trials', '1000', '--json', '--quiet', '--workers', '1'])).stdout);
    expect(Object.keys(out).filter((k) => k !== 'rules').sort()).toEqual(Object.keys(netea).sort());
    expect(Object.keys(out.target).sort()).toEqual(Object.keys(netea.target).sort());
  });

  it('gives identical results on 1 and 2 workers (shoot and assault)', async () => {
    for (const args of [
      ['shoot', '--rules', 'heresy', '4 Terminator, 2 Land Raider', '--at', '8 Ork, 2 Rhino', '--cover', 'hard', '--trials', '40000', '--chunk-size', '10000', '--json', '--quiet'],
      ['assault', '--rules', 'heresy', '8 Ork', '--at', '4 Space Marine', '--support', '4 Ork', '--trials', '40000', '--chunk-size', '10000', '--json', '--quiet'],
    ]) {
      const one = JSON.parse((await inProcess([...args, '--workers', '1'])).stdout);
      const two = JSON.parse((await inProcess([...args, '--workers', '2'])).stdout);
      expect(two).toEqual(one);
      expect(one.rules).toBe('heresy');
    }
  });

  it('assault: a table naming the rules, and a report folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'heresy-'));
    try {
      const r = await inProcess(['assault', '--rules', 'heresy', '8 Ork', '--at', '4 Space Marine', '--trials', '5000', '--out', join(dir, 'rep'), '--quiet', '--workers', '1']);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('rules heresy');
      expect(r.stdout).toContain('P(attacker wins)');
      expect(readFileSync(join(dir, 'rep', 'report.html'), 'utf8')).toContain('Heresy');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('bad input: a profile value out of range, a NetEA formation, a NetEA option: one message each, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'heresy-bad-'));
    try {
      const file = join(dir, 'mine.json');
      const set = JSON.parse(readFileSync('datasheets/heresy/examples.json', 'utf8'));
      set.id = 'mine';
      set.profiles = [{ ...set.profiles[0], id: 'bad-marine', name: 'Bad Marine', accuracy: 11 }];
      writeFileSync(file, JSON.stringify(set));
      const bad = await inProcess(['shoot', '--rules', 'heresy', '4 Bad Marine', '--at', '8 Ork', '--data', file]);
      expect(bad.code).toBe(2);
      expect(bad.stderr.trim().split('\n')).toHaveLength(1);
      expect(bad.stderr).toContain('mine.json: profiles[0].accuracy');
      expect(bad.stderr).toContain('1 to 10');
      set.profiles[0].accuracy = 5;
      writeFileSync(file, JSON.stringify(set));
      const good = await inProcess(['shoot', '--rules', 'heresy', '4 Bad Marine', '--at', '8 Ork', '--data', file, '--trials', '1000', '--json', '--quiet', '--workers', '1']);
      expect(good.code).toBe(0);
      expect(JSON.parse(good.stdout).data.id).toBe('heresy-examples+user');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const netea = await inProcess(['shoot', '--rules', 'heresy', 'codex-astartes/tactical-detachment', '--at', '8 Ork']);
    expect(netea.code).toBe(2);
    expect(netea.stderr.trim().split('\n')).toHaveLength(1);
    expect(netea.stderr).toContain('not a Heresy profile set');
    const unknown = await inProcess(['assault', '--rules', 'heresy', '8 Ork Boyz', '--at', '4 Tactical']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown Heresy profile "Tactical"');
    const cross = await inProcess(['shoot', '--rules', 'heresy', '4 Marine', '--at', '8 Ork', '--crossfire']);
    expect(cross.code).toBe(2);
    expect(cross.stderr).toContain('--crossfire');
  });
});
