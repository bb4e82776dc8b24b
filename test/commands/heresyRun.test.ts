import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { binomialPmf, tolerance999 } from '../helpers/exact.js';
import { inProcess, spawnCli } from '../helpers/cli.js';

/** `run` with "rules": "heresy" and `list --rules heresy` (issue 21, item 3): the experiment file, its JSON, report and manifest, its bad input. */

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'epic-balance-heresy-run-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function write(name: string, json: unknown): string {
  const path = join(tmp, name);
  writeFileSync(path, JSON.stringify(json, null, 2));
  return path;
}

/** 4 Space Marines (accuracy 6, bolter FP 1 Pen 1, range 25/50) fire at 8 Orks (armour 3) `gap` cm away. */
const marinesShootOrks = (trials: number, gap = 20, cover = 'none') => ({
  name: 'heresy-shoot',
  description: 'Four Space Marine stands fire at eight Ork stands.',
  rules: 'heresy',
  trials,
  chunkSize: 10_000,
  geometry: { gap },
  engagement: {
    formations: {
      marines: { side: 'A', formation: '4 Space Marine' },
      orks: { side: 'B', formation: '8 Ork', cover },
    },
    script: [{ step: 'shoot', by: 'marines', at: 'orks' }],
  },
});

async function runJson(path: string, extra: string[] = []) {
  const r = await inProcess(['run', path, '--quiet', '--json', '--out', join(tmp, `out-${Math.random().toString(36).slice(2)}`), ...extra]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

function expectKills(distribution: number[], p: number, trials: number): void {
  const exact = [...binomialPmf(4, p), 0, 0, 0, 0];
  expect(distribution).toHaveLength(9);
  exact.forEach((q, k) => expect(Math.abs(distribution[k]! - q), `P(${k})`).toBeLessThanOrEqual(tolerance999(q, trials)));
}

/**
 * One assault round, computed here from the seed (L218-243) for two uniform
 * units: each side rolls a D10 + its score's excess over the other's and buys
 * the other's stands at their assault value; the side that lost more takes a
 * quality check (D10 >= its Fresh value, L399-403) and leaves on a failure.
 */
function oneRound(o: { nA: number; vA: number; qA: number; nD: number; vD: number; qD: number; coverAdd: number }) {
  let aWins = 0;
  let dWins = 0;
  const sa = o.nA * o.vA;
  const sd = o.nD * (o.vD + o.coverAdd);
  for (let ra = 1; ra <= 10; ra++) {
    for (let rd = 1; rd <= 10; rd++) {
      const lostD = Math.min(o.nD, Math.floor((ra + Math.max(0, sa - sd)) / o.vD));
      const lostA = Math.min(o.nA, Math.floor((rd + Math.max(0, sd - sa)) / o.vA));
      if (lostD === o.nD && lostA === o.nA) continue;
      if (lostD === o.nD) aWins += 0.01;
      else if (lostA === o.nA) dWins += 0.01;
      else if (lostA > lostD) dWins += 0.01 * (o.qA - 1) / 10;
      else if (lostD > lostA) aWins += 0.01 * (o.qD - 1) / 10;
    }
  }
  return { aWins, dWins };
}

describe('run: "rules": "heresy"', () => {
  it('a shoot step at 20 cm (short range): need 6 (P 1/2), penetration 3+ (P 4/5): kills Binomial(4, 0.4); the run contract plus rules', async () => {
    const trials = 200_000;
    const out = await runJson(write('shoot.json', marinesShootOrks(trials)));
    expect(out.rules).toBe('heresy');
    expect(out.kind).toBe('engagement');
    expect(out.data.id).toBe('heresy-examples');
    expect(out.trials).toBe(trials);
    const orks = out.variants[0].formations[1];
    expect(orks).toMatchObject({ id: 'orks', name: '8 Ork', side: 1 });
    expectKills(orks.outcome.unitsKilled.distribution, 0.5 * 0.8, trials);
    const netea = await runJson(join(REPO, 'experiments', 'tactical-vs-warband.json'), ['--trials', '200']);
    expect(Object.keys(out).filter((k) => k !== 'rules').sort()).toEqual(Object.keys(netea).sort());
    expect(Object.keys(out.variants[0]).sort()).toEqual(Object.keys(netea.variants[0]).sort());
    expect(Object.keys(orks.outcome).sort()).toEqual(Object.keys(netea.variants[0].formations[1].outcome).sort());
  });

  it('the fronts set the range: at 30 cm (long, +2, L42-44) need 8: kills Binomial(4, 0.3 x 0.8); soft cover (+1 to hit and to the armour, L112-123) at 20 cm: Binomial(4, 0.4 x 0.7)', async () => {
    const trials = 200_000;
    const long = await runJson(write('long.json', marinesShootOrks(trials, 30)));
    expectKills(long.variants[0].formations[1].outcome.unitsKilled.distribution, 0.3 * 0.8, trials);
    const cover = await runJson(write('cover.json', marinesShootOrks(trials, 20, 'soft')));
    expectKills(cover.variants[0].formations[1].outcome.unitsKilled.distribution, 0.4 * 0.7, trials);
  });

  it('an assault step with heresyOptions.maxRounds 1: 6 Orks (assault 2, quality 7) charge 4 Marines (assault 4, quality 5) in soft cover (+1 a stand, L285): one round computed from the seed', async () => {
    const trials = 200_000;
    const out = await runJson(
      write('assault.json', {
        name: 'heresy-assault',
        description: 'Six Orks charge four Marines in soft cover.',
        rules: 'heresy',
        trials,
        heresyOptions: { maxRounds: 1 },
        engagement: {
          formations: { orks: { side: 'A', formation: '6 Ork' }, marines: { side: 'B', formation: '4 Space Marine', cover: 'soft' } },
          script: [{ step: 'assault', by: 'orks', at: 'marines' }],
        },
      }),
    );
    const exact = oneRound({ nA: 6, vA: 2, qA: 7, nD: 4, vD: 4, qD: 5, coverAdd: 1 });
    const a = out.variants[0].assaults[0];
    expect(a.fought.p).toBe(1);
    expect(Math.abs(a.attackerWins.p - exact.aWins)).toBeLessThanOrEqual(tolerance999(exact.aWins, trials));
    expect(Math.abs(a.defenderWins.p - exact.dWins)).toBeLessThanOrEqual(tolerance999(exact.dWins, trials));
  });

  it('two turns with an end phase: 10 Guard (Anti-infantry) fire at 2 Rhinos, no kills (L467-470), 10 dice > 2 models: a chit; the end-phase check D10 >= 5 (P 0.6) removes the chits (L179-186): mean chits 1, 0.4, 1.4 and 0.6 x 0 + 0.24 x 1 + 0.16 x 2 = 0.56', async () => {
    const trials = 200_000;
    const out = await runJson(
      write('turns.json', {
        name: 'heresy-turns',
        description: 'Guard fire at Rhinos for two turns.',
        rules: 'heresy',
        trials,
        geometry: { gap: 20 },
        engagement: {
          formations: { guard: { side: 'A', formation: '10 Imperial Guard' }, rhinos: { side: 'B', formation: '2 Rhino' } },
          script: [{ step: 'shoot', by: 'guard', at: 'rhinos' }, { step: 'end-phase' }],
          turns: 2,
        },
      }),
    );
    const rows = readFileSync(join(dirname(out.report), 'outcomes.csv'), 'utf8').trim().split('\n').map((l) => l.split(','));
    const header = rows[0]!;
    const col = (name: string) => header.indexOf(name);
    const chits = rows.filter((row) => row[col('formation')] === '2 Rhino' && row[col('measure')] === 'blast_markers_mean');
    expect(chits.map((row) => row[col('step_label')])).toEqual(['turn 1: guard shoots rhinos', 'turn 1: end phase', 'end of turn 1', 'turn 2: guard shoots rhinos', 'turn 2: end phase', 'end of turn 2']);
    const means = chits.map((row) => Number(row[col('value')]));
    expect(means[0]).toBe(1);
    const sd = (m: number, m2: number) => 3.29 * Math.sqrt((m2 - m * m) / trials);
    expect(Math.abs(means[1]! - 0.4)).toBeLessThanOrEqual(sd(0.4, 0.4));
    expect(means[2]).toBe(means[1]);
    expect(Math.abs(means[3]! - 1.4)).toBeLessThanOrEqual(sd(1.4, 0.6 * 1 + 0.4 * 4));
    expect(Math.abs(means[4]! - 0.56)).toBeLessThanOrEqual(sd(0.56, 0.24 + 0.16 * 4));
    const rhinos = out.variants[0].formations[1];
    expect(rhinos.outcome.unitsKilled.mean).toBe(0);
    expect(Math.abs(rhinos.outcome.blastMarkers.mean - 0.56)).toBeLessThanOrEqual(sd(0.56, 0.88));
  });

  it('parameters run on the same dice; the same seed gives the same numbers', async () => {
    const x = marinesShootOrks(20_000);
    const path = write('params.json', { ...x, engagement: { ...x.engagement, parameters: { target: ['8 Ork', '8 Imperial Guard'] }, formations: { ...x.engagement.formations, orks: { side: 'B', formation: '{{target}}' } } } });
    const a = await runJson(path);
    expect(a.variants.map((v: { name: string }) => v.name)).toEqual(['target=8 Ork', 'target=8 Imperial Guard']);
    // Orks and Guard both have armour 3: the same dice give the same kills.
    expect(a.variants[1].formations[1].outcome.unitsKilled.distribution).toEqual(a.variants[0].formations[1].outcome.unitsKilled.distribution);
    const b = await runJson(path);
    expect(b.variants).toEqual(a.variants);
  });

  it('a run split with --chunks over two processes and merged gives the whole run\'s numbers', async () => {
    // Separate processes, as a split run is made: a process writes one partial file, which records its command line.
    const path = write('split.json', marinesShootOrks(40_000));
    // The pieces record their --out, where the merge writes the report.
    const piece = (chunks: string) => spawnCli(['run', path, '--quiet', '--json', '--out', join(tmp, 'split'), '--chunks', chunks, '--partial-out', join(tmp, `${chunks}.partial.json`)]);
    const pieces = await Promise.all([piece('0-1'), piece('2-3')]);
    expect(pieces.map((p) => p.code)).toEqual([0, 0]);
    // In a folder of its own: the replayed run writes its report to out/heresy-shoot there, not in the repository.
    const merged = await spawnCli(['merge', join(tmp, '2-3.partial.json'), join(tmp, '0-1.partial.json'), '--json'], tmp);
    expect(merged.code, merged.stderr).toBe(0);
    const whole = await runJson(path);
    expect(JSON.parse(merged.stdout).variants).toEqual(whole.variants);
  });

  it('writes CSV, charts, report.html and a manifest naming the rules', async () => {
    const out = join(tmp, 'report');
    const x = marinesShootOrks(2000);
    const r = await inProcess(['run', write('report.json', { ...x, engagement: { ...x.engagement, script: [...x.engagement.script, { step: 'assault', by: 'marines', at: 'orks' }] } }), '--quiet', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('rules heresy, data heresy-examples');
    const files = readdirSync(out);
    for (const f of ['report.html', 'manifest.json', 'kill.csv', 'kill.svg', 'assault.csv', 'assault.png', 'break.svg']) expect(files).toContain(f);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.rules).toBe('heresy');
    expect(manifest.data.id).toBe('heresy-examples');
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).toContain('rules Heresy (D10 draft, Rules Part II 1999)');
    expect(html).toContain('Fronts 20 cm apart (unless a formation sets its own); default rule switches (docs/heresy.md). Blast markers are suppression chits; broken is Routed or past the break point (L508-525).');
    expect(html).toContain('marines fires every weapon in range at orks; marines charges orks.');
  });

  it('bad input: one message naming the file, the path in it and what is expected, exit 2', async () => {
    const bad = async (name: string, patch: (x: ReturnType<typeof marinesShootOrks>) => unknown, extra: string[] = []) => {
      const r = await inProcess(['run', write(name, patch(marinesShootOrks(100))), '--quiet', ...extra]);
      expect(r.code).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines, r.stderr).toHaveLength(1);
      return lines[0]!;
    };
    const withOrks = (x: ReturnType<typeof marinesShootOrks>, orks: Record<string, unknown>) => ({ ...x, engagement: { ...x.engagement, formations: { ...x.engagement.formations, orks: { side: 'B', ...orks } } } });
    const netea = await bad('netea-formation.json', (x) => withOrks(x, { formation: 'ork-war-horde/warband' }));
    expect(netea).toContain('netea-formation.json: engagement.formations.orks.formation');
    expect(netea).toContain('not a Heresy profile set');
    const cover = await bad('netea-cover.json', (x) => withOrks(x, { formation: '8 Ork', cover: { save: 4 } }));
    expect(cover).toContain('engagement.formations.orks.cover');
    expect(cover).toContain('expected "none", "soft", "hard" or "fortified"');
    const order = await bad('order.json', (x) => withOrks(x, { formation: '8 Ork', order: 'overwatch' }));
    expect(order).toContain('engagement.formations.orks.order');
    const action = await bad('action.json', (x) => ({ ...x, engagement: { ...x.engagement, script: [{ step: 'shoot', by: 'marines', at: 'orks', action: 'sustained' }] } }));
    expect(action).toContain('engagement.script[0].action');
    const step = await bad('regroup.json', (x) => ({ ...x, engagement: { ...x.engagement, script: [...x.engagement.script, { step: 'regroup', formation: 'orks' }] } }));
    expect(step).toContain('engagement.script[1].step');
    const options = await bad('options.json', (x) => ({ ...x, options: { maxAssaultRounds: 3 } }));
    expect(options).toContain('options: NetEA rule options do not apply');
    const switches = await bad('switch-range.json', (x) => ({ ...x, heresyOptions: { penetration: 'all' } }));
    expect(switches).toContain('heresyOptions.penetration');
    const fair = await bad('fair.json', (x) => ({ name: x.name, description: x.description, rules: 'heresy', fairCost: { formation: '4 Space Marine', vs: ['8 Ork'], engagement: 'shoot' } }));
    expect(fair).toContain('fairCost');
    // A profile of the user's --data file with a D10 value out of range, and a penetration past 3.
    const set = JSON.parse(readFileSync(join(REPO, 'datasheets/heresy/examples.json'), 'utf8'));
    const profiles = write('mine.json', { ...set, id: 'mine', profiles: [{ ...set.profiles[0], id: 'odd-marine', name: 'Odd Marine', aliases: [], quality: [5, 7, 11] }] });
    const quality = await bad('user-data.json', (x) => x, ['--data', profiles]);
    expect(quality).toContain('mine.json: profiles[0].quality[2]');
    expect(quality).toContain('from 1 to 10');
    const pen = write('pen.json', { ...set, id: 'pen', profiles: [{ ...set.profiles[0], id: 'pen-marine', name: 'Pen Marine', aliases: [], weapons: [{ ...set.profiles[0].weapons[0], penetration: 4 }] }] });
    expect(await bad('user-pen.json', (x) => x, ['--data', pen])).toContain('pen.json: profiles[0].weapons[0].penetration: expected 1 to 3 penetration dice');
    // And the other way round: Heresy cover and switches in a NetEA experiment.
    const neteaFile = { name: 'n', description: 'd', engagement: { formations: { a: { side: 'A', formation: 'codex-astartes/tactical-detachment' }, b: { side: 'B', formation: 'ork-war-horde/warband', cover: 'hard' } }, script: [{ step: 'shoot', by: 'a', at: 'b' }] } };
    const r = await inProcess(['run', write('netea-heresy-cover.json', neteaFile), '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('engagement.formations.b.cover: "hard" is Heresy cover');
    const s = await inProcess(['run', write('netea-heresy-switches.json', { ...neteaFile, engagement: { ...neteaFile.engagement, formations: { ...neteaFile.engagement.formations, b: { side: 'B', formation: 'ork-war-horde/warband' } } }, heresyOptions: { maxRounds: 2 } }), '--quiet']);
    expect(s.code).toBe(2);
    expect(s.stderr).toContain('heresyOptions: Heresy switches apply only with "rules": "heresy"');
  });
});

describe('list --rules heresy', () => {
  it('lists the illustrative profiles with their D10 values, as JSON too, and a user\'s set with --data', async () => {
    const r = await inProcess(['list', '--rules', 'heresy']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('rules heresy, data heresy-examples');
    expect(r.stdout).toMatch(/Space Marine\s+INF\s+acc {2}6 {2}armour {2}5 {2}assault {2}4 {2}quality 5\/7\/9 {2}Bolter FP1 Pen1 25\/50cm/);
    const json = JSON.parse((await inProcess(['list', '--rules', 'heresy', '--json'])).stdout);
    expect(json).toHaveLength(1);
    expect(json[0].profiles).toHaveLength(8);
    const set = JSON.parse(readFileSync(join(REPO, 'datasheets/heresy/examples.json'), 'utf8'));
    const mine = write('list-mine.json', { ...set, id: 'mine', profiles: [{ ...set.profiles[0], id: 'my-marine', name: 'My Marine', aliases: [] }] });
    const both = await inProcess(['list', '--rules', 'heresy', 'mine', '--data', mine]);
    expect(both.code).toBe(0);
    expect(both.stdout).toContain('data heresy-examples+user');
    expect(both.stdout).toContain('My Marine');
    expect(both.stdout).not.toContain('Land Raider');
    const unknown = await inProcess(['list', '--rules', 'heresy', 'orks']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown Heresy profile set; expected one of "heresy-examples"');
  });
});
