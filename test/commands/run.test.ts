import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { inProcess, spawnCli as cli } from '../helpers/cli.js';
import { expectRunReport, shippedRunsInReadme } from '../helpers/runReport.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'epic-balance-run-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const SHIPPED = readdirSync(join(REPO, 'experiments')).filter((f) => f.endsWith('.json') && f !== 'experiment.schema.json');


function write(name: string, json: unknown): string {
  const path = join(tmp, name);
  writeFileSync(path, JSON.stringify(json, null, 2));
  return path;
}

const duel = {
  name: 'test-duel',
  description: 'A small duel for the tests.',
  trials: 123,
  engagement: {
    formations: {
      marines: { side: 'A', formation: 'codex-astartes/tactical-detachment' },
      orks: { side: 'B', formation: 'ork-war-horde/warband' },
    },
    script: [{ step: 'shoot', by: 'marines', at: 'orks', action: 'sustained' }, { step: 'assault', by: 'orks', at: 'marines' }],
  },
};

describe('run: shipped experiments', () => {
  it('ships the seven experiments, each with a one-paragraph description and a title', () => {
    expect(SHIPPED.sort()).toEqual(['devastator-actions.json', 'epic40k-marines-vs-orks.json', 'marines-vs-orks-matrix.json', 'steel-legion-ork-duel.json', 'tactical-vs-warband.json', 'thunderbolts-vs-hydras.json', 'warhound-fair-cost.json']);
    for (const f of SHIPPED) {
      const x = JSON.parse(readFileSync(join(REPO, 'experiments', f), 'utf8'));
      expect(x.name).toBe(f.replace(/\.json$/, ''));
      expect(x.description.length).toBeGreaterThan(150);
      expect(x.description).not.toContain('\n');
      expect(x.data ?? 'builtin').toBe('builtin');
    }
  });

  // The README's commands run the others with a small trial count, checked alike (test/readme/experiments.test.ts).
  const inReadme = shippedRunsInReadme(readFileSync(join(REPO, 'README.md'), 'utf8'));

  it('runs with a small trial count, here or by the README\'s commands, every shipped experiment', () => {
    expect(inReadme.length).toBeGreaterThan(0);
    expect(SHIPPED.filter((f) => !inReadme.includes(f))).toEqual(['epic40k-marines-vs-orks.json']);
  });

  it.each(SHIPPED.filter((f) => !inReadme.includes(f)))('%s runs with a small trial count and writes its report folder', async (file) => {
    const out = join(tmp, file.replace(/\.json$/, ''));
    const args = ['run', join(REPO, 'experiments', file), '--trials', '100', '--quiet', '--out', out];
    const r = await inProcess(args);
    expect(r.code, r.stderr).toBe(0);
    expectRunReport(r, args, out, 100);
  });
});

describe('run: settings, JSON, variants', () => {
  it('takes trials and seed from the file unless the command line gives them; the manifest reproduces the run', async () => {
    const file = write('duel.json', duel);
    const out = join(tmp, 'duel');
    const a = await inProcess(['run', file, '--json', '--quiet', '--out', out]);
    expect(a.code, a.stderr).toBe(0);
    const ja = JSON.parse(a.stdout);
    expect(ja).toMatchObject({ experiment: 'test-duel', kind: 'engagement', trials: 123, seed: 'epic-balance', report: join(out, 'report.html') });
    expect(ja.variants).toHaveLength(1);
    expect(ja.variants[0].assaults[0].attackerWins.p).toBeGreaterThanOrEqual(0);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.command).toContain('--seed epic-balance --trials 123 --chunk-size 50000');
    // Running the recorded command gives the same numbers.
    const again = await inProcess([...manifest.command.split(' ').slice(1), '--json']);
    expect(JSON.parse(again.stdout).variants).toEqual(ja.variants);
    const b = await inProcess(['run', file, '--json', '--quiet', '--trials', '77', '--seed', 'other', '--out', out]);
    expect(JSON.parse(b.stdout)).toMatchObject({ trials: 77, seed: 'other' });
  });

  it('runs parameter variants on common random numbers and compares them', async () => {
    const x = structuredClone(duel) as typeof duel & { engagement: { parameters?: Record<string, string[]> } };
    x.engagement.formations.orks.formation = '{{orks}}';
    // The same formation under two spellings: the same spec, so the same dice give the same numbers.
    x.engagement.parameters = { orks: ['ork-war-horde/warband', 'ork-war-horde/warband '] };
    const out = join(tmp, 'crn');
    const r = await inProcess(['run', write('crn.json', x), '--json', '--quiet', '--trials', '300', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.variants).toHaveLength(2);
    expect(j.variants[1].formations).toEqual(j.variants[0].formations);
    const files = readdirSync(out);
    for (const f of ['variants.csv', 'variants-efficiency.png', 'variants-assault.png', 'variants-broken.png', 'warband-efficiency.csv', 'warband-2-efficiency.csv']) expect(files).toContain(f);
  });

  it('a run split with --chunks and merged gives the report and output of the unsplit run', async () => {
    const file = write('split.json', { ...duel, name: 'test-split', trials: 300, chunkSize: 100 });
    const out = join(tmp, 'split');
    const whole = await inProcess(['run', file, '--quiet', '--out', out]);
    expect(whole.code, whole.stderr).toBe(0);
    const pieces = [join(tmp, 'p0.json'), join(tmp, 'p1.json')];
    // Pieces run as separate processes, as on separate machines (a process writes one partial file).
    const runs = await Promise.all([
      cli(['run', file, '--quiet', '--out', out, '--chunks', '0-1', '--partial-out', pieces[0]!]),
      cli(['run', file, '--quiet', '--out', out, '--chunks', '2', '--partial-out', pieces[1]!]),
    ]);
    for (const piece of runs) expect(piece.code, piece.stderr).toBe(0);
    rmSync(out, { recursive: true });
    const merged = await inProcess(['merge', ...pieces]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).toBe(whole.stdout);
    expect(existsSync(join(out, 'report.html'))).toBe(true);
  });
});

describe('run: bad input', () => {
  const outDir = join(REPO, 'out');
  const leftovers = (name: string) => (existsSync(outDir) ? readdirSync(outDir).filter((f) => f.includes(name)) : []);

  const cases: Array<[string, (x: ReturnType<typeof structuredClone<typeof duel>>) => unknown, RegExp]> = [
    ['a typo in a field name', (x) => {
      const { script, ...rest } = x.engagement;
      return { ...x, engagement: { ...rest, scirpt: script } };
    }, /bad-1\.json: engagement: unknown field "scirpt" \(did you mean "script"\?\): check the spelling against experiments\/experiment\.schema\.json/],
    ['a formation not in the army list', (x) => ((x.engagement.formations.orks.formation = 'ork-war-horde/warbnad'), x), /bad-2\.json: engagement\.formations\.orks\.formation: .*has no formation "warbnad".*expected one of/],
    ['a script step naming a missing formation', (x) => ((x.engagement.script[1]!.by = 'gretchin'), x), /bad-3\.json: engagement\.script\[1\]\.by: no formation named "gretchin"; expected one of "marines", "orks"/],
  ];

  it.each(cases.map((c, i) => [c[0], i] as const))('%s: one message naming file, path and expectation; exit 2; nothing written', async (_label, i) => {
    const [, edit, message] = cases[i]!;
    const name = `test-bad-input-${i + 1}`;
    const file = write(`bad-${i + 1}.json`, edit({ ...structuredClone(duel), name }));
    const r = await inProcess(['run', file, '--trials', '100']);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines, r.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(r.stdout).toBe('');
    expect(existsSync(join(outDir, name))).toBe(false);
    expect(leftovers(name)).toEqual([]);
  });

  it('the real command line exits with code 2 and writes nothing', async () => {
    const name = 'test-bad-input-cli';
    const bad = structuredClone(duel) as unknown as Record<string, unknown>;
    bad.name = name;
    bad.trails = 1000;
    const file = write('bad-cli.json', bad);
    const r = await cli(['run', file]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^epic-balance: \S*bad-cli\.json: unknown field "trails": check the spelling/);
    expect(existsSync(join(outDir, name))).toBe(false);
    expect(leftovers(name)).toEqual([]);
  });

  it('a fair-cost experiment runs in the reference battle, against its field unless it names opponents', async () => {
    const file = write('fair-battle.json', { name: 'test-fair-battle', description: 'x', trials: 50, fairCost: { formation: 'titan-legion/warhound-battlegroup', vs: ['ork-war-horde/warband', 'codex-astartes/tactical-detachment'] } });
    const r = await inProcess(['run', file, '--json', '--workers', '1', '--out', join(tmp, 'fair-battle')]);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    const body = j.experiments?.[0] ?? j;
    const fair = JSON.stringify(body);
    expect(fair).toContain('"battle":{"name":"reference","version":5');
    // Seven scenes, each side with the initiative once: 14 meetings per group of copies simulated; the
    // fixed point (fixedPointValue.ts) ran six groups against the two opponents to bracket its root.
    expect(fair).toContain('"meetings":84');
    expect(fair).toMatch(/"verdict":"(fair|under-costed|over-costed)"/);
  });

  it('fair cost and matrix refuse what they cannot honour, naming the field', async () => {
    const fair = write('bad-fair.json', { name: 'test-bad-fair', description: 'x', precision: 0.01, fairCost: { formation: 'titan-legion/warhound-battlegroup', vs: ['ork-war-horde/warbnd'] } });
    const r = await inProcess(['run', fair]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad-fair\.json: precision: a fair-cost search runs every simulation in full/);
    const vs = write('bad-vs.json', { name: 'test-bad-vs', description: 'x', fairCost: { formation: 'titan-legion/warhound-battlegroup', vs: ['ork-war-horde/warband', 'ork-war-horde/warbnd'] } });
    expect((await inProcess(['run', vs])).stderr).toMatch(/bad-vs\.json: fairCost\.vs\[1\]: .*"warbnd"/);
    const win = write('bad-win.json', { name: 'test-bad-win', description: 'x', fairCost: { formation: 'titan-legion/warhound-battlegroup', metric: 'win' } });
    expect((await inProcess(['run', win])).stderr).toMatch(/bad-win\.json: fairCost\.metric: win parity is defined for a single engagement/);
    const battle = write('bad-battle.json', { name: 'test-bad-battle', description: 'x', fairCost: { formation: 'titan-legion/warhound-battlegroup', battle: 'no-such-battle.json' } });
    expect((await inProcess(['run', battle])).stderr).toMatch(/no-such-battle\.json: cannot read \(ENOENT\)/);
    const matrix = write('bad-matrix.json', { name: 'test-bad-matrix', description: 'x', matrix: { army: 'codex-astartes', vs: 'orks-of-nowhere' } });
    const m = await inProcess(['run', matrix]);
    expect(m.code).toBe(2);
    expect(m.stderr).toMatch(/bad-matrix\.json: matrix\.vs: /);
  });
});
