import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFormation, type FormationSpec } from '../../../src/model/formation.js';
import { loadDataset } from '../../../src/model/loadDataset.js';
import { loadExperiment } from '../../../src/scenarios/loadExperiment.js';
import { compileScriptExperiment } from '../../../src/rulesets/netea/scenarios/experiment.js';
import * as C from '../../../src/rulesets/netea/engine/codes.js';
import { sceneEngagement, type SceneSetup } from '../../../src/rulesets/netea/scenarios/battleScenes.js';
import { boughtPositionNotes } from '../../../src/rulesets/netea/engine/boughtPositions.js';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import type { CoverSpec, EngagementSpec, PlacedFormation } from '../../../src/rulesets/netea/model/spec.js';
import { binomialPmf, killsFromHits } from '../../helpers/exact.js';
import { inProcess } from '../../helpers/cli.js';
import { engagement, formation, placed, shootStep, unit, weapon } from '../../helpers/fixtures.js';
import { expectDistribution, problemsOf, simulate } from '../../helpers/simulate.js';
import { describeWithTp } from '../../helpers/tournamentPack.js';
import { GUNS, IW, KW, LEVY, SNIPERS, TRENCH } from '../../helpers/boughtPositionIds.js';

/**
 * A formation in the fortified positions it bought (sim/rulesets/netea/boughtPositions.ts): in
 * them wherever it is placed without cover and does not charge, in the shoot and assault
 * commands, experiments and the battles fair-cost plays; the cover given explicitly rules; the
 * run says so; an experiment's coverUnits is held to what the positions hold.
 */


const lascannon = weapon('lascannon', [{ range: 45, at: 4 }]);
const bolter = weapon('bolter', [{ range: 45, ap: 4 }]);
const lasLine = formation('las', [[1, unit('las', { type: 'AV' }, [{ weapon: lascannon, multiplier: 6 }])]]);
const boltLine = formation('bolters', [[1, unit('bolters', { type: 'AV' }, [{ weapon: bolter, multiplier: 12 }])]]);
const shooters = (f: FormationSpec) => placed('a', 0, f, { front: 0 });

/** Each unit of the engagement's formation 1 as placed: [in cover, its cover save (7: none)]. */
function coverOf(spec: EngagementSpec, f = 1): Array<[boolean, number]> {
  const e = new NeteaRunner(spec).e;
  const out: Array<[boolean, number]> = [];
  for (let u = e.fUnitStart[f]!; u < e.fUnitEnd[f]!; u++) out.push([(e.uFlags[u]! & C.U_IN_COVER) !== 0, e.uCoverSave[u]!]);
  return out;
}

describeWithTp('a formation in the positions it bought', (tpDir) => {
  const data = loadDataset(tpDir);
  const battery = parseFormation(data, `${IW}/artillery-battery+emplacements`);
  const bare = parseFormation(data, `${IW}/artillery-battery`);
  const platoon = parseFormation(data, `${KW}/infantry-platoon+${TRENCH}`);
  const full = parseFormation(data, `${KW}/infantry-platoon+${LEVY}+${LEVY}+${GUNS}+${GUNS}+${GUNS}+${SNIPERS}+${SNIPERS}+${TRENCH}`);
  const target = (f: FormationSpec, p: Partial<Omit<PlacedFormation, 'id' | 'side' | 'formation'>> = {}) => placed('t', 1, f, { front: 30, ...p });

  it('four Basilisks (armour 5+) in their gun emplacements, 6 AT4+ shots: hit on 5+ (-1 for cover), the 5+ cover save no better than the armour (RB 1.8.3: one or the other): 2/9 a shot, against 1/3 without', () => {
    const spec = engagement([shooters(lasLine), target(battery)], [shootStep(0, 1)]);
    expect(coverOf(spec)).toEqual([[true, 5], [true, 5], [true, 5], [true, 5]]);
    const inPositions = killsFromHits(binomialPmf(6, 1 / 3), 4, 2 / 3);
    expectDistribution(simulate(spec, 'emplacements')(0, 1).unitsKilled.distribution, inPositions);
    const open = killsFromHits(binomialPmf(6, 1 / 2), 4, 2 / 3);
    const openSpec = engagement([shooters(lasLine), target(bare)], [shootStep(0, 1)]);
    expect(coverOf(openSpec)).toEqual(Array(4).fill([false, 7]));
    expectDistribution(simulate(openSpec, 'emplacements')(0, 1).unitsKilled.distribution, open);
    // P(no Basilisk lost) = (1 - 2/9)^6 = (7/9)^6 = 0.2214 in the positions, (1 - 1/3)^6 = (2/3)^6 = 0.0878 without.
    expect(inPositions[0]).toBeCloseTo((7 / 9) ** 6, 12);
    expect(inPositions[0]).toBeCloseTo(0.2214, 4);
    expect(open[0]).toBeCloseTo(0.0878, 4);
  });

  it('the Knight World platoon in its trench, 12 AP4+ shots: all nine inside, hit on 5+, each saved on the trench\'s 4+ (fail 1/2)', () => {
    const spec = engagement([shooters(boltLine), target(platoon)], [shootStep(0, 1)]);
    expect(coverOf(spec)).toEqual(Array(9).fill([true, 4]));
    expectDistribution(simulate(spec, 'trench')(0, 1).unitsKilled.distribution, killsFromHits(binomialPmf(12, 1 / 3), 9, 1 / 2));
  });

  it('at full strength, 13 of its 18 infantry in the trench (units 1 to 13 front to back); a Rapier or Sniper outside has no save', () => {
    const cover = coverOf(engagement([shooters(boltLine), target(full)], [shootStep(0, 1)]));
    expect(cover.filter(([inside]) => inside)).toHaveLength(13);
    expect(cover).toEqual([...Array(13).fill([true, 4]), ...Array(5).fill([false, 7])]);
  });

  it('the cover given rules: obscured, a 6+ cover save, another position; so does an experiment\'s coverUnits', () => {
    const placedIn = (f: FormationSpec, cover: CoverSpec, coverUnits?: number[]) => coverOf(engagement([shooters(boltLine), target(f, { cover, ...(coverUnits ? { coverUnits } : {}) })], [shootStep(0, 1)]));
    expect(placedIn(battery, { kind: 'obscured' })).toEqual(Array(4).fill([true, 7]));
    expect(placedIn(platoon, { kind: 'save', save: 6 })).toEqual(Array(9).fill([true, 6]));
    expect(placedIn(platoon, { kind: 'position', position: 'bunker' })).toEqual(Array(9).fill([true, 3]));
    expect(placedIn(full, { kind: 'none' }, [13, 14, 15, 16, 17])).toEqual([...Array(13).fill([false, 7]), ...Array(5).fill([true, 4])]);
  });

  it('a formation that charges leaves them; one defending, or lending support, stands in them; one off the table is not in them', () => {
    const assault = (by: number, at: number): EngagementSpec['steps'][number] => ({ kind: 'assault', label: 'assault', by: [by], at: [at], support: [], overwatch: [], test: false, retain: false });
    const enemy = placed('e', 0, parseFormation(data, `${KW}/infantry-platoon`), { front: 0 });
    expect(coverOf(engagement([enemy, target(battery)], [assault(1, 0)]))).toEqual(Array(4).fill([false, 7]));
    expect(coverOf(engagement([enemy, target(battery)], [assault(0, 1)]))).toEqual(Array(4).fill([true, 5]));
    expect(coverOf(engagement([enemy, target(battery, { offTable: true })], [shootStep(1, 0)]))).toEqual(Array(4).fill([false, 7]));
  });

  it('the battles fair-cost plays: in them in the open scenes and when charged; in the scene\'s cover (woods, 5+) instead; out of them to charge', () => {
    const opponent = parseFormation(data, `${KW}/infantry-platoon`);
    const scene: SceneSetup = { kind: 'firefight', gap: 30, approachGap: 15, action: 'advance', turns: 1, cover: { kind: 'none' }, initiative: 0 };
    const batteryUnits = (spec: EngagementSpec) => coverOf(spec, 0);
    expect(batteryUnits(sceneEngagement([battery], [opponent], scene))).toEqual(Array(4).fill([true, 5]));
    expect(batteryUnits(sceneEngagement([battery], [opponent], { ...scene, cover: { kind: 'save', save: 5 } }))).toEqual(Array(4).fill([true, 7]));
    const charging = sceneEngagement([battery], [opponent], { ...scene, kind: 'assault', gap: 15, initiative: 0 });
    expect(charging.steps.find((s) => s.kind === 'assault')).toMatchObject({ by: [0] });
    expect(batteryUnits(charging)).toEqual(Array(4).fill([false, 7]));
    expect(batteryUnits(sceneEngagement([battery], [opponent], { ...scene, kind: 'assault', gap: 15, initiative: 1 }))).toEqual(Array(4).fill([true, 5]));
  });

  it('the run says which formation stands in its positions and who is inside', () => {
    const spec = engagement([shooters(boltLine), target(full)], [shootStep(0, 1)]);
    expect(boughtPositionNotes(spec)).toEqual([
      `${full.name} stands in its bought positions (upgrade Add up to 52cm of Trench and 52cm of Razor Wire: a trench holding 13 infantry units), units 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 of 18 front to back inside: their cover is played, where they are set up is not (TP Fortified Positions)`,
    ]);
    expect(boughtPositionNotes(engagement([shooters(boltLine), target(full, { cover: { kind: 'obscured' } })], [shootStep(0, 1)]))).toEqual([]);
  });

  it('shoot: --at a battery with Emplacements fares as the battery with --cover gun-emplacement, trial for trial, and the notes say it stands in its positions', async () => {
    const run = async (at: string[]) => {
      const r = await inProcess(['shoot', `${KW}/infantry-platoon`, '--at', ...at, '--data', tpDir, '--trials', '4000', '--json', '--quiet']);
      expect(r.code).toBe(0);
      return JSON.parse(r.stdout) as { target: { unitsKilled: { distribution: number[] } }; unsupported: string[] };
    };
    const bought = await run([`${IW}/artillery-battery+emplacements`]);
    const given = await run([`${IW}/artillery-battery`, '--cover', 'gun-emplacement']);
    expect(bought.target.unitsKilled.distribution).toEqual(given.target.unitsKilled.distribution);
    expect(bought.unsupported).toContain(`${battery.name} stands in its bought positions (upgrade Emplacements: 4 gun emplacements), units 1, 2, 3, 4 of 4 front to back inside: their cover is played, where they are set up is not (TP Fortified Positions)`);
    expect(given.unsupported.filter((n) => n.includes('bought positions'))).toEqual([]);
  });

  describe('an experiment\'s coverUnits for a formation in its bought positions', () => {
    const dir = mkdtempSync(join(tmpdir(), 'epic-positions-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    let n = 0;
    const experimentWith = (coverUnits: number[]) => {
      const path = join(dir, `e${n++}.json`);
      const formations = { platoon: { side: 'B', formation: `${KW}/infantry-platoon+${LEVY}+${LEVY}+${GUNS}+${GUNS}+${GUNS}+${SNIPERS}+${SNIPERS}+${TRENCH}`, coverUnits }, guns: { side: 'A', formation: `${IW}/artillery-battery` } };
      writeFileSync(path, JSON.stringify({ name: 'trench', description: 'A platoon in its trench.', data: { tournamentPack: tpDir }, trials: 1000, engagement: { formations, script: [{ step: 'shoot', by: 'guns', at: 'platoon' }] } }));
      return path;
    };

    it('names who stands inside, up to the 13 the trench holds', () => {
      const [variant] = compileScriptExperiment(loadExperiment(experimentWith([5, 6, 7])));
      expect(coverOf(variant!.spec, 0).flatMap(([inside], i) => (inside ? [i] : []))).toEqual([5, 6, 7]);
    });

    it('14 units, or a unit the formation does not have: one message at its place in the file, exit code 2', async () => {
      const fourteen = Array.from({ length: 14 }, (_, i) => i);
      expect(problemsOf(() => compileScriptExperiment(loadExperiment(experimentWith(fourteen))))).toEqual([
        { file: expect.any(String), path: 'engagement.formations.platoon.coverUnits', message: `14 units named to stand in the positions "${KW}/infantry-platoon+${LEVY}+${LEVY}+${GUNS}+${GUNS}+${GUNS}+${SNIPERS}+${SNIPERS}+${TRENCH}" bought (upgrade Add up to 52cm of Trench and 52cm of Razor Wire: a trench holding 13 infantry units), which hold 13` },
      ]);
      expect(problemsOf(() => compileScriptExperiment(loadExperiment(experimentWith([0, 18]))))[0]!.message).toBe(`18: "${KW}/infantry-platoon+${LEVY}+${LEVY}+${GUNS}+${GUNS}+${GUNS}+${SNIPERS}+${SNIPERS}+${TRENCH}" has 18 units, numbered 0 to 17 front to back`);
      const r = await inProcess(['run', experimentWith(fourteen), '--quiet']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('engagement.formations.platoon.coverUnits');
    });
  });
});
