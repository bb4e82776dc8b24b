import { expect, it } from 'vitest';
import { parseFormation, type FormationSpec } from '../../src/model/formation.js';
import { fightersOnly, flyingKind, hasAntiAircraft } from '../../src/model/flyingKind.js';
import { loadDataset } from '../../src/model/loadDataset.js';
import { outcomeAt } from '../../src/reports/aggregate.js';
import { rngFromSeed } from '../../src/sim/rng.js';
import { NeteaRunner } from '../../src/rulesets/netea/engine/runner.js';
import type { EngagementSpec } from '../../src/rulesets/netea/model/spec.js';
import { airAttackKind, airShotEngagement, type AirShot } from '../../src/rulesets/netea/scenarios/aerospaceShoot.js';
import { describeWithTp } from '../helpers/tournamentPack.js';

/**
 * Issue 16's target: every aircraft and spacecraft formation of the 34
 * Tournament Pack lists runs in the roles that make sense for it, with no
 * refusal: aircraft attack a ground formation through its flak and are the
 * target of flak (and fighters intercept), spacecraft bombard. Small trial
 * counts; what each run must show is checked against what its weapons can do.
 */

const TRIALS = 2000;

function run(spec: EngagementSpec) {
  const runner = new NeteaRunner(spec);
  const tally = new Float64Array(runner.layout.length);
  runner.run(rngFromSeed('aerospace-sweep'), TRIALS, tally);
  return (f: number) => outcomeAt(tally, runner.layout, 0, f);
}

const ground = (f: FormationSpec) => f.units.some((ru) => ru.weapons.some((w) => w.weapon.modes.some((m) => m.kind === 'ranged' && (m.ap !== undefined || m.at !== undefined || m.mw !== undefined || m.bp !== undefined))));
const pinPoint = (w: { weapon: { id: string; name: string } }) => /pin-?point/i.test(`${w.weapon.id} ${w.weapon.name}`);
const guided = (w: { weapon: { modes: Array<{ guidedMissile: boolean }> } }) => w.weapon.modes.every((m) => m.guidedMissile);
/** Only pin-point attacks (war engines only) and guided missiles (marked formations only): no infantry hit from an unmarked formation. */
const noneAtUnmarkedInfantry = (f: FormationSpec) => f.units.every((ru) => ru.weapons.every((w) => pinPoint(w) || guided(w) || w.multiplier === 0));
const hasGuided = (f: FormationSpec) => f.units.some((ru) => ru.weapons.some((w) => w.multiplier !== 0 && guided(w)));

describeWithTp('every Tournament Pack aircraft and spacecraft formation runs (issue 16)', (tpDir) => {
  const data = loadDataset(tpDir);
  const target = parseFormation(data, 'imperial-guard-steel-legion/infantry-company');
  const titans = parseFormation(data, 'imperial-guard-steel-legion/super-heavy-tank-platoon');
  const flak = parseFormation(data, 'imperial-guard-steel-legion/flak-battery');
  const flying: Array<{ text: string; f: FormationSpec }> = [];
  for (const army of data.armies.values()) {
    for (const f of army.formations) {
      if (f.kind !== 'aircraft' && f.kind !== 'spacecraft') continue;
      const text = `${army.id}/${f.id}`;
      flying.push({ text, f: parseFormation(data, text) });
    }
  }
  const shot = (a: FormationSpec, t: FormationSpec, extra: Partial<AirShot> = {}): AirShot => ({
    attacker: { text: a.text, formation: a },
    target: { text: t.text, formation: t, state: { blastMarkers: 0, broken: false, cover: { kind: 'none' } } },
    gap: undefined,
    geometry: { rankWidth: 5, spacing: 5 },
    flak: [],
    targetFlak: true,
    cap: null,
    phase: 'approach',
    moved: false,
    test: false,
    ...extra,
  });

  it('finds the 126 formations: 92 of aircraft, 34 spacecraft', () => {
    // The Speed Freeks' Fighta Sqwadron ("Three Fighter Bombers") is imported since issue 17's importer work.
    expect(flying).toHaveLength(126);
    expect(flying.filter((x) => flyingKind(x.f) === 'aircraft')).toHaveLength(92);
    expect(flying.filter((x) => flyingKind(x.f) === 'spacecraft')).toHaveLength(34);
  });

  it('every aircraft formation makes a ground attack through a Hydra battery\'s flak, and destroys something when it has a ground weapon', () => {
    const silent: string[] = [];
    for (const { text, f } of flying.filter((x) => flyingKind(x.f) === 'aircraft')) {
      const s = shot(f, target, { flak: [{ text: flak.text, formation: flak }] });
      expect(airAttackKind(s), text).toBe('ground-attack');
      const at = run(airShotEngagement('ground-attack', s).spec);
      // The Hydras fire at every squadron: something is hit and a Blast marker placed.
      expect(at(0).blastMarkers.mean, text).toBeGreaterThan(0);
      if (at(1).unitsKilled.mean === 0) silent.push(text);
    }
    // Only formations with no weapon that can hurt ground units destroy nothing.
    expect(silent.sort()).toEqual(flying.filter((x) => flyingKind(x.f) === 'aircraft' && !ground(x.f)).map((x) => x.text).sort());
  });

  it('a Hydra battery\'s flak shoots down aircraft of every formation', () => {
    for (const { text, f } of flying.filter((x) => flyingKind(x.f) === 'aircraft')) {
      const s = shot(flak, f);
      expect(airAttackKind(s), text).toBe('flak');
      const at = run(airShotEngagement('flak', s).spec);
      expect(at(1).unitsKilled.mean + at(1).warEngineDamage.mean, text).toBeGreaterThan(0);
      expect(at(1).broken.p, text).toBe(0);
    }
  });

  it('fighters with AA weapons intercept a bomber formation', () => {
    const bombers = parseFormation(data, 'space-marine-codex-astartes/thunderbolt-squadron');
    const fighters = flying.filter((x) => flyingKind(x.f) === 'aircraft' && fightersOnly(x.f) && hasAntiAircraft(x.f));
    expect(fighters.length).toBeGreaterThan(10);
    for (const { text, f } of fighters) {
      const s = shot(f, bombers);
      expect(airAttackKind(s), text).toBe('intercept');
      expect(run(airShotEngagement('intercept', s).spec)(1).blastMarkers.mean, text).toBeGreaterThan(0);
    }
  });

  it('every spacecraft attacks from orbit: bombardments destroy infantry, pin-point attacks only war engines, guided missiles only marked formations', () => {
    const pathfinders = parseFormation(data, 'tau/pathfinder-group');
    // TP Guided Missiles fire only at a formation marked by a markerlight unit within 30 cm: a Pathfinder group of the spacecraft's side at the centre line, the target's front 30 cm beyond it.
    const marked = (spec: EngagementSpec): EngagementSpec => ({
      ...spec,
      formations: [...spec.formations, { ...spec.formations[1]!, id: 'pathfinders', side: 0, formation: pathfinders, front: 0 }],
    });
    for (const { text, f } of flying.filter((x) => flyingKind(x.f) === 'spacecraft')) {
      const s = shot(f, target);
      expect(airAttackKind(s), text).toBe('orbital');
      const spec = airShotEngagement('orbital', s).spec;
      const infantry = run(spec)(1).unitsKilled.mean;
      if (noneAtUnmarkedInfantry(f)) expect(infantry, text).toBe(0);
      else expect(infantry, text).toBeGreaterThan(0);
      if (hasGuided(f)) expect(run(marked(spec))(1).unitsKilled.mean, text).toBeGreaterThan(0);
      const we = run(airShotEngagement('orbital', shot(f, titans)).spec)(1);
      expect(we.unitsKilled.mean + we.warEngineDamage.mean, text).toBeGreaterThan(0);
    }
  });
});
