import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inProcess } from '../helpers/cli.js';

/** `fair-cost --rules epic40k` (issue 20): the single-engagement search on Epic 40,000 detachments. */

const tmp = mkdtempSync(join(tmpdir(), 'epic-balance-e40k-fair-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const Z999 = 3.2905;

describe('fair-cost --rules epic40k', () => {
  it('6 Space Marines (90) against 10 Imperial Guard (70), shooting at 30 cm: exact meeting means and the exchange-parity cost 90 x 14/25 = 50.4', async () => {
    const trials = 100_000;
    const out = join(tmp, 'fc');
    const r = await inProcess(['fair-cost', '--rules', 'epic40k', '6 Space Marines', '--vs', 'imperium/10 Imperial Guard', '--engagement', 'shoot', '--trials', String(trials), '--json', '--quiet', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.rules).toBe('epic40k');
    expect(j.data.id).toBe('epic40k-battlebible-1998');
    expect(j.currentCost).toBe(90);
    expect(j.engagement).toEqual({ kind: 'shoot', action: 'none', gap: 30 });
    // The Marines shoot: FP 6 at infantry in the open, 3 dice (L1063), Armor 3: kills Binomial(3, 2/3), 7 points each.
    const shoot = j.meetings.find((m: { acting: string }) => m.acting === 'formation');
    const sdShoot = Math.sqrt((49 * 3 * (2 / 3) * (1 / 3)) / trials);
    expect(Math.abs(shoot.pointsDestroyed - 14)).toBeLessThanOrEqual(Z999 * sdShoot);
    expect(shoot.pointsLost).toBe(0);
    // The Guard shoot back: FP 10, 5 dice (L1067), one each on five Marines (L1097-1103), Armor 5: kills Binomial(5, 1/3), 15 points each.
    const back = j.meetings.find((m: { acting: string }) => m.acting === 'opponent');
    const sdBack = Math.sqrt((225 * 5 * (1 / 3) * (2 / 3)) / trials);
    expect(Math.abs(back.pointsLost - 25)).toBeLessThanOrEqual(Z999 * sdBack);
    expect(back.pointsDestroyed).toBe(0);
    // Exchange parity: fair cost = 90 x (14 / 25).
    const half = (j.fairCost.ci95[1] - j.fairCost.ci95[0]) / 2;
    expect(Math.abs(j.fairCost.estimate - 50.4)).toBeLessThanOrEqual((Z999 / 1.96) * half);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.rules).toBe('epic40k');
    expect(manifest.data.id).toBe('epic40k-battlebible-1998');
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('One Epic 40,000 shooting attack at 30 cm');
  });

  it('the same seed gives the same numbers', async () => {
    const args = ['fair-cost', '--rules', 'epic40k', '2 Space Marines', '--vs', 'orks/2 Orks', '--engagement', 'assault', '--trials', '5000', '--json', '--quiet'];
    const a = JSON.parse((await inProcess(args)).stdout);
    const b = JSON.parse((await inProcess(args)).stdout);
    expect(b).toEqual(a);
    expect(a.meetings).toHaveLength(2);
  });

  it('without --engagement: the fair cost in the Epic 40,000 reference battle against its field (8 detachments of other lists, 6 scenes, each side first once)', async () => {
    const out = join(tmp, 'battle');
    const r = await inProcess(['fair-cost', '--rules', 'epic40k', '6 Space Marines, 2 Rhino', '--trials', '200', '--json', '--quiet', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.rules).toBe('epic40k');
    expect(j.battle).toMatchObject({ name: 'epic40k-reference', version: 1 });
    expect(j.currentCost).toBe(104);
    // 12 plays (6 scenes, each side first once) per group, one group or more per opponent, sized to the price tried.
    expect(j.meetings % 12).toBe(0);
    expect(j.meetings).toBeGreaterThanOrEqual(8 * 12);
    expect(j.meetings).toBeLessThanOrEqual(8 * 7 * 12);
    expect(j.opponents.map((o: { opponent: string }) => o.opponent)).not.toContain('imperium/10 Space Marines');
    expect(j.fairCost.ci95[0]).toBeLessThanOrEqual(j.fairCost.estimate);
    expect(j.fairCost.band[1]).toBeGreaterThanOrEqual(j.fairCost.ci95[1]);
    expect(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')).rules).toBe('epic40k');
  });

  it('refused with the reason: win parity in a battle, only own-list opponents, shoot-assault, NetEA options, NetEA formations', async () => {
    const win = await inProcess(['fair-cost', '--rules', 'epic40k', '6 Space Marines', '--metric', 'win']);
    expect(win.code).toBe(2);
    expect(win.stderr.trim().split('\n')).toHaveLength(1);
    expect(win.stderr).toContain('option --metric');
    const own = await inProcess(['fair-cost', '--rules', 'epic40k', '6 Space Marines', '--vs', 'imperium/10 Imperial Guard', '--trials', '10']);
    expect(own.code).toBe(2);
    expect(own.stderr).toContain('no opponent outside imperium');
    const both = await inProcess(['fair-cost', '--rules', 'epic40k', '6 Space Marines', '--vs', 'orks/8 Orks', '--engagement', 'shoot-assault']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('shoot and assault');
    const action = await inProcess(['fair-cost', '--rules', 'epic40k', '6 Space Marines', '--vs', 'orks/8 Orks', '--engagement', 'shoot', '--action', 'sustained']);
    expect(action.code).toBe(2);
    expect(action.stderr).toContain('--action');
    const netea = await inProcess(['fair-cost', '--rules', 'epic40k', '6 Space Marines', '--vs', 'ork-war-horde/warband', '--engagement', 'shoot']);
    expect(netea.code).toBe(2);
    expect(netea.stderr).toContain('not an Epic 40,000 army list');
  });
});
