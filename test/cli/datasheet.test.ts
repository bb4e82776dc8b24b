import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inProcess, spawnCli } from '../helpers/cli.js';
import { binomialPmf, killsFromHits, probWhere } from '../helpers/exact.js';

/**
 * --datasheet: a balancer's proposal valued without editing the repository or
 * a Tournament Pack checkout (issue 32, item 4). The overlays are written to a
 * temporary folder; the suite's own check (test/repositoryUntouched.ts) sees
 * that nothing in the repository changed.
 */

const dir = mkdtempSync(join(tmpdir(), 'eb-datasheet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, json: object) => {
  writeFileSync(join(dir, name), JSON.stringify(json, null, 2));
  return join(dir, name);
};
const hash12 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 12);

const cheaper = write('cheaper.json', { armies: [{ id: 'codex-astartes', formations: [{ id: 'devastator-detachment', points: 200 }] }] });
const keenerMissiles = write('keener-missiles.json', { weapons: [{ id: 'missile-launcher', modes: [{ range: 45, ap: 3, at: 6 }] }] });
const plasma = write('plasma.json', {
  weapons: [{ id: 'plasma-cannon', name: 'Plasma Cannon', modes: [{ range: 30, ap: 4, at: 4 }] }],
  units: [{ id: 'plasma-devastator', name: 'Plasma Devastator', type: 'INF', speed: 15, armour: 4, cc: 5, ff: 3, weapons: [{ weapon: 'plasma-cannon', multiplier: 2 }] }],
  forces: [{ id: 'space-marine', units: ['plasma-devastator'] }],
  armies: [{ id: 'codex-astartes', formations: [{ id: 'plasma-devastator-detachment', name: 'Plasma Devastator', units: [{ unit: 'plasma-devastator', count: 4 }], points: 275 }] }],
});

describe('--datasheet', () => {
  it('a changed cost changes list\'s output, whose header names the overlay and its hash; without it, the built-in cost', async () => {
    const line = (out: string) => out.split('\n').find((l) => l.trimStart().startsWith('devastator-detachment'))!;
    const overlaid = await inProcess(['list', 'codex-astartes', '--datasheet', cheaper]);
    expect(overlaid.code, overlaid.stderr).toBe(0);
    expect(line(overlaid.stdout)).toMatch(/^ {2}devastator-detachment +200 pts {2}4 Devastator, 2 Rhino$/);
    expect(overlaid.stdout).toContain(`${cheaper} sha256:${hash12(cheaper)}`);
    const plain = await inProcess(['list', 'codex-astartes']);
    expect(line(plain.stdout)).toMatch(/^ {2}devastator-detachment +250 pts /);
    expect(plain.stdout).not.toContain('sha256:' + hash12(cheaper));
  });

  it('a changed weapon changes a shooting probability to its exact binomial value: missile launchers at AP3+, 8 shots at 8 Ork Boyz', async () => {
    const trials = 200_000;
    const r = await inProcess(['shoot', '4 Devastator', '--at', '8 Ork Boyz', '--datasheet', keenerMissiles, '--trials', String(trials), '--json', '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.data.version).toMatch(new RegExp(` \\+ ${keenerMissiles.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} sha256:${hash12(keenerMissiles)}$`));
    // 8 shots hitting on 3+ (2/3) instead of 5+; Boyz fail their 6+ save 5/6 of the time; the warband breaks at 4 kills
    // (1 + k Blast markers >= 8 - k), and 8 kills destroy it, which counts as destroyed, not broken.
    const kills = killsFromHits(binomialPmf(8, 2 / 3), 8, 5 / 6);
    kills.forEach((p, k) => expect(Math.abs(out.target.unitsKilled.distribution[k] - p), `P(${k} killed)`).toBeLessThan(3.3 * Math.sqrt((p * (1 - p)) / trials) + 1e-9));
    const pBroken = probWhere(kills, (k) => k >= 4 && k < 8);
    expect(out.target.destroyed.ci95[0]).toBeLessThanOrEqual(kills[8]!);
    expect(out.target.destroyed.ci95[1]).toBeGreaterThanOrEqual(kills[8]!);
    const [lo, hi] = out.target.broken.ci95;
    expect(lo).toBeLessThanOrEqual(pBroken);
    expect(hi).toBeGreaterThanOrEqual(pBroken);
    // Not the built-in AP5+ missile launcher's value.
    expect(Math.abs(pBroken - probWhere(killsFromHits(binomialPmf(8, 1 / 3), 8, 5 / 6), (k) => k >= 4))).toBeGreaterThan(0.3);
  });

  it('a proposed new unit is valued by fair-cost, and its report\'s manifest names the overlay with its SHA-256', async () => {
    const r = await spawnCli(['fair-cost', 'codex-astartes/plasma-devastator-detachment', '--datasheet', plasma, '--trials', '100', '--workers', '1', '--json', '--quiet', '--out', 'report'], dir);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.formation).toBe('Codex Astartes Space Marines Plasma Devastator');
    expect(out.currentCost).toBe(275);
    expect(Number.isFinite(out.fairCost.estimate)).toBe(true);
    expect(out.data.version).toContain(`${plasma} sha256:${hash12(plasma)}`);
    const manifest = JSON.parse(readFileSync(join(dir, 'report', 'manifest.json'), 'utf8'));
    expect(manifest.data.datasheets).toEqual([{ file: plasma, sha256: createHash('sha256').update(readFileSync(plasma)).digest('hex') }]);
    expect(manifest.command).toContain(`--datasheet ${plasma}`);
  });
});
