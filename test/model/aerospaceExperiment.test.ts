import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadExperiment } from '../../src/scenarios/loadExperiment.js';
import { compileScriptExperiment } from '../../src/rulesets/netea/scenarios/experiment.js';
import { outcomeAt } from '../../src/reports/aggregate.js';
import { rngFromSeed } from '../../src/sim/rng.js';
import { NeteaRunner } from '../../src/rulesets/netea/engine/runner.js';
import type { EngagementSpec } from '../../src/rulesets/netea/model/spec.js';
import { inProcess } from '../helpers/cli.js';
import { EXACT_TRIALS, expectDistribution, problemsOf } from '../helpers/simulate.js';
import { binomialPmf, killsFromHits } from '../helpers/exact.js';

/**
 * Experiment files with aircraft and spacecraft (RB 4.2-4.3): the aerospace
 * steps compile to the engine's steps and run, against exact probabilities
 * from the built-in datasheets; steps that give a formation a part it cannot
 * take are refused before anything runs.
 */

const dir = mkdtempSync(join(tmpdir(), 'epic-aerospace-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function write(json: unknown): string {
  const path = join(dir, `air${n++}.json`);
  writeFileSync(path, JSON.stringify(json));
  return path;
}

function experiment(formations: Record<string, { side: 'A' | 'B'; formation: string; offTable?: boolean; front?: number }>, script: unknown[], extra: Record<string, unknown> = {}) {
  return { name: 'air', description: 'An aerospace test.', trials: 1000, ...extra, engagement: { formations, script } };
}

const N = EXACT_TRIALS;

/** Units killed in formation f after the first step, over N trials on a fixed seed. */
function killed(spec: EngagementSpec, f: number, seed: string): number[] {
  const runner = new NeteaRunner(spec);
  const tally = new Float64Array(runner.layout.length);
  runner.run(rngFromSeed(seed), N, tally);
  return outcomeAt(tally, runner.layout, 0, f).unitsKilled.distribution;
}

/** Marauder: armour 4+, a bomber (it cannot jink), so each hit fails its save half the time. */
const MARAUDER_FAIL = (4 - 1) / 6;

describe('experiment files: aerospace steps compile and run', () => {
  it('flak: one Hydra (two twin autocannon shots at AA5+) at two Marauders kills Binomial(2, 1/3) hits, one per Marauder, each failing a 4+ save', () => {
    const [v] = compileScriptExperiment(
      loadExperiment(write(experiment({ hydra: { side: 'A', formation: '1 Hydra' }, bombers: { side: 'B', formation: '2 Marauder' } }, [{ step: 'flak', by: 'hydra', at: 'bombers' }]))),
    );
    expect(v!.spec.steps[0]).toEqual({ kind: 'flak', label: 'turn 1: hydra flak at bombers (approach)', by: 0, at: 1, phase: 'approach', moved: false });
    const exact = killsFromHits(binomialPmf(2, (7 - 5) / 6), 2, MARAUDER_FAIL);
    expectDistribution(killed(v!.spec, 1, 'experiment-flak'), exact);
  });

  it('intercept: two Thunderbolts (two AA5+ weapons each, +1 to hit intercepting) at two Marauders: Binomial(4, 1/2) hits spread front to back', () => {
    const [v] = compileScriptExperiment(
      loadExperiment(
        write(experiment({ fighters: { side: 'A', formation: 'imperial-navy/thunderbolt-squadron' }, bombers: { side: 'B', formation: 'imperial-navy/marauder-squadron' } }, [{ step: 'intercept', by: 'fighters', at: 'bombers' }])),
      ),
    );
    expect(v!.spec.steps[0]).toMatchObject({ kind: 'intercept', by: 0, at: 1, test: false, retain: false });
    const exact = killsFromHits(binomialPmf(4, (7 - 4) / 6), 2, MARAUDER_FAIL);
    expectDistribution(killed(v!.spec, 1, 'experiment-intercept'), exact);
  });

  it('ground-attack, orbital and the two options compile to the engine steps and options', () => {
    const file = write(
      experiment(
        {
          thunderbolts: { side: 'A', formation: 'imperial-navy/thunderbolt-squadron' },
          lunar: { side: 'A', formation: 'steel-legion/orbital-support-lunar' },
          company: { side: 'B', formation: 'steel-legion/infantry-company' },
          hydras: { side: 'B', formation: 'steel-legion/flak-battery' },
          cap: { side: 'B', formation: 'imperial-navy/thunderbolt-squadron' },
        },
        [
          { step: 'orbital', by: 'lunar', at: 'company', test: true },
          { step: 'ground-attack', by: 'thunderbolts', at: 'company', flak: ['hydras'], cap: 'cap' },
          { step: 'flak', by: 'hydras', at: 'thunderbolts', phase: 'disengagement', moved: true },
        ],
        { options: { jinkBeforeAttack: true, orbitalTemplateUnits: 6 } },
      ),
    );
    const [v] = compileScriptExperiment(loadExperiment(file));
    expect(v!.spec.steps.slice(0, 3)).toEqual([
      { kind: 'orbital', label: 'turn 1: lunar orbital attack on company', by: 1, at: 2, test: true, retain: false },
      { kind: 'ground-attack', label: 'turn 1: thunderbolts ground attack on company', by: 0, at: 2, flak: [3], cap: 4, test: false, retain: false },
      { kind: 'flak', label: 'turn 1: hydras flak at thunderbolts (disengagement)', by: 3, at: 0, phase: 'disengagement', moved: true },
    ]);
    expect(v!.spec.options).toMatchObject({ jinkBeforeAttack: true, orbitalTemplateUnits: 6 });
  });

  it('epic-balance run: a ground attack through flak reports the target and the aircraft, and both sides efficiency', async () => {
    const file = write({
      ...experiment(
        { thunderbolts: { side: 'A', formation: 'imperial-navy/thunderbolt-squadron' }, guard: { side: 'B', formation: 'steel-legion/infantry-company' }, hydras: { side: 'B', formation: 'steel-legion/flak-battery' } },
        [{ step: 'ground-attack', by: 'thunderbolts', at: 'guard', flak: ['hydras'], test: true }],
      ),
      geometry: { gap: 15 },
    });
    const r = await inProcess(['run', file, '--json', '--quiet', '--trials', '2000', '--out', join(dir, 'ground-attack')]);
    expect(r.code, r.stderr).toBe(0);
    const json = JSON.parse(r.stdout);
    const v = json.variants[0];
    // Aircraft are never broken (RB 4.1.2): what the flak does to them is destruction.
    expect(v.breakChance.map((b: { formation: number }) => b.formation)).toEqual([0, 1]);
    expect(v.breakChance[0].broken.p).toBe(0);
    expect(v.breakChance[0].destroyed.p).toBeGreaterThan(0);
    expect(v.efficiency.map((e: { side: number; formations: string }) => [e.side, e.formations])).toEqual([
      [0, 'Imperial Navy Thunderbolt Fighters'],
      [1, 'Armageddon Steel Legion Flak Battery'],
    ]);
  });
});

describe('experiment files: aerospace steps refuse formations that cannot take their part', () => {
  it('an aircraft formation in an assault step', () => {
    const file = write(experiment({ bombers: { side: 'A', formation: 'imperial-navy/marauder-squadron' }, guard: { side: 'B', formation: 'steel-legion/infantry-company' } }, [{ step: 'assault', by: 'bombers', at: 'guard' }]));
    const problems = problemsOf(() => compileScriptExperiment(loadExperiment(file)));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: expect.stringMatching(/air\d+\.json$/), path: 'engagement.script[0].by' });
    expect(problems[0]!.message).toContain('is an aircraft formation; expected a ground formation');
    expect(problems[0]!.message).toContain('ground-attack');
  });

  it('a flak step from a formation without AA weapons', () => {
    const file = write(experiment({ guard: { side: 'A', formation: 'steel-legion/infantry-company' }, bombers: { side: 'B', formation: 'imperial-navy/marauder-squadron' } }, [{ step: 'flak', by: 'guard', at: 'bombers' }]));
    const problems = problemsOf(() => compileScriptExperiment(loadExperiment(file)));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path: 'engagement.script[0].by' });
    expect(problems[0]!.message).toContain('is a ground formation with no AA weapon; expected a ground formation with an AA weapon to fire flak (RB 4.2.4)');
  });

  it('an orbital step by a ground formation, exiting 2 with one message and nothing written', async () => {
    const out = join(dir, 'never');
    const file = write(experiment({ guard: { side: 'A', formation: 'steel-legion/infantry-company' }, orks: { side: 'B', formation: 'ork-war-horde/warband' } }, [{ step: 'orbital', by: 'guard', at: 'orks' }]));
    const problems = problemsOf(() => compileScriptExperiment(loadExperiment(file)));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path: 'engagement.script[0].by' });
    expect(problems[0]!.message).toContain('is a ground formation; expected a spacecraft formation');
    const r = await inProcess(['run', file, '--quiet', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/air\d+\.json: engagement\.script\[0\]\.by: "guard" \(steel-legion\/infantry-company\) is a ground formation; expected a spacecraft formation/);
  });

  it('a formation mixing aircraft with ground units', () => {
    const file = write(experiment({ mixed: { side: 'A', formation: '1 Hydra, 1 Marauder' }, orks: { side: 'B', formation: 'ork-war-horde/warband' } }, [{ step: 'shoot', by: 'mixed', at: 'orks' }]));
    const problems = problemsOf(() => compileScriptExperiment(loadExperiment(file)));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path: 'engagement.formations.mixed.formation' });
    expect(problems[0]!.message).toContain('mixes aircraft or spacecraft with ground units');
  });

  it("flak from the aircraft's own side, and bombers on combat air patrol, each name their place", () => {
    const formations = {
      thunderbolts: { side: 'A' as const, formation: 'imperial-navy/thunderbolt-squadron' },
      hydras: { side: 'A' as const, formation: 'steel-legion/flak-battery' },
      guard: { side: 'B' as const, formation: 'steel-legion/infantry-company' },
      bombers: { side: 'B' as const, formation: 'imperial-navy/marauder-squadron' },
    };
    const side = problemsOf(() => compileScriptExperiment(loadExperiment(write(experiment(formations, [{ step: 'ground-attack', by: 'thunderbolts', at: 'guard', flak: ['hydras'] }])))));
    expect(side.map((p) => p.path)).toEqual(['engagement.script[0].flak[0]']);
    expect(side[0]!.message).toBe('"hydras" is not on the side of "guard"; expected a formation of the attacked side');
    const cap = problemsOf(() => compileScriptExperiment(loadExperiment(write(experiment(formations, [{ step: 'ground-attack', by: 'thunderbolts', at: 'guard', cap: 'bombers' }])))));
    expect(cap.map((p) => p.path)).toEqual(['engagement.script[0].cap']);
    expect(cap[0]!.message).toContain('"bombers" (imperial-navy/marauder-squadron) is an aircraft formation that is not all fighters or fighter-bombers');
  });
});

describe('arrivals in experiments (RB 2.1.17, 4.4, 5.1.2)', () => {
  const formations = { boyz: { side: 'A' as const, formation: '8 Ork Boyz' }, marines: { side: 'B' as const, formation: 'codex-astartes/tactical-detachment', offTable: true, front: 5 } };
  it('an off-table formation arrives where its front is unless the step says', () => {
    const loaded = loadExperiment(write(experiment(formations, [{ step: 'arrive', formation: 'marines', method: 'drop-pod' }, { step: 'arrive', formation: 'marines', method: 'teleport', front: 12 }])));
    const spec = compileScriptExperiment(loaded)[0]!.spec as EngagementSpec;
    expect(spec.formations[1]).toMatchObject({ id: 'marines', offTable: true, front: 5 });
    expect(spec.steps.flatMap((s) => (s.kind === 'arrive' ? [[s.method, s.front]] : []))).toEqual([['drop-pod', 5], ['teleport', 12]]);
  });

  it('arriving from the table is refused by name', () => {
    const problems = problemsOf(() => compileScriptExperiment(loadExperiment(write(experiment({ ...formations, marines: { ...formations.marines, offTable: false } }, [{ step: 'arrive', formation: 'marines', method: 'planetfall' }])))));
    expect(problems).toEqual([expect.objectContaining({ path: 'engagement.script[0].formation', message: expect.stringContaining('"offTable": true') })]);
  });
});
