import { describe, expect, it } from 'vitest';
import { parseFormation } from '../../../src/model/formation.js';
import { loadBuiltinDataset } from '../../../src/model/loadDatasheets.js';
import { rngFromSeed } from '../../../src/sim/rng.js';
import { assaultEngagement, DEFAULT_GEOMETRY, FRESH, type AssaultSetup, type SideState } from '../../../src/rulesets/netea/engine/engagements.js';
import { NeteaRunner } from '../../../src/rulesets/netea/engine/runner.js';
import { MIXED_KINDS } from '../../../src/rulesets/netea/engine/assaultPlan/layout.js';
import { DEFAULT_OPTIONS, type EngagementSpec } from '../../../src/rulesets/netea/model/spec.js';
import type { FormationRecordLayout } from '../../../src/sim/ruleset.js';
import { SCENARIOS } from '../../../bench/scenarios.js';
import { engagement, formation, placed, unit, weapon } from '../../helpers/fixtures.js';
import { histogramsDiffer, meansDiffer, proportionsDiffer } from '../../helpers/sameDistribution.js';

/**
 * An assault plan must be the general assault, only faster: for every
 * situation below both paths run the same trials from the same seed and must
 * produce the same tally, bit for bit (same dice, same order, same sums),
 * when the plan rolls each die. Rolling by counts, as it does by default,
 * draws what the dice decide from their distributions instead: there every
 * situation must give the same distributions as rolling each die, two
 * independent samples of COUNTS_TRIALS compared outcome by outcome and
 * formation by formation at a false-alarm rate of 1e-5 per comparison.
 * The situations between them reach every branch of the plan: first-strike
 * phases, extra attacks with macro-weapon hits, every kind of save, supporting
 * fire on both sides and out of reach, wipe-outs after the fight and after the
 * support, ties fought on, and every result.
 */

const TRIALS = 12_000;
const data = loadBuiltinDataset();
const P = (text: string) => parseFormation(data, text);

const COUNTS_TRIALS = 60_000;

function tallyOf(spec: EngagementSpec, assaultPlan: boolean): { path: string; tally: number[]; fought: number; attackerWins: number; rounds: number; formations: FormationRecordLayout[] } {
  const runner = new NeteaRunner(spec, { assaultPlan, assaultPlanDice: 'each' });
  const tally = new Float64Array(runner.layout.length);
  const rng = rngFromSeed('assault-plan');
  // Two runs on one generator: the plan must leave it where the general path does.
  runner.run(rng, TRIALS / 2, tally);
  runner.run(rng, TRIALS / 2, tally);
  const L = runner.layout.records[0]!.assault!;
  return { path: runner.path, tally: Array.from(tally), fought: tally[L.fought]!, attackerWins: tally[L.attackerWins]!, rounds: tally[L.roundsSum]!, formations: runner.layout.records[0]!.formations };
}

function expectSameAsGeneral(spec: EngagementSpec): ReturnType<typeof tallyOf> {
  const fast = tallyOf(spec, true);
  const general = tallyOf(spec, false);
  expect(fast.path).toBe('assault plan');
  expect(general.path).toBe('general (assault plans turned off)');
  expect(fast.tally).toEqual(general.tally);
  expectSameDistributions(spec);
  return fast;
}

/** Dice by counts against each die: every outcome of the assault and of each formation alike (1e-5 per comparison). */
function expectSameDistributions(spec: EngagementSpec): void {
  const sample = (assaultPlanDice: 'each' | 'counts') => {
    const runner = new NeteaRunner(spec, { assaultPlanDice });
    expect(runner.path).toBe('assault plan');
    const tally = new Float64Array(runner.layout.length);
    runner.run(rngFromSeed(`assault-plan-${assaultPlanDice}`), COUNTS_TRIALS, tally);
    return { tally, record: runner.layout.records[0]! };
  };
  const each = sample('each');
  const counts = sample('counts');
  const n = COUNTS_TRIALS;
  const A = each.record.assault!;
  const at = (t: Float64Array, i: number) => t[i]!;
  const differences: string[] = [];
  const note = (what: string, d: string | null) => {
    if (d !== null) differences.push(`${what}: ${d}`);
  };
  const outcomes = (t: Float64Array) => [at(t, A.attackerWins), at(t, A.defenderWins), at(t, A.noResult), n - at(t, A.fought)];
  note('outcome', histogramsDiffer(outcomes(each.tally), outcomes(counts.tally)));
  note('rounds', meansDiffer(n, at(each.tally, A.roundsSum), at(each.tally, A.roundsSumSq), n, at(counts.tally, A.roundsSum), at(counts.tally, A.roundsSumSq)));
  each.record.formations.forEach((L, f) => {
    const killed = (t: Float64Array) => Array.from({ length: L.units + 1 }, (_, k) => at(t, L.killedHistogram + k));
    note(`formation ${f} units killed`, histogramsDiffer(killed(each.tally), killed(counts.tally)));
    note(`formation ${f} broken`, proportionsDiffer(at(each.tally, L.broken), n, at(counts.tally, L.broken), n));
    note(`formation ${f} destroyed`, proportionsDiffer(at(each.tally, L.destroyed), n, at(counts.tally, L.destroyed), n));
    for (const [what, sum, sumSq] of [['Blast markers', L.bmSum, L.bmSumSq], ['points lost', L.pointsLostSum, L.pointsLostSumSq], ['markers placed', L.bmPlacedSum, L.bmPlacedSumSq]] as const) {
      note(`formation ${f} ${what}`, meansDiffer(n, at(each.tally, sum), at(each.tally, sumSq), n, at(counts.tally, sum), at(counts.tally, sumSq)));
    }
  });
  expect(differences).toEqual([]);
}

function assaultOf(attacker: string, target: string, s: Partial<AssaultSetup> = {}): EngagementSpec {
  return assaultEngagement(P(attacker), P(target), { geometry: { ...DEFAULT_GEOMETRY, gap: 15 }, attacker: FRESH, target: FRESH, supports: [], test: false, overwatch: [], ...s });
}

const support = (text: string, side: 0 | 1, gap = 15) => ({ formation: P(text), side, gap, state: FRESH });
const state = (blastMarkers: number, cover: SideState['cover'] = { kind: 'none' }, broken = false): SideState => ({ blastMarkers, broken, cover });

describe('assault plan: the same tallies as the general assault', () => {
  const cases: Array<[string, () => EngagementSpec]> = [
    ['the bench scenario (10 cm apart: everyone in base contact, so later rounds repeat the first round\'s groups)', () => SCENARIOS.find((b) => b.id === 'assault')!.build()],
    ['a Tactical detachment, Devastators supporting, against an Ork warband 15 cm away (not all in base contact)', () => assaultOf('codex-astartes/tactical', 'ork-war-horde/warband', { supports: [support('4 Devastator', 0)] })],
    ['Rough Riders against Boyz 5 cm away, Boyz supporting: every round in base contact, with first strike and supporting fire', () => assaultOf('6 Rough Riders', '6 Boyz', { geometry: { ...DEFAULT_GEOMETRY, gap: 5 }, supports: [support('6 Boyz', 1, 5)] })],
    ['an Ork warband (Nobz with extra attacks, Grots) against Tactical Marines with support on the defence', () => assaultOf('ork-war-horde/warband', 'codex-astartes/tactical', { supports: [support('4 Devastator', 1)] })],
    ['Terminators (reinforced armour, invulnerable saves, an Inspiring commander) against an Ork warband', () => assaultOf('codex-astartes/terminator+commander', 'ork-war-horde/warband')],
    ['Rough Riders (first-strike lances) against Boyz', () => assaultOf('6 Rough Riders', '8 Boyz')],
    ['Boyz against Rough Riders, supporting fire on both sides', () => assaultOf('8 Boyz', '6 Rough Riders', { supports: [support('4 Devastator', 1), support('6 Boyz', 0)] })],
    ['both sides in cover (which only the defenders keep), both with Blast markers', () => assaultOf('codex-astartes/tactical', '8 Boyz', { target: state(1, { kind: 'save', save: 4 }), attacker: state(2, { kind: 'save', save: 3 }) })],
    ['a broken defender, destroyed if it loses', () => assaultOf('codex-astartes/tactical', '8 Boyz', { target: state(0, { kind: 'none' }, true) })],
    ['a long charge: units left out of base contact fight with firefight values', () => assaultOf('4 Storm Troopers', '4 Tactical', { geometry: { ...DEFAULT_GEOMETRY, gap: 25 } })],
    ['supporters out of reach', () => assaultOf('6 Tactical', '8 Boyz', { supports: [support('4 Devastator', 0, 40)] })],
    ['one round only: ties are no result', () => assaultOf('6 Tactical', '6 Tactical', { options: { ...DEFAULT_OPTIONS, maxAssaultRounds: 1 } })],
    ['the other defaults of [A-17], [A-39] and withdrawal', () => assaultOf('6 Tactical', '8 Boyz', { supports: [support('4 Devastator', 0)], options: { ...DEFAULT_OPTIONS, supportEveryRound: false, withdrawOnBreak: false, lossHitsEngagedOnly: false } })],
    ['a contact limit of two attackers', () => assaultOf('6 Tactical', '8 Boyz', { contact: 2 })],
    ['one Tactical unit against a big mob: wiped out in the fight', () => assaultOf('1 Tactical', '12 Boyz')],
    ['Grots in front of Boyz: their losses are no kills (RB 5.5.3)', () => assaultOf('6 Tactical', '4 Grots, 4 Boyz')],
    ['one Tactical unit against Boyz, Devastators supporting: a fight that kills it ends the round before the supporting fire', () => assaultOf('1 Tactical', '8 Boyz', { supports: [support('4 Devastator', 0)] })],
    ['a Tactical detachment with a Commander (a power weapon: a macro-weapon extra attack) against Grots and Boyz: macro-weapon hits go to the survivors of the others', () => assaultOf('codex-astartes/tactical+commander', '4 Grots, 6 Boyz', { geometry: { ...DEFAULT_GEOMETRY, gap: 5 } })],
  ];
  for (const [name, build] of cases) {
    it(name, () => {
      expectSameAsGeneral(build());
    });
  }

  it('the situations above draw the first round\'s fight side by side where the plan can (fightByMasks, supportFolded): the comparisons cover it', () => {
    const notByMasks = cases.filter(([, build]) => new NeteaRunner(build()).assaultPlan?.fightByMasks !== true).map(([name]) => name);
    // First-strike phases (the Rough Riders' lances).
    expect(notByMasks).toEqual([cases[2]![0], cases[5]![0], cases[6]![0]]);
    // Macro-weapon hits and others on the same side, as two stages: the Terminators' and the Commander's on the Orks.
    const twoStages = cases.filter(([, build]) => {
      const plan = new NeteaRunner(build()).assaultPlan!;
      return plan.fightByMasks && plan.rangeKind[1] === MIXED_KINDS;
    });
    expect(twoStages.map(([name]) => name)).toEqual([cases[4]![0], cases[17]![0]]);
    // The defenders' supporting-fire losses folded into their fight losses where only they take supporting fire.
    const folded = cases.filter(([, build]) => new NeteaRunner(build()).assaultPlan?.supportFolded === true).map(([name]) => name);
    expect(folded).toEqual([cases[0]![0], cases[1]![0], cases[12]![0], cases[16]![0]]);
  });

  const talon = weapon('talon', [{ range: 0, kind: 'assault', extraAttacks: 'D3', macroWeapon: true, firstStrike: true }]);
  const pistol = weapon('pistol', [{ range: 15, kind: 'small-arms', extraAttacks: 1, sniper: true }]);
  const noSave = weapon('no-save', [{ range: 0, kind: 'assault', extraAttacks: 2, titanKiller: 'D3' }]);
  const raptor = unit('raptor', { type: 'INF', armour: 5, cc: 3, ff: 5, speed: 30 }, [{ weapon: talon }, { weapon: pistol }, { weapon: noSave }]);
  const quickPistol = weapon('quick-pistol', [{ range: 15, kind: 'small-arms', extraAttacks: 1, firstStrike: true }]);
  const sentry = unit('sentry', { type: 'INF', armour: 5, cc: 6, ff: 4 }, [{ weapon: quickPistol }]);
  const wall = unit('wall', { type: 'INF', armour: 3, cc: 5, ff: 4, abilities: ['reinforced-armour', 'invulnerable-save', 'fearless'] }, [{ weapon: pistol }]);

  it('extra attacks of every kind: D3 first-strike macro-weapon talons, sniper pistols, Titan Killer blows, first-strike supporting fire', () => {
    const spec = engagement(
      [placed('raptors', 0, formation('raptors', [[5, raptor]])), placed('wall', 1, formation('wall', [[6, wall]]), { front: 15 }), placed('sentries', 1, formation('sentries', [[3, sentry]]), { front: 20 })],
      [{ kind: 'assault', label: 'assault', by: [0], at: [1], support: [2], overwatch: [], test: false, retain: false }],
    );
    const r = expectSameAsGeneral(spec);
    // Fought every trial, won by either side, some ties fought on.
    expect(r.fought).toBe(TRIALS);
    expect(r.attackerWins).toBeGreaterThan(0);
    expect(r.attackerWins).toBeLessThan(TRIALS);
    expect(r.rounds).toBeGreaterThan(TRIALS);
  });
});

describe('assault plan: the save stack\'s Tournament Pack saves, as the general assault rolls them', () => {
  const splinter = weapon('splinter', [{ range: 15, kind: 'small-arms', extraAttacks: 1 }]);
  const wych = unit('wych', { type: 'INF', armour: null, assaultArmour: 5, cc: 3, ff: 6, speed: 15, abilities: ['first-strike'] }, [{ weapon: splinter }]);
  const warrior = unit('warrior', { type: 'INF', armour: 4, cc: 4, ff: 4, abilities: ['living-metal'] });
  const drone = unit('drone', { type: 'INF', armour: 5, cc: 6, ff: 5, abilities: ['deflector-shield'] });

  it('Wyches (5+ armour in assaults only) charge Necron warriors (Living Metal 4+), shielded drones supporting', () => {
    const spec = engagement(
      [placed('wyches', 0, formation('wyches', [[6, wych]])), placed('warriors', 1, formation('warriors', [[5, warrior]]), { front: 15 }), placed('drones', 1, formation('drones', [[3, drone]]), { front: 20 })],
      [{ kind: 'assault', label: 'assault', by: [0], at: [1], support: [2], overwatch: [], test: false, retain: false }],
    );
    const r = expectSameAsGeneral(spec);
    expect(r.fought).toBe(TRIALS);
    expect(r.attackerWins).toBeGreaterThan(0);
    expect(r.attackerWins).toBeLessThan(TRIALS);
  });
});

describe('assault plan: several formations on each side', () => {
  it('two formations attack two together, a third supports each side', () => {
    const spec = engagement(
      [
        placed('tactical', 0, P('6 Tactical')),
        placed('assault', 0, P('4 Assault'), { front: 5 }),
        placed('boyz', 1, P('8 Boyz'), { front: 15 }),
        placed('nobz', 1, P('2 Nobz, 4 Boyz'), { front: 20 }),
        placed('devastators', 0, P('4 Devastator'), { front: 10 }),
        placed('grots', 1, P('6 Grots'), { front: 25 }),
      ],
      [{ kind: 'assault', label: 'assault', by: [0, 1], at: [2, 3], support: [4, 5], overwatch: [], test: false, retain: false }],
    );
    const r = expectSameAsGeneral(spec);
    expect(r.fought).toBe(TRIALS);
  });
});

describe('assault plan: rounds after a tie', () => {
  it('rear ranks close in, chargers reach skimmers that force a firefight, Inspiring units count each round', () => {
    const bolter = weapon('bolter', [{ range: 30, ap: 5 }]);
    const brute = unit('brute', { type: 'INF', armour: 5, cc: 4, ff: 5, speed: 10 }, [{ weapon: bolter }]);
    const skimmer = unit('skimmer', { type: 'AV', armour: 5, cc: 6, ff: 4, abilities: ['skimmer'] }, [{ weapon: bolter }]);
    const hero = unit('hero', { type: 'INF', armour: 5, cc: 4, ff: 5, abilities: ['inspiring'] }, [{ weapon: bolter }]);
    // Ranks of two, 5 cm apart: after the charge (two in contact) the others stand 5-20 cm away.
    const spec = engagement(
      [
        placed('brutes', 0, formation('brutes', [[10, brute]], { points: 250 }), { rankWidth: 2, spacing: 5 }),
        placed('mixed', 1, formation('mixed', [[3, skimmer], [2, hero], [3, brute]], { points: 250 }), { front: 0, rankWidth: 20, spacing: 5 }),
      ],
      [{ kind: 'assault', label: 'assault', by: [0], at: [1], support: [], overwatch: [], test: false, retain: false, contact: 2 }],
    );
    const r = expectSameAsGeneral(spec);
    expect(r.rounds).toBeGreaterThan(TRIALS * 1.05);
  });
});

/** Units formation f lost, summed over the trials, from its killed histogram. */
function unitsLost(r: ReturnType<typeof tallyOf>, f: number): number {
  const L = r.formations[f]!;
  let sum = 0;
  for (let k = 1; k <= L.units; k++) sum += k * r.tally[L.killedHistogram + k]!;
  return sum;
}

describe('assault plan: the aftermath', () => {
  const slow = unit('slow', { type: 'INF', armour: 6, cc: 5, ff: 6, speed: 5 });
  const brute = unit('brute', { type: 'INF', armour: 4, cc: 3, ff: 4 });
  const gun = unit('gun', { type: 'INF', armour: 6, cc: 6, ff: 6, speed: 0 });
  const step = { kind: 'assault' as const, label: 'assault', overwatch: [], test: false, retain: false };

  it('slow losers die withdrawing (RB 1.13.3): more losses than without withdrawal', () => {
    const build = (withdrawOnBreak: boolean) =>
      engagement(
        [placed('brutes', 0, formation('brutes', [[6, brute]], { points: 300 })), placed('slow', 1, formation('slow', [[6, slow]], { points: 120 }), { front: 10 })],
        [{ ...step, by: [0], at: [1], support: [] }],
        { withdrawOnBreak },
      );
    const r = expectSameAsGeneral(build(true));
    const noWithdrawal = expectSameAsGeneral(build(false));
    expect(unitsLost(r, 1)).toBeGreaterThan(unitsLost(noWithdrawal, 1));
  });

  it('bystanders of the losing side near the assault take a Blast marker, break and withdraw (RB 1.12.8)', () => {
    const spec = engagement(
      [
        placed('tactical', 0, P('4 Tactical')),
        placed('boyz', 1, P('12 Boyz'), { front: 10 }),
        placed('devastators', 0, P('4 Devastator'), { front: 5, blastMarkers: 7 }),
        placed('guns', 0, formation('guns', [[2, gun]], { points: 40 }), { front: 0, blastMarkers: 1 }),
      ],
      [{ ...step, by: [0], at: [1], support: [2] }],
    );
    const r = expectSameAsGeneral(spec);
    // The Devastators break on their eighth marker (TSKNF doubles their break point); the immobile guns on their second, and die
    // withdrawing: wiped out, they count as destroyed, never as broken too.
    expect(r.tally[r.formations[2]!.broken]!).toBeGreaterThan(0);
    expect(r.tally[r.formations[3]!.destroyed]!).toBeGreaterThan(0);
    expect(r.tally[r.formations[3]!.broken]!).toBe(0);
    expect(unitsLost(r, 3)).toBeGreaterThan(0);
  });
});

describe('assault plan: what it leaves to the general path', () => {
  const cases: Array<[string, () => EngagementSpec, string]> = [
    ['overwatch', () => assaultOf('6 Tactical', 'ork-war-horde/warband', { supports: [support('4 Devastator', 1)], overwatch: [0] }), 'general (overwatch fire comes first)'],
    ['war engines', () => assaultOf('codex-astartes/tactical', '1 Gargant'), 'general (war engines in the engagement)'],
    ['an action test first', () => assaultOf('codex-astartes/tactical', '8 Boyz', { test: true }), 'general (an action test comes first)'],
    ['a broken attacker', () => assaultOf('codex-astartes/tactical', '8 Boyz', { attacker: state(0, { kind: 'none' }, true) }), 'general (the attacking formation is broken)'],
    ['no charger within reach', () => assaultOf('6 Tactical', '8 Boyz', { geometry: { ...DEFAULT_GEOMETRY, gap: 90 } }), 'general (no assault from the starting state)'],
    ['a broken supporter, whose Blast markers would be hits', () => assaultOf('6 Tactical', '8 Boyz', { supports: [{ ...support('4 Devastator', 0), state: state(0, { kind: 'none' }, true) }] }), 'general (a broken formation stands by)'],
  ];
  for (const [name, build, path] of cases) {
    it(name, () => {
      const spec = build();
      expect(new NeteaRunner(spec).path).toBe(path);
      const general = tallyOf(spec, false);
      expect(tallyOf(spec, true).tally).toEqual(general.tally);
    });
  }
});
