import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadExperiment } from '../../../src/scenarios/loadExperiment.js';
import { compileScriptExperiment } from '../../../src/rulesets/netea/scenarios/experiment.js';
import { InputError } from '../../../src/model/inputError.js';
import { loadBuiltinDataset } from '../../../src/model/loadDatasheets.js';
import { parseFormation } from '../../../src/model/formation.js';
import { rngFromSeed } from '../../../src/sim/rng.js';
import { NeteaRunner, type RunnerOptions } from '../../../src/rulesets/netea/engine/runner.js';
import { shoot } from '../../../src/rulesets/netea/engine/shoot.js';
import { destroyUnit } from '../../../src/rulesets/netea/engine/damage.js';
import * as C from '../../../src/rulesets/netea/engine/codes.js';
import type { EngagementSpec, PlacedFormation, Step } from '../../../src/rulesets/netea/model/spec.js';
import { embarkationProblem, planEmbarkation } from '../../../src/rulesets/netea/engine/transport/embarkation.js';
import { outcomeAt } from '../../../src/reports/aggregate.js';
import { binomialPmf, tolerance999 } from '../../helpers/exact.js';
import { inProcess } from '../../helpers/cli.js';
import { ScriptedDice } from '../../helpers/scriptedDice.js';
import { engagement, formation, placed, shootStep, unit, weapon, type TestUnit } from '../../helpers/fixtures.js';

/**
 * Transports (RB 1.7.5 and errata, 2.2.6; TP Transport Vehicles): units
 * starting embarked against exact probabilities computed here (the Monte
 * Carlo, fixed seeds, inside each value's 99.9% interval), forced dice for the
 * Blast markers, identical tallies for disembarking at the charge.
 */

const N = 200_000;
const data = loadBuiltinDataset();

function run(spec: EngagementSpec, seed: string, trials = N, options: RunnerOptions = {}) {
  const runner = new NeteaRunner(spec, options);
  const tally = new Float64Array(runner.layout.length);
  runner.run(rngFromSeed(seed), trials, tally);
  return { runner, tally, at: (f: number) => outcomeAt(tally, runner.layout, 0, f) };
}

function expectDistribution(got: number[], exact: number[], n = N) {
  expect(got.length).toBe(exact.length);
  for (let k = 0; k < exact.length; k++) {
    expect(Math.abs(got[k]! - exact[k]!), `P(${k})`).toBeLessThanOrEqual(tolerance999(exact[k]!, n));
  }
}

const embarked = (p: PlacedFormation): PlacedFormation => ({ ...p, embarked: true });

/** Units killed: the transport survives with 1 - pDies; else it and Binomial(2, passengerFails) passengers. */
function wreckKills(pDies: number, passengerFails: number): number[] {
  return [1 - pDies, ...binomialPmf(2, passengerFails).map((p) => pDies * p)];
}

const rhino = unit('rhino', { type: 'AV', armour: 5, speed: 30, transport: 2, abilities: ['transport'] });
const trooper = unit('trooper', { type: 'INF', armour: 4 });
let gunIds = 0;
const guns = (mode: Parameters<typeof weapon>[1][number], shots: number): TestUnit => {
  const id = `gun-${++gunIds}`;
  return unit(`gunner-${gunIds}`, { type: 'INF' }, [{ weapon: weapon(id, [mode]), multiplier: shots }]);
};

/** `shooter` fires once at a Rhino-like transport (5+) carrying two `passenger`s, 30 cm away. */
function shotAtRhino(shooter: TestUnit, passenger: TestUnit, target: Partial<PlacedFormation> = {}): EngagementSpec {
  return engagement(
    [placed('guns', 0, formation('guns', [[1, shooter]]), { front: 0 }), { ...embarked(placed('rhino', 1, formation('rhino', [[1, rhino], [2, passenger]]), { front: 30 })), ...target }],
    [shootStep(0, 1)],
  );
}

describe('embarkation: who rides in which transport (RB 1.7.5, transports\' notes)', () => {
  it('a Tactical detachment: two Tactical units to each Rhino, the Rhinos in the front rank', () => {
    const plan = planEmbarkation(parseFormation(data, 'codex-astartes/tactical-detachment'));
    expect(plan.carriedBy).toEqual([6, 6, 7, 7, 8, 8, -1, -1, -1]);
    expect(plan.slot).toEqual([0, 0, 1, 1, 2, 2, 0, 1, 2]);
  });

  it('a Terminator rides only where the notes name it and takes the Land Raider\'s two seats; it boards before units other transports take too', () => {
    const plan = planEmbarkation(parseFormation(data, '1 Land Raider, 1 Rhino, 2 Tactical, 1 Terminator'));
    expect(plan.carriedBy).toEqual([-1, -1, 1, 1, 0]);
    expect(embarkationProblem(parseFormation(data, '1 Rhino, 1 Terminator'))).toBe('none of its units can ride in its transports (Rhino: 2 each)');
    expect(embarkationProblem(parseFormation(data, '2 Terminator, 1 Land Raider'))).toBe('2 units to carry taking 4 seats but the transports hold 2 (Land Raider: 2 each)');
  });

  it('an Ogryn unit fills a Chimera ("one Ogryn unit OR any two"); jump packs do not ride', () => {
    expect(planEmbarkation(parseFormation(data, '2 Ogryns, 2 Chimera')).carriedBy).toEqual([2, 3, -1, -1]);
    expect(embarkationProblem(parseFormation(data, '2 Ogryns, 1 Chimera'))).toBe('2 units to carry taking 4 seats but the transports hold 2 (Chimera: 2 each)');
    expect(planEmbarkation(parseFormation(data, '2 Assault, 2 Tactical, 1 Rhino')).carriedBy).toEqual([-1, -1, 4, 4, -1]);
  });

  it('too many passengers: the engagement is refused with an Error naming the formation, the passengers and the capacity', () => {
    const f = parseFormation(data, '12 Imperial Guard Infantry, 5 Chimera');
    const spec = engagement([placed('a', 0, formation('a', [[1, trooper]]), { front: 0 }), embarked(placed('b', 1, f, { front: 30 }))], [shootStep(0, 1)]);
    expect(() => new NeteaRunner(spec)).toThrow('formation "12 Imperial Guard Infantry, 5 Chimera": 12 units to carry but the transports hold 10 (Chimera: 2 each)');
  });
});

describe('shooting at embarked units (RB 1.7.5 and errata)', () => {
  it('AP fire finds nothing to hit: the passengers cannot be allocated hits, the transport is armoured', () => {
    const r = run(shotAtRhino(guns({ range: 45, ap: 4 }, 4), trooper), 'transport-ap');
    expect(r.at(1).unitsKilled.distribution).toEqual([1, 0, 0, 0]);
    expect(r.at(1).blastMarkersPlaced.mean).toBe(1);
  });

  it('two AT4+ shots at a 5+ Rhino carrying two 4+ troopers: it dies with 1 - (1 - 1/2 * 2/3)^2 = 5/9, then each trooper saves on its 4+ armour (better than the 6+ cover save)', () => {
    const r = run(shotAtRhino(guns({ range: 45, at: 4 }, 2), trooper), 'transport-at');
    const exact = wreckKills(5 / 9, 1 / 2);
    expectDistribution(r.at(1).unitsKilled.distribution, exact);
    // One Blast marker for coming under fire, one per unit killed (the transport's and each passenger's).
    const mean = exact.reduce((s, p, k) => s + p * k, 0);
    const variance = exact.reduce((s, p, k) => s + p * (k - mean) ** 2, 0);
    expect(Math.abs(r.at(1).blastMarkersPlaced.mean - (1 + mean))).toBeLessThanOrEqual(3.2905 * Math.sqrt(variance / N));
  });

  it('passengers without armour take the 6+ cover save; infantry in 5+ cover take that (the better of all)', () => {
    const bare = unit('bare', { type: 'INF', armour: null });
    expectDistribution(run(shotAtRhino(guns({ range: 45, at: 4 }, 2), bare), 'transport-bare').at(1).unitsKilled.distribution, wreckKills(5 / 9, 5 / 6));
    // Only the passengers are in cover, so the shooter takes no cover modifier (the transport is what it sees).
    const covered = shotAtRhino(guns({ range: 45, at: 4 }, 2), bare, { cover: { kind: 'save', save: 5 }, coverUnits: [1, 2] });
    expectDistribution(run(covered, 'transport-cover').at(1).unitsKilled.distribution, wreckKills(5 / 9, 2 / 3));
  });

  it('reinforced armour re-rolls the passenger\'s save after a normal kill: 4+ twice, fails 1/4', () => {
    const armoured = unit('armoured', { type: 'INF', armour: 4, abilities: ['reinforced-armour'] });
    expectDistribution(run(shotAtRhino(guns({ range: 45, at: 4 }, 2), armoured), 'transport-reinforced').at(1).unitsKilled.distribution, wreckKills(5 / 9, 1 / 4));
  });

  it('a macro-weapon kill (RB 2.2.6, errata 1.7.5): passengers die unless reinforced (4+, no re-roll) or invulnerable (6+)', () => {
    const mw = guns({ range: 45, at: 4, macroWeapon: true }, 2);
    // The Rhino gets no save against the MW: it dies with 1 - (1/2)^2 = 3/4.
    expectDistribution(run(shotAtRhino(mw, trooper), 'transport-mw').at(1).unitsKilled.distribution, wreckKills(3 / 4, 1));
    const armoured = unit('armoured', { type: 'INF', armour: 4, abilities: ['reinforced-armour'] });
    expectDistribution(run(shotAtRhino(mw, armoured), 'transport-mw-reinforced').at(1).unitsKilled.distribution, wreckKills(3 / 4, 1 / 2));
    const warded = unit('warded', { type: 'INF', armour: 4, abilities: ['invulnerable-save'] });
    expectDistribution(run(shotAtRhino(mw, warded), 'transport-mw-invulnerable').at(1).unitsKilled.distribution, wreckKills(3 / 4, 5 / 6));
  });

  it('a Titan Killer kill leaves reinforced passengers no save, invulnerable ones their 6+', () => {
    const tk = guns({ range: 45, at: 4, titanKiller: 1 }, 2);
    const armoured = unit('armoured', { type: 'INF', armour: 4, abilities: ['reinforced-armour'] });
    expectDistribution(run(shotAtRhino(tk, armoured), 'transport-tk').at(1).unitsKilled.distribution, wreckKills(3 / 4, 1));
    const both = unit('both', { type: 'INF', armour: 4, abilities: ['reinforced-armour', 'invulnerable-save'] });
    expectDistribution(run(shotAtRhino(tk, both), 'transport-tk-invulnerable').at(1).unitsKilled.distribution, wreckKills(3 / 4, 5 / 6));
  });

  it('an aircraft transport destroyed in flight kills its passengers, no save and no die rolled (RB 4.2.5)', () => {
    const lander = unit('lander', { type: 'AC', armour: 5, aircraftSpeed: 'bomber', speed: 0, transport: 2, abilities: ['transport'] });
    const spec = engagement([placed('guns', 0, formation('guns', [[1, trooper]]), { front: 0 }), embarked(placed('lander', 1, formation('lander', [[1, lander], [2, trooper]]), { front: 15 }))], [shootStep(0, 1)]);
    const r = new NeteaRunner(spec);
    const rng = new ScriptedDice([]);
    r.reset(rng);
    const t = r.e.fUnitStart[1]!;
    destroyUnit(r.e, t, false, false, 0, rng);
    expect(r.e.fAlive[1]).toBe(0);
    expect(r.e.fPendingBm[1]).toBe(3);
  });

  it('the Tournament Pack\'s worked case (RB FAQ Blast Markers, errata): a transport and both passengers killed place 4 Blast markers', () => {
    const spec = shotAtRhino(guns({ range: 45, at: 4 }, 1), trooper);
    const r = new NeteaRunner(spec);
    // To hit 6; the Rhino's 5+ save 1; the troopers' 4+ saves 1 and 1.
    const rng = new ScriptedDice([6, 1, 1, 1]);
    r.reset(rng);
    shoot(r.e, 0, 1, C.ACTION_ADVANCE, false, true, rng);
    expect(rng.used).toBe(4);
    expect(r.e.fAlive[1]).toBe(0);
    expect(r.e.fBmPlaced[1]).toBe(4);
  });
});

describe('embarked units count toward the formation (RB 1.7.5)', () => {
  it('break point: a Rhino and two passengers break at three Blast markers, not at two', () => {
    const ap = guns({ range: 45, ap: 4 }, 1);
    expect(run(shotAtRhino(ap, trooper, { blastMarkers: 1 }), 'transport-bp-1', 2000).at(1).broken.p).toBe(0);
    expect(run(shotAtRhino(ap, trooper, { blastMarkers: 2 }), 'transport-bp-2', 2000).at(1).broken.p).toBe(1);
  });

  it('the general path runs, and the reset puts the passengers back in every trial', () => {
    const r = run(shotAtRhino(guns({ range: 45, at: 4 }, 2), trooper), 'transport-path', 1000);
    expect(r.runner.path).toBe('general (units embarked)');
    r.runner.reset(rngFromSeed('x'));
    expect(r.runner.e.transports.stEmbarked.slice(r.runner.e.fUnitStart[1]!)).toEqual(Uint8Array.of(0, 1, 1));
    expect(r.runner.e.transports.fEmbarked[1]).toBe(2);
  });
});

describe('assaults (RB 1.7.5, 1.12.3; TP Transport Vehicles)', () => {
  const brawler = unit('brawler', { type: 'INF', armour: 4, cc: 4 });
  const target = unit('target', { type: 'INF' });
  const assaultStep: Step = { kind: 'assault', label: 'assault', by: [0], at: [1], support: [], overwatch: [], test: false, retain: false };
  const assault = (gap: number, attacker: (p: PlacedFormation) => PlacedFormation, passengers: number, defenders = 1) =>
    engagement([attacker(placed('a', 0, formation('a', [[1, rhino], [passengers, brawler]]), { front: 0 })), placed('d', 1, formation('d', [[defenders, target]]), { front: gap })], [assaultStep]);

  it('passengers disembark at the charge and fight from 5 cm beyond their transport: from 25 cm exactly as the same units on foot from 10 cm', () => {
    const general = { assaultPlan: false };
    const carried = run(assault(25, embarked, 2, 2), 'transport-charge', 50_000, general);
    const onFoot = run(assault(10, (p) => p, 2, 2), 'transport-charge', 50_000, general);
    expect(Array.from(carried.tally)).toEqual(Array.from(onFoot.tally));
    // On foot from 25 cm the brawlers cannot reach base contact, and nothing else attacks.
    expect(run(assault(25, (p) => p, 2, 2), 'transport-charge', 50_000, general).at(1).unitsKilled.distribution[0]).toBeGreaterThan(onFoot.at(1).unitsKilled.distribution[0]! + 0.1);
  });

  it('one passenger carried 25 cm into contact with one defender: it wins with (1/2 + 1/2 a) / (1 - 1/2 t), a and t from the result roll', () => {
    // Each round the brawler hits on 4+ and the defender dies; otherwise the result: the attacker has
    // +1 outnumbering (2 units to 1) and both +1 for no Blast markers; a tie fights again.
    const highest = [1, 2, 3, 4, 5, 6].map((k) => (2 * k - 1) / 36);
    let a = 0;
    let t = 0;
    highest.forEach((pa, i) => highest.forEach((pd, j) => {
      if (i + 1 + 1 > j + 1) a += pa * pd;
      else if (i + 1 + 1 === j + 1) t += pa * pd;
    }));
    const exact = (1 / 2 + a / 2) / (1 - t / 2);
    const r = run(assault(25, embarked, 1), 'transport-one-round', N);
    const L = r.runner.layout.records[0]!.assault!;
    const wins = r.tally[L.attackerWins]! / N;
    expect(Math.abs(wins - exact)).toBeLessThanOrEqual(tolerance999(exact, N));
  });

  it('embarked defenders stay in their transport: they do not fight (and fearless attackers with no attacks lose nothing)', () => {
    const stoic = unit('stoic', { type: 'INF', abilities: ['fearless'] });
    const killer = unit('killer', { type: 'INF', cc: 2 });
    const spec = (defender: (p: PlacedFormation) => PlacedFormation) =>
      engagement([placed('a', 0, formation('a', [[2, stoic]]), { front: 0 }), defender(placed('d', 1, formation('d', [[1, rhino], [2, killer]]), { front: 10 }))], [assaultStep]);
    expect(run(spec(embarked), 'transport-defender', 20_000).at(0).unitsKilled.distribution[0]).toBe(1);
    expect(run(spec((p) => p), 'transport-defender', 20_000).at(0).unitsKilled.distribution[0]).toBeLessThan(0.5);
  });
});

describe('the CLI: --embarked', () => {
  it('more passengers than the transports hold: one message naming the formation, exit 2', async () => {
    // In this process, as src/cli.ts runs it (test/cli/shoot.test.ts and assault.test.ts see a real process exit 2 on bad input).
    const r = await inProcess(['shoot', '4 Devastator', '--at', '12 Imperial Guard Infantry, 5 Chimera', '--embarked']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n').filter((l) => l.startsWith('epic-balance:'))).toEqual(['epic-balance: formation "12 Imperial Guard Infantry, 5 Chimera": 12 units to carry but the transports hold 10 (Chimera: 2 each)']);
  });

  it('an attacker with no transport asked to ride: exit 2', async () => {
    const r = await inProcess(['assault', '8 Ork Boyz', '--at', '4 Devastator', '--attacker-embarked']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('formation "8 Ork Boyz": the formation has no transport to embark in');
  });

  it('a Tactical detachment charging out of its Rhinos from 30 cm, where on foot it could not reach', async () => {
    // In this process too (the two tests above load the commands here; test/cli/assault.test.ts runs the real command line).
    const r = await inProcess(['assault', 'codex-astartes/tactical-detachment', '--at', '8 Ork Boyz', '--gap', '30', '--attacker-embarked', '--trials', '2000', '--json', '--quiet']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.assault.fought.p).toBe(1);
    expect(out.unsupported.join('\n')).toContain('Rhino: transport: starting embarked');
  });
});

describe('experiment files: "embarked"', () => {
  const dir = mkdtempSync(join(tmpdir(), 'epic-transports-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const load = (company: string) => {
    const path = join(dir, `${company.length}.json`);
    const formations = { guns: { side: 'A', formation: '4 Devastator' }, company: { side: 'B', formation: company, embarked: true } };
    writeFileSync(path, JSON.stringify({ name: 'transports', description: 'Embarked.', trials: 1000, engagement: { formations, script: [{ step: 'shoot', by: 'guns', at: 'company' }] } }));
    return compileScriptExperiment(loadExperiment(path));
  };

  it('the formation is placed embarked', () => {
    expect((load('steel-legion/mechanised-infantry-company')[0]!.spec as EngagementSpec).formations[1]).toMatchObject({ id: 'company', embarked: true });
  });

  it('too many passengers: refused at the formation\'s "embarked"', () => {
    let problems: unknown = null;
    try {
      load('12 Imperial Guard Infantry, 5 Chimera');
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      problems = e.problems;
    }
    expect(problems).toEqual([expect.objectContaining({ path: 'engagement.formations.company.embarked', message: '"12 Imperial Guard Infantry, 5 Chimera": 12 units to carry but the transports hold 10 (Chimera: 2 each)' })]);
  });
});
