import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { binomialPmf, tolerance999 } from '../helpers/exact.js';
import { inProcess } from '../helpers/cli.js';

/** `run` with "rules": "epic40k" (issue 20): the experiment file, its JSON, report and manifest, its bad input. */

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'epic-balance-e40k-run-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function write(name: string, json: unknown): string {
  const path = join(tmp, name);
  writeFileSync(path, JSON.stringify(json, null, 2));
  return path;
}

const shootAtGuard = (trials: number) => ({
  name: 'e40k-shoot',
  description: 'Six Space Marines shoot ten Imperial Guard.',
  rules: 'epic40k',
  trials,
  chunkSize: 10_000,
  geometry: { gap: 30, rankWidth: 10, spacing: 5 },
  engagement: {
    formations: {
      marines: { side: 'A', formation: '6 Space Marines' },
      guard: { side: 'B', formation: 'imperium/10 Imperial Guard' },
    },
    script: [{ step: 'shoot', by: 'marines', at: 'guard' }],
  },
});

async function runJson(path: string, extra: string[] = []) {
  const r = await inProcess(['run', path, '--quiet', '--json', '--out', join(tmp, `out-${Math.random().toString(36).slice(2)}`), ...extra]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

describe('run: "rules": "epic40k"', () => {
  it('a shoot step: 6 Space Marines (FP 6) at 10 Imperial Guard: 3 dice, Armor 3 (a kill on 3+): kills Binomial(3, 2/3); the run contract plus rules; the shoot command\'s numbers on the same seed', async () => {
    const trials = 200_000;
    const out = await runJson(write('shoot.json', shootAtGuard(trials)));
    expect(out.rules).toBe('epic40k');
    expect(out.kind).toBe('engagement');
    expect(out.data.id).toBe('epic40k-battlebible-1998');
    expect(out.trials).toBe(trials);
    const guard = out.variants[0].formations[1];
    expect(guard).toMatchObject({ id: 'guard', name: '10 Imperial Guard', side: 1, points: 70 });
    const exact = [...binomialPmf(3, 2 / 3), ...new Array(7).fill(0)];
    expect(guard.outcome.unitsKilled.distribution).toHaveLength(11);
    exact.forEach((p, k) => expect(Math.abs(guard.outcome.unitsKilled.distribution[k] - p), `P(${k})`).toBeLessThanOrEqual(tolerance999(p, trials)));
    // One Blast marker with any hit at FP 1-7 (L1042-1046).
    const pAny = 1 - (1 / 3) ** 3;
    expect(Math.abs(guard.outcome.blastMarkers.mean - pAny)).toBeLessThanOrEqual(tolerance999(pAny, trials));
    // The NetEA run contract's fields, plus rules.
    const netea = await runJson(join(REPO, 'experiments', 'tactical-vs-warband.json'), ['--trials', '200']);
    // NetEA's run --json is unchanged (the playground's JSON is the same contract); its manifest names the rules.
    expect(netea.rules).toBeUndefined();
    expect(Object.keys(out).filter((k) => k !== 'rules').sort()).toEqual(Object.keys(netea).sort());
    expect(Object.keys(out.variants[0]).sort()).toEqual(Object.keys(netea.variants[0]).sort());
    // The same engagement as `shoot --rules epic40k` (the fronts 30 cm apart): the same dice, the same numbers.
    const shoot = await inProcess(['shoot', '--rules', 'epic40k', '6 Space Marines', '--at', 'imperium/10 Imperial Guard', '--trials', String(trials), '--chunk-size', '10000', '--json', '--quiet']);
    const cli = JSON.parse(shoot.stdout);
    expect(cli.target.unitsKilled.distribution.length).toBe(11);
    expect(Math.abs(cli.target.unitsKilled.mean - guard.outcome.unitsKilled.mean)).toBeLessThanOrEqual(4 * Math.sqrt(2 * (2 / 3) * (1 / 3) * 3 / trials));
  });

  it('the same seed gives the same numbers, and a different seed different ones', async () => {
    const path = write('again.json', shootAtGuard(30_000));
    const a = await runJson(path);
    const b = await runJson(path);
    expect(b.variants).toEqual(a.variants);
    const c = await runJson(path, ['--seed', 'other']);
    expect(c.variants[0].formations[1].outcome.unitsKilled.distribution).not.toEqual(a.variants[0].formations[1].outcome.unitsKilled.distribution);
  });

  it('an assault step: 2 Space Marines (Assault 3) charge 2 Orks (Assault 2) 15 cm away: 6 against 4, +1: P(win) 21/31', async () => {
    const trials = 200_000;
    const out = await runJson(
      write('assault.json', {
        name: 'e40k-assault',
        description: 'Two Space Marines charge two Orks.',
        rules: 'epic40k',
        trials,
        geometry: { gap: 15, rankWidth: 10, spacing: 5 },
        engagement: {
          formations: { marines: { side: 'A', formation: '2 Space Marines' }, orks: { side: 'B', formation: '2 Orks' } },
          script: [{ step: 'assault', by: 'marines', at: 'orks' }],
        },
      }),
    );
    const a = out.variants[0].assaults[0];
    expect(a.fought.p).toBe(1);
    expect(Math.abs(a.attackerWins.p - 21 / 31)).toBeLessThanOrEqual(tolerance999(21 / 31, trials));
    expect(Math.abs(a.defenderWins.p - 10 / 31)).toBeLessThanOrEqual(tolerance999(10 / 31, trials));
  });

  it('an assault by side B (issue 20, item 3): two Space Marines on side B charge two Orks, P(attacker wins) = 21/31', async () => {
    const trials = 40_000;
    const out = await runJson(
      write('assault-side-b.json', {
        name: 'e40k-assault-side-b',
        description: 'Two Space Marines on side B charge two Orks on side A.',
        rules: 'epic40k',
        trials,
        geometry: { gap: 15, rankWidth: 10, spacing: 5 },
        engagement: {
          formations: { orks: { side: 'A', formation: '2 Orks' }, marines: { side: 'B', formation: '2 Space Marines' } },
          script: [{ step: 'assault', by: 'marines', at: 'orks' }],
        },
      }),
    );
    const a = out.variants[0].assaults[0];
    expect(a.fought.p).toBe(1);
    expect(Math.abs(a.attackerWins.p - 21 / 31)).toBeLessThanOrEqual(tolerance999(21 / 31, trials));
  });

  it('the shipped example writes CSV, charts, report.html and a manifest naming the rules', async () => {
    const out = join(tmp, 'shipped');
    const r = await inProcess(['run', join(REPO, 'experiments', 'epic40k-marines-vs-orks.json'), '--trials', '2000', '--quiet', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('rules epic40k, data epic40k-battlebible-1998');
    const files = readdirSync(out);
    for (const f of ['report.html', 'manifest.json', 'variants.csv', 'variants-broken.png', 'overwatch-kill.csv', 'none-assault.svg']) expect(files).toContain(f);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.rules).toBe('epic40k');
    expect(manifest.data.id).toBe('epic40k-battlebible-1998');
    expect(manifest.trials).toBe(2000);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('rules Epic 40,000 (BattleBible 1998)');
  });

  it('bad input: one message naming the file and the path in it, exit 2', async () => {
    const bad = async (name: string, patch: (x: ReturnType<typeof shootAtGuard>) => unknown) => {
      const r = await inProcess(['run', write(name, patch(shootAtGuard(100))), '--quiet']);
      expect(r.code).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines, r.stderr).toHaveLength(1);
      expect(lines[0]).toContain(name);
      return lines[0]!;
    };
    const netea = await bad('netea-formation.json', (x) => ({ ...x, engagement: { ...x.engagement, formations: { ...x.engagement.formations, guard: { side: 'B', formation: 'codex-astartes/tactical-detachment' } } } }));
    expect(netea).toContain('engagement.formations.guard.formation');
    expect(netea).toContain('not an Epic 40,000 army list');
    const unknown = await bad('unknown-unit.json', (x) => ({ ...x, engagement: { ...x.engagement, formations: { ...x.engagement.formations, marines: { side: 'A', formation: '6 Space Marines, 2 Ork Boyz' } } } }));
    expect(unknown).toContain('engagement.formations.marines.formation');
    expect(unknown).toContain('unknown Epic 40,000 unit "Ork Boyz"');
    const action = await bad('action.json', (x) => ({ ...x, engagement: { ...x.engagement, script: [{ step: 'shoot', by: 'marines', at: 'guard', action: 'sustained' }] } }));
    expect(action).toContain('engagement.script[0].action');
    expect(action).toContain('"order"');
    const step = await bad('regroup.json', (x) => ({ ...x, engagement: { ...x.engagement, script: [{ step: 'regroup', formation: 'marines' }] } }));
    expect(step).toContain('engagement.script[0].step');
    const order = await bad('order.json', (x) => ({ ...x, engagement: { ...x.engagement, formations: { ...x.engagement.formations, marines: { side: 'A', formation: '6 Space Marines', order: 'march' } } } }));
    expect(order).toContain('engagement.script[0].by');
    expect(order).toContain('may not shoot (L942)');
    const unknownOrder = await bad('unknown-order.json', (x) => ({ ...x, engagement: { ...x.engagement, formations: { ...x.engagement.formations, marines: { side: 'A', formation: '6 Space Marines', order: 'charge' } } } }));
    expect(unknownOrder).toContain('engagement.formations.marines.order');
    expect(unknownOrder).toContain('expected an order: none, assault, overwatch or march (Epic 40,000, L920-942)');
    const ownSide = await bad('own-side.json', (x) => ({ ...x, engagement: { ...x.engagement, formations: { ...x.engagement.formations, allies: { side: 'A', formation: 'imperium/10 Imperial Guard' } }, script: [{ step: 'assault', by: 'allies', at: 'marines' }] } }));
    expect(ownSide).toContain('engagement.script[0].at');
    expect(ownSide).toContain('same side as the attacker');
    const cover = await bad('cover.json', (x) => ({ ...x, engagement: { ...x.engagement, formations: { ...x.engagement.formations, guard: { side: 'B', formation: 'imperium/10 Imperial Guard', cover: 'obscured' } } } }));
    expect(cover).toContain('engagement.formations.guard.cover');
    const support = await bad('support.json', (x) => ({ ...x, engagement: { ...x.engagement, script: [{ step: 'assault', by: 'marines', at: 'guard', support: ['marines'] }] } }));
    expect(support).toContain('engagement.script[0].support[0]');
    expect(support).toContain('(L1184)');
    const fair = await bad('fair.json', (x) => ({ name: x.name, description: x.description, rules: 'epic40k', fairCost: { formation: '6 Space Marines', vs: ['8 Orks'], engagement: 'shoot' } }));
    expect(fair).toContain('fairCost');
    // And the other way round: Epic 40,000 cover in a NetEA experiment.
    const r = await inProcess(['run', write('netea-cover.json', { name: 'n', description: 'd', engagement: { formations: { a: { side: 'A', formation: 'codex-astartes/tactical-detachment' }, b: { side: 'B', formation: 'ork-war-horde/warband', cover: { armour: 1 } } }, script: [{ step: 'shoot', by: 'a', at: 'b' }] } }), '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('engagement.formations.b.cover');
  });

  it('Epic 40,000 cover {"armour": 1}: FP 6 at infantry in cover rolls 3 dice (column C, L1063) against Armor 3 + 1 (a kill on 4+): kills Binomial(3, 1/2)', async () => {
    const trials = 200_000;
    const x = shootAtGuard(trials);
    const withCover = { ...x, engagement: { ...x.engagement, formations: { ...x.engagement.formations, guard: { side: 'B', formation: 'imperium/10 Imperial Guard', cover: { armour: 1 } } } } };
    const out = await runJson(write('cover-ok.json', withCover));
    const d = out.variants[0].formations[1].outcome.unitsKilled.distribution;
    const exact = [...binomialPmf(3, 1 / 2), ...new Array(7).fill(0)];
    exact.forEach((p, k) => expect(Math.abs(d[k] - p), `P(${k})`).toBeLessThanOrEqual(tolerance999(p, trials)));
  });
});
