import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { epic40kBattleField, epic40kBattlePath, loadEpic40kBattle, planEpic40kValue } from '../../src/rulesets/epic40k/reports/epic40kValuePlan.js';
import { DEFAULT_CHUNK_SIZE, DEFAULT_SEED } from '../../src/model/runDefaults.js';
import { loadEpic40kLists } from '../../src/rulesets/epic40k/model/load.js';
import { listDetachments } from '../../src/rulesets/epic40k/model/listDetachments.js';
import type { FormationSpec } from '../../src/model/formation.js';
import { valueFormations } from '../../src/reports/value/valueFormations.js';
import { inProcess, spawnCli } from '../helpers/cli.js';

/** `audit --rules epic40k` (issue 20, item 2) and the Epic 40,000 reference battle's plan. */

const tmp = mkdtempSync(join(tmpdir(), 'epic-balance-e40k-audit-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const catalogue = (army: string) => {
  const lists = loadEpic40kLists();
  return listDetachments(lists, lists.get(army)!);
};
const asFormation = (x: unknown) => x as FormationSpec;

describe('the Epic 40,000 reference battle (battles/epic40k-reference.json)', () => {
  it('10 Space Marines (150) meet the 8 opponents of other lists in 6 scenes, each side first once, in groups sized to the price', () => {
    const loaded = loadEpic40kBattle();
    const field = epic40kBattleField(loaded);
    expect(field).toHaveLength(11);
    const marines = catalogue('imperium').formations.find((f) => f.id === 'space-marines')!.spec;
    const plan = planEpic40kValue(asFormation(marines), field.map(asFormation), loaded.battle, { seed: 's', trials: 10, chunkSize: 10 });
    expect(plan.opponents.map((o) => o.text)).not.toContain('imperium/10 Space Marines');
    expect(plan.opponents).toHaveLength(8);
    expect(plan.slots).toHaveLength(6 * 2);
    expect(plan.compositions.map((c) => c.n / c.m)).toEqual([1 / 3, 1 / 2, 2 / 3, 1, 3 / 2, 2, 3]);
    const tasks = plan.tasksFor(0, { m: 1, n: 1 });
    // The runs price the detachment at a nominal 100 points: its cost is never read.
    expect(tasks[0]!.sideA).toEqual([expect.objectContaining({ points: 100, strength: 10 })]);
    expect(tasks[0]!.lossUnit).toBe(100);
    expect(tasks[0]!.credits).toEqual({ broken: 0.5, blastMarker: 0.25 });
    const assault = tasks.find((t) => t.matchup.startsWith('assault|B first'))!;
    expect(assault.spec.steps).toEqual([expect.objectContaining({ kind: 'assault', by: [1], at: [0] })]);
  });

  it('three copies against one opponent: the group is in its tasks', () => {
    const loaded = loadEpic40kBattle();
    const guns = { ...catalogue('chaos').formations.find((f) => f.id === 'chaos-artillery')!.spec };
    const one = { ...guns, units: guns.units.slice(0, 1), points: 50 };
    const plan = planEpic40kValue(asFormation(one), epic40kBattleField(loaded).map(asFormation), loaded.battle, { seed: 's', trials: 10, chunkSize: 10 });
    expect(plan.tasksFor(0, { m: 3, n: 1 }).every((t) => t.sideA.length === 3 && t.sideB.length === 1 && t.matchup.includes('|3x '))).toBe(true);
  });

  it('a battle with NetEA\'s "reach" initiative is refused by name, not played alternating', () => {
    const battle = JSON.parse(readFileSync(epic40kBattlePath(), 'utf8'));
    battle.initiative = { value: 'reach', ramp: 30, reachBy: 'indirect-fire', why: 'the formation reaching farther unseen chooses the fight' };
    const file = join(tmp, 'reach.json');
    writeFileSync(file, JSON.stringify({ ...battle, $schema: undefined }));
    expect(() => loadEpic40kBattle(file)).toThrow(/initiative\.value: under --rules epic40k the initiative alternates: "reach" is NetEA's \(formationReach\.ts\), not played in Epic 40,000/);
  });

  it('a battle with NetEA\'s charge speed ("speedBy": "charge") is refused by name', () => {
    const battle = JSON.parse(readFileSync(epic40kBattlePath(), 'utf8'));
    battle.initiative = { value: 'speed', ramp: 30, speedBy: 'charge', why: 'the formation charging from farther chooses the fight' };
    const file = join(tmp, 'charge.json');
    writeFileSync(file, JSON.stringify({ ...battle, $schema: undefined }));
    expect(() => loadEpic40kBattle(file)).toThrow(/initiative\.speedBy: under --rules epic40k a formation's speed is its move: "speedBy": "charge" is NetEA's \(chargeSpeed\.ts\), not played in Epic 40,000/);
  });
});

describe('audit --rules epic40k', () => {
  it('the Tyranids: every unit valued in its catalogue detachment, its fair cost the detachment\'s divided by its copies; the JSON, report and manifest name the rules', async () => {
    const out = join(tmp, 'audit');
    const trials = 60;
    const r = await inProcess(['audit', '--rules', 'epic40k', '--lists', 'tyranids', '--trials', String(trials), '--workers', '1', '--json', '--quiet', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.rules).toBe('epic40k');
    expect(j.dataset.id).toBe('epic40k-battlebible-1998');
    expect(j.battle).toMatchObject({ name: 'epic40k-reference', version: 1 });
    expect(j.formations).toHaveLength(12);
    expect(j.skipped.map((s: { formation: string; reason: string }) => [s.formation, s.reason.slice(0, 7)])).toEqual([['gargoyles', 'a flyer'], ['harridan', 'a flyer']]);
    const gaunts = j.formations.find((f: { formation: string }) => f.formation === 'termagants');
    expect(gaunts).toMatchObject({ army: 'tyranids', text: 'tyranids/Termagants (1 of 20)', cost: 7, kind: 'ground' });
    // The same detachment valued directly, on the same seed: 20 times the unit's fair cost.
    const loaded = loadEpic40kBattle();
    const spec = catalogue('tyranids').formations.find((f) => f.id === 'termagants')!.spec;
    const [v] = await valueFormations([asFormation(spec)], epic40kBattleField(loaded).map(asFormation), loaded.battle, { seed: DEFAULT_SEED, trials, chunkSize: DEFAULT_CHUNK_SIZE, metric: 'efficiency', workers: 0, plan: planEpic40kValue });
    expect(gaunts.fairCost.value * 20).toBeCloseTo(v!.fairCost.estimate, 9);
    expect(gaunts.fairCost.band[1] * 20).toBeCloseTo(v!.fairCost.band[1], 9);
    expect(gaunts.valuePerPoint).toBeCloseTo(v!.fairCost.estimate / 140, 9);
    expect(typeof j.validation.pooled.spearman).toBe('number');
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.rules).toBe('epic40k');
    expect(manifest.data.id).toBe('epic40k-battlebible-1998');
    expect(existsSync(join(out, 'report.html'))).toBe(true);
  });

  it('--chunks: two pieces, each a process of its own, merged, give the whole audit\'s numbers', async () => {
    const args = ['audit', '--rules', 'epic40k', '--lists', 'tyranids', '--trials', '60', '--workers', '1', '--quiet'];
    const whole = await inProcess([...args, '--json']);
    expect(whole.code, whole.stderr).toBe(0);
    const pieces = ['0-4', '5-11'].map((range) => ({ range, file: join(tmp, `piece-${range}.json`) }));
    for (const r of await Promise.all(pieces.map((p) => spawnCli([...args, '--chunks', p.range, '--partial-out', p.file])))) expect(r.code, r.stderr).toBe(0);
    const merged = await inProcess(['merge', ...pieces.map((p) => p.file).reverse(), '--json']);
    expect(merged.code, merged.stderr).toBe(0);
    const [a, b] = [JSON.parse(whole.stdout), JSON.parse(merged.stdout)];
    expect(b.rules).toBe('epic40k');
    expect(b.formations).toHaveLength(12);
    expect(b.formations).toEqual(a.formations);
    expect(b.validation).toEqual(a.validation);
  });

  it('bad input: one message naming the option or the battle file and the path in it, exit 2', async () => {
    const bad = async (args: string[], where: string, text: string) => {
      const r = await inProcess(['audit', '--rules', 'epic40k', ...args, '--quiet']);
      expect(r.code).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines, r.stderr).toHaveLength(1);
      expect(lines[0]).toContain(where);
      expect(lines[0]).toContain(text);
    };
    await bad(['--data', '../shared/netea-tp'], 'option --data', 'built in');
    await bad(['--fit', 'A'], 'option --fit', 'not fitted');
    await bad(['--lists', 'ork-war-horde'], 'option --lists', 'no Epic 40,000 army list "ork-war-horde"');
    await bad(['--lists', 'tyranids', '--chunks', '10-12'], 'option --chunks', 'expected a range within 0-11 (this audit has 12 audited formations)');
    const battle = JSON.parse(readFileSync(epic40kBattlePath(), 'utf8'));
    const write = (name: string, json: unknown) => {
      const path = join(tmp, name);
      writeFileSync(path, JSON.stringify(json));
      return path;
    };
    const orbital = write('orbital.json', { ...battle, scenes: battle.scenes.map((s: { id: string }, i: number) => (i === 0 ? { ...s, kind: 'orbital' } : s)) });
    await bad(['--battle', orbital], 'scenes[0].kind', 'firefight');
    const save = write('save.json', { ...battle, scenes: battle.scenes.map((s: { id: string }, i: number) => (i === 2 ? { ...s, cover: { save: 5 } } : s)) });
    await bad(['--battle', save], 'scenes[2].cover', 'no cover saves');
    const netea = write('netea-field.json', { ...battle, field: { 'rulebook-2004': [{ formation: 'codex-astartes/tactical-detachment', why: 'a NetEA formation only' }] } });
    await bad(['--battle', netea], 'netea-field.json', 'no field for "epic40k-battlebible-1998"');
    const unit = write('unit.json', { ...battle, field: { 'epic40k-battlebible-1998': [{ formation: 'orks/10 Space Orks', why: 'a unit no list has' }] } });
    await bad(['--battle', unit], 'field.epic40k-battlebible-1998[0].formation', 'unknown Epic 40,000 unit');
  });
});
