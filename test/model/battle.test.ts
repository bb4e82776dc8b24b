import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mixWeights, scenePlayedBy } from '../../src/model/battle.js';
import { InputError } from '../../src/model/inputError.js';
import { battleJsonSchema } from '../../src/model/jsonSchemas.js';
import { loadBattle, referenceBattlePath } from '../../src/model/loadBattle.js';
import { projectRoot } from '../../src/model/projectRoot.js';
import { inProcess } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'epic-balance-battle-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const reference = JSON.parse(readFileSync(referenceBattlePath(), 'utf8'));

function problemsOf(json: unknown): string[] {
  const file = join(tmp, `battle-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(json));
  try {
    loadBattle(file);
  } catch (e) {
    if (e instanceof InputError) return e.problems.map((p) => `${p.path}: ${p.message}`);
    throw e;
  }
  return [];
}

describe('the reference battle', () => {
  it('is valid, each kind\'s weights add up to 1, every scene keeps 2% or more, and every alternative moves one share', () => {
    const { battle } = loadBattle();
    const base = mixWeights(battle, null);
    const kinds = battle.scenes.map((s) => scenePlayedBy(s.kind));
    const sumOf = (w: number[], kind: string) => w.reduce((t, x, i) => t + (kinds[i] === kind ? x : 0), 0);
    for (const kind of ['ground', 'aircraft', 'spacecraft']) expect(sumOf(base, kind)).toBeCloseTo(1, 12);
    expect(Math.min(...base)).toBeGreaterThanOrEqual(0.02);
    expect(battle.scenes.map((s) => s.id)).toEqual(['fire-15', 'fire-30', 'fire-45', 'cover-30', 'long-range', 'duel-30', 'assault', 'air-covered', 'air-open', 'orbital']);
    // A scene's share of its kind's mix (each formation plays the scenes of its own kind only).
    const share = (id: string, scene: number) => {
      const w = mixWeights(battle, id);
      return w[scene]! / sumOf(w, kinds[scene]!);
    };
    expect(share('more-air-defence', 7)).toBeCloseTo(0.75, 3);
    expect(share('less-air-defence', 7)).toBeCloseTo(0.25, 3);
    expect(Object.keys(battle.airDefence).sort()).toEqual(['netea-tp', 'rulebook-2004']);
    // The assault's share 20 points either side of 56%, long range's 10 points either side of 29%.
    expect(share('more-assault', 6)).toBeCloseTo(0.76, 3);
    expect(share('less-assault', 6)).toBeCloseTo(0.36, 3);
    expect(share('more-long-range', 4)).toBeCloseTo(0.39, 3);
    expect(share('less-long-range', 4)).toBeCloseTo(0.19, 3);
    expect(Object.keys(battle.field).sort()).toEqual(['netea-tp', 'rulebook-2004']);
    // Fitted on half A of the Tournament Pack's lists: alternate lists in id order, from the first.
    expect(battle.fitted?.lists[0]).toBe('adeptus-mechanicus-knight-world');
    expect(battle.fitted?.lists).toHaveLength(17);
  });

  it('the reasoned battle keeps the first, unfitted mix', () => {
    const { battle } = loadBattle(join(projectRoot(), 'battles', 'reasoned.json'));
    expect(mixWeights(battle, null)).toEqual([0.15, 0.15, 0.1, 0.1, 0.05, 0.2, 0.25]);
    expect(battle.fitted).toBeUndefined();
  });

  it('has its JSON Schema for editors generated from the zod schema', () => {
    expect(JSON.parse(readFileSync(join(projectRoot(), 'battles', 'battle.schema.json'), 'utf8'))).toEqual(battleJsonSchema());
  });
});

describe('bad battle files: one message naming the file, the path inside it and what was expected', () => {
  it('a negative weight', () => {
    const bad = structuredClone(reference);
    bad.scenes[2].weight = -0.1;
    expect(problemsOf(bad)).toEqual(['scenes[2].weight: a weight of 0 or more']);
  });

  it('weights that add up to 0', () => {
    const bad = structuredClone(reference);
    for (const s of bad.scenes) s.weight = 0;
    expect(problemsOf(bad)).toEqual(['scenes: the scene weights must add up to more than 0']);
  });

  it('a typo in a field name', () => {
    const bad = structuredClone(reference);
    bad.scenes[0].wieght = bad.scenes[0].weight;
    delete bad.scenes[0].weight;
    expect(problemsOf(bad)).toEqual(['scenes[0]: unknown field "wieght" (did you mean "weight"?): check the spelling against battles/battle.schema.json']);
  });

  it('an alternative naming a scene that does not exist', () => {
    const bad = structuredClone(reference);
    bad.alternatives[0].weights['fire-60'] = 0.1;
    expect(problemsOf(bad)[0]).toMatch(/^alternatives\[0\]\.weights\.fire-60: no scene "fire-60" \(scenes: fire-15, fire-30/);
  });

  it('the speed or reach initiative without its ramp, or a ramp without either', () => {
    const noRamp = { ...reference, initiative: { value: 'speed', why: 'the faster formation chooses the fight' } };
    expect(problemsOf(noRamp)).toEqual(['initiative.ramp: the speed initiative needs a ramp: the speed difference in cm at which the faster formation always chooses (0: any difference)']);
    const stray = { ...reference, initiative: { value: 'alternate', ramp: 30, why: 'the plays alternate in every scene' } };
    expect(problemsOf(stray)).toEqual(['initiative.ramp: a ramp belongs to the "speed" and "reach" initiatives only']);
    const reachNoRamp = { ...reference, initiative: { value: 'reach', why: 'the formation reaching farther chooses the fight' } };
    const strayReachBy = { ...reference, initiative: { value: 'speed', ramp: 30, reachBy: 'indirect-fire', why: 'the faster formation chooses the fight' } };
    expect(problemsOf(strayReachBy)).toEqual(['initiative.reachBy: reachBy belongs to the "reach" initiative only']);
    const straySpeedBy = { ...reference, initiative: { value: 'reach', ramp: 30, speedBy: 'charge', why: 'the formation reaching farther chooses the fight' } };
    expect(problemsOf(straySpeedBy)).toEqual(['initiative.speedBy: speedBy belongs to the "speed" initiative only']);
    expect(problemsOf(reachNoRamp)).toEqual(['initiative.ramp: the reach initiative needs a ramp: the difference in reach in cm at which the formation reaching farther always chooses (0: any difference)']);
  });

  it('a ramp chosen among ramps that do not include it', () => {
    expect(reference.initiative.rampChosen.among).toContain(reference.initiative.ramp);
    const bad = structuredClone(reference);
    bad.initiative.rampChosen.among = [20, 45, 'alternate'];
    expect(problemsOf(bad)).toEqual(['initiative.rampChosen.among: the ramps the choice was made among include the ramp chosen (30)']);
  });

  it('a weight without its reason', () => {
    const bad = structuredClone(reference);
    bad.scenes[1].why = '';
    expect(problemsOf(bad)).toEqual(['scenes[1].why: a sentence saying why']);
  });

  it('on the command line: exit 2, the file named, nothing written', async () => {
    const bad = structuredClone(reference);
    bad.scenes[0].weight = -1;
    const file = join(tmp, 'negative.json');
    writeFileSync(file, JSON.stringify(bad));
    const out = join(tmp, 'not-written');
    const r = await inProcess(['audit', '--battle', file, '--lists', 'ork-war-horde', '--trials', '10', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('negative.json: scenes[0].weight: a weight of 0 or more');
    expect(existsSync(out)).toBe(false);
    const fair = await inProcess(['fair-cost', 'ork-war-horde/warband', '--battle', file, '--trials', '10']);
    expect(fair.code).toBe(2);
    expect(fair.stderr).toContain('scenes[0].weight');
  });

  it('an unknown list in --lists names the lists there are', async () => {
    const r = await inProcess(['audit', '--lists', 'ork-war-horde,space-orks', '--trials', '10']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('option --lists: no army list "space-orks" in data set rulebook-2004 (lists: ');
  });
});
