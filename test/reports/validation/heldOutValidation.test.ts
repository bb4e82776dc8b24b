import { describe, expect, it } from 'vitest';
import { scenePlayedBy } from '../../../src/model/battle.js';
import { parseFormation } from '../../../src/model/formation.js';
import { loadBattle } from '../../../src/model/loadBattle.js';
import { loadDataset } from '../../../src/model/loadDataset.js';
import { rngFromSeed } from '../../../src/sim/rng.js';
import type { ValueModel } from '../../../src/reports/value/fixedPointCost.js';
import type { ValueMeetingSums } from '../../../src/run/valueMeeting.js';
import { blindSpots } from '../../../src/reports/validation/blindSpots.js';
import { FORMATION_FEATURES, formationFeatures } from '../../../src/reports/validation/formationFeatures.js';
import { formationRole, type FormationRole } from '../../../src/reports/validation/formationRole.js';
import { heldOutLines } from '../../../src/reports/validation/heldOutLines.js';
import { heldOutValidation, type HeldOutInput } from '../../../src/reports/validation/heldOutValidation.js';
import { leaveOneListOut } from '../../../src/reports/validation/leaveOneListOut.js';
import { predictionFigures } from '../../../src/reports/validation/predictionFigures.js';

const battle = loadBattle().battle;
const ground = battle.scenes.map((s) => scenePlayedBy(s.kind) === 'ground');

/**
 * Six lists of eight ground formations each: a cost driven by two datasheet
 * features, and a simulated model (one opponent of the formation's cost, one
 * group of one against one, a play per ground scene) whose fair cost, the root
 * of p²·ℓ = X·P̄ (fixedPointCost.ts), tracks the cost in one scene and not in
 * the others, with seeded noise.
 */
function rows(): HeldOutInput[] {
  const rng = rngFromSeed('held-out-test');
  const u = () => (rng.next() >>> 0) / 2 ** 32;
  const out: HeldOutInput[] = [];
  const roles: FormationRole[] = ['artillery', 'skimmers', 'infantry'];
  for (let l = 0; l < 6; l++) {
    for (let k = 0; k < 8; k++) {
      const a = u();
      const b = u();
      const cost = Math.round(100 * Math.exp(0.8 * a + 0.5 * b + 0.1 * (u() - 0.5)));
      const worth = cost * Math.exp(0.2 * (u() - 0.5));
      const sums = (d: number): ValueMeetingSums => ({ n: 1000, d: 1000 * d, l: 1000, dd: 1000 * d * d, ll: 1000, dl: 1000 * d });
      const plays = battle.scenes.map((_, i) => i).filter((i) => ground[i]);
      // One copy lost per meeting and X = worth²/cost in scene 6 put its root at p² = worth²; elsewhere noise.
      const model: ValueModel = {
        slots: plays.map((i) => ({ scene: i, initiative: 0, defencePoints: 0, alone: true })),
        opponents: [{ opponent: 'field', points: cost, firstChance: 0.5, groups: [{ m: 1, n: 1, sums: plays.map((i) => sums(i === 6 ? (worth * worth) / cost : (0.5 + u()) * cost)) }] }],
      };
      out.push({ army: `list-${l}`, text: `list-${l}/f${k}`, cost, kind: 'ground', warEngine: k === 0, features: [a, b, u()], role: roles[k % 3]!, model });
    }
  }
  return out;
}

describe('leaveOneListOut', () => {
  it('hides the held-out list\'s costs from its fold and fills every row', () => {
    const seen: Array<[string, number[]]> = [];
    const out = leaveOneListOut(['b', 'a', 'b', 'c'], [1, 2, 3, 4], (train, held, visible, list) => {
      seen.push([list, [...visible]]);
      expect(held.every((i) => Number.isNaN(visible[i]!))).toBe(true);
      expect(train.every((i) => Number.isFinite(visible[i]!))).toBe(true);
      return held.map(() => train.reduce((t, i) => t + visible[i]!, 0));
    });
    expect(seen.map(([l]) => l)).toEqual(['a', 'b', 'c']);
    expect(out).toEqual([6, 8, 6, 6]);
  });
});

describe('the held-out validation', () => {
  it('a list whose costs are multiplied by 10 gets the very same held-out predictions from every predictor', () => {
    const clean = heldOutValidation(rows(), battle, 'efficiency');
    const poisoned = heldOutValidation(rows().map((r) => (r.army === 'list-2' ? { ...r, cost: 10 * r.cost } : r)), battle, 'efficiency');
    const of = (h: typeof clean, list: string) => h.predictions.filter((p) => p.army === list).map(({ baseline, simulation, 'simulation-scaled': s, 'baseline-with-simulation': c }) => [baseline, simulation, s, c]);
    expect(of(poisoned, 'list-2')).toEqual(of(clean, 'list-2'));
    expect(of(clean, 'list-2').flat().every((x) => Number.isFinite(x) && x > 0)).toBe(true);
    // The poison is in the other lists' fits: their predictions move.
    expect(of(poisoned, 'list-0')).not.toEqual(of(clean, 'list-0'));
  });

  it('judges every predictor by the same figures, and the baseline finds the costs the features drive', () => {
    const h = heldOutValidation(rows(), battle, 'efficiency');
    expect(h.protocol).toBe('leave-one-list-out');
    expect(h.lists).toBe(6);
    expect(h.predictors.map((p) => p.id)).toEqual(['baseline', 'simulation', 'simulation-scaled', 'baseline-with-simulation']);
    const base = h.predictors[0]!.figures.ground!;
    expect(base.formations).toBe(48);
    // log cost = 0.8a + 0.5b + noise of at most ±0.05: a linear model on the features ranks nearly perfectly.
    expect(base.spearman).toBeGreaterThan(0.95);
    expect(base.within25).toBe(1);
    // The figures agree with predictionFigures on the held-out predictions.
    const again = predictionFigures(h.predictions.map((p) => ({ army: p.army, kind: p.kind, warEngine: rows().find((r) => r.text === p.text)!.warEngine, cost: p.cost, predicted: p.baseline })));
    expect(again.ground).toEqual(base);
    expect(h.simulationAdds.spearman).toBeCloseTo(h.predictors[3]!.figures.ground!.spearman - base.spearman, 12);
    expect(h.blindSpots.map((b) => b.formations).reduce((t, n) => t + n, 0)).toBe(48);
    const lines = heldOutLines(h);
    expect(lines[0]).toMatch(/^Leave-one-list-out over 6 lists/);
    expect(lines.some((l) => l.startsWith('ground:'))).toBe(true);
  });

  it('the simulation\'s fair cost uses the scene weights fitted to the other lists: the scene where the costs are fair', () => {
    const h = heldOutValidation(rows(), battle, 'efficiency');
    const sim = h.predictors[1]!.figures.ground!;
    // Scene 6 alone gives √(cost·worth), worth within ±10% of cost: a fit that finds it ranks well and lands within ±25%.
    expect(sim.spearman).toBeGreaterThan(0.9);
    expect(sim.within25).toBeGreaterThan(0.9);
  });
});

describe('blindSpots', () => {
  it('ranks roles by the median of log(simulation ÷ baseline), and counts the quarter most apart', () => {
    const r = (text: string, role: FormationRole, simulation: number) => ({ text, role, cost: 100, simulation, baseline: 100 });
    const b = blindSpots([r('a1', 'artillery', 50), r('a2', 'artillery', 60), r('a3', 'artillery', 110), r('s1', 'skimmers', 120), r('s2', 'skimmers', 130), r('i1', 'infantry', 100), r('i2', 'infantry', 101), r('i3', 'infantry', 99)]);
    expect(b.map((x) => x.role)).toEqual(['artillery', 'skimmers', 'infantry']);
    expect(b[0]!.simulationOverBaseline).toBeCloseTo(0.6, 12);
    expect(b[1]!.simulationOverBaseline).toBeCloseTo(Math.sqrt(120 * 130) / 100, 12);
    // The quarter of 8 most apart: a1 (50) and a2 (60), both lower.
    expect(b[0]!.mostApart).toEqual({ higher: 0, lower: 2 });
    expect(b[0]!.examples.map((e) => e.text)).toEqual(['a1', 'a2', 'a3']);
    // Nearer the cost (100) than the baseline (100): never, a tie is not nearer.
    expect(b[2]!.simulationNearer).toBe(0);
    // Against the costs (all 100, the baseline at 100): artillery's median 60/100, one of three (110) within ±25%.
    expect(b[0]!.againstCost).toEqual({ simulation: 0.6, baseline: 1, simulationWithin25: 1 / 3, baselineWithin25: 1 });
  });

  it('says which predictor is off: a role the baseline overrates looks undervalued by the simulation, and the costs tell the two apart', () => {
    // Light vehicles costing 100: the simulation says 100 and 110, the baseline 150 and 160 (the datasheets overrate them);
    // infantry costing 200: the simulation says 120 and 130, the baseline 200 and 190 (the simulation underrates them).
    const b = blindSpots([
      { text: 'lv1', role: 'light vehicles', cost: 100, simulation: 100, baseline: 150 },
      { text: 'lv2', role: 'light vehicles', cost: 100, simulation: 110, baseline: 160 },
      { text: 'i1', role: 'infantry', cost: 200, simulation: 120, baseline: 200 },
      { text: 'i2', role: 'infantry', cost: 200, simulation: 130, baseline: 190 },
    ]);
    const lv = b.find((x) => x.role === 'light vehicles')!;
    const inf = b.find((x) => x.role === 'infantry')!;
    // Both read about 0.66x the baseline: median of log(100/150), log(110/160) and of log(120/200), log(130/190).
    expect(lv.simulationOverBaseline).toBeCloseTo(Math.sqrt((100 / 150) * (110 / 160)), 12);
    expect(inf.simulationOverBaseline).toBeCloseTo(Math.sqrt((120 / 200) * (130 / 190)), 12);
    // Against the costs: the light vehicles' simulation is right (1.05x, both within ±25%), their baseline off (1.55x, none within);
    // the infantry's simulation off (0.625x, none within), its baseline right (0.975x, both within).
    expect(lv.againstCost).toEqual({ simulation: 1.05, baseline: 1.55, simulationWithin25: 1, baselineWithin25: 0 });
    expect(inf.againstCost).toEqual({ simulation: 0.625, baseline: 0.975, simulationWithin25: 0, baselineWithin25: 1 });
  });
});

describe('formationFeatures and formationRole on a datasheet', () => {
  it('a Devastator detachment: 4 Devastators (15 cm, 4+, CC 5+, FF 3+, 2 missile launchers 45 cm AP5+/AT6+) and 2 Rhinos (30 cm, 5+, CC 6+, FF 6+, transport 2)', () => {
    const data = loadDataset();
    const spec = parseFormation(data, 'codex-astartes/devastator-detachment');
    const f = formationFeatures(spec, 'ground');
    expect(f).toHaveLength(FORMATION_FEATURES.length);
    const at = (name: (typeof FORMATION_FEATURES)[number]) => f[FORMATION_FEATURES.indexOf(name)];
    expect(at('units')).toBeCloseTo(Math.log(7), 14);
    expect(at('infantry share')).toBeCloseTo(4 / 6, 14);
    expect(at('speed')).toBeCloseTo((4 * 15 + 2 * 30) / 6, 14);
    // Σ(7 − armour)/6 = 4·3/6 + 2·2/6 = 8/3; CC 4·2/6 + 2·1/6 = 5/3; FF 4·4/6 + 2·1/6 = 3.
    expect(at('armour')).toBeCloseTo(Math.log(1 + 8 / 3), 14);
    expect(at('close combat')).toBeCloseTo(Math.log(1 + 5 / 3), 14);
    expect(at('firefight')).toBeCloseTo(Math.log(4), 14);
    expect(at('damage capacity')).toBeCloseTo(Math.log(7), 14);
    // 8 missile launchers reach 30 cm, not 60: AP 8·2/6, AT 8·1/6; the Rhinos' storm bolters are small arms.
    expect(at('AP hits at 30 cm')).toBeCloseTo(Math.log(1 + 8 / 3), 14);
    expect(at('AT hits at 30 cm')).toBeCloseTo(Math.log(1 + 4 / 3), 14);
    expect(at('AP hits at 60 cm')).toBe(0);
    expect(at('transport capacity')).toBeCloseTo(Math.log(5), 14);
    expect(at('initiative')).toBe(1);
    expect(formationRole(spec, 'ground')).toBe('transports');
  });

  it('roles: a war engine, and a kind before anything else', () => {
    const data = loadDataset();
    const warhound = parseFormation(data, 'titan-legion/warhound-battlegroup');
    expect(formationRole(warhound, 'ground')).toBe('war engines');
    expect(formationRole(warhound, 'aircraft')).toBe('aircraft');
  });
});
