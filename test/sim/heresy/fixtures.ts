import { outcomeAt } from '../../../src/reports/aggregate.js';
import { rngFromSeed } from '../../../src/sim/rng.js';
import { HeresyRunner } from '../../../src/rulesets/heresy/engine/runner.js';
import type { HeresySpec, HeresyStandRef, HeresyUnit } from '../../../src/rulesets/heresy/model/spec.js';
import { EXACT_TRIALS } from '../../helpers/simulate.js';

/** A hand-made stand profile: the seed's example values where a test names one (Marine accuracy 6, assault 4; Ork armour 3, assault 2). */
export function stand(name: string, o: Partial<HeresyStandRef> & { fp?: number; pen?: number; short?: number; long?: number } = {}): HeresyStandRef {
  const type = o.type ?? 'infantry';
  return {
    id: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    name,
    aliases: [],
    type,
    reportType: type === 'armored-vehicle' ? 'AV' : type === 'light-vehicle' ? 'LV' : 'INF',
    accuracy: 6,
    armour: 3,
    assault: 2,
    quality: [6, 8, 10],
    skills: [],
    source: 'test',
    ...o,
    weapons: o.weapons ?? [{ name: 'gun', firepower: o.fp ?? 1, penetration: o.pen ?? 1, range: { short: o.short ?? 30, long: o.long ?? 60 } }],
  } as HeresyStandRef;
}

/** A unit of `n` copies of each listed stand, in order. */
export function unitOf(...groups: Array<[number, HeresyStandRef]>): HeresyUnit {
  const units = groups.flatMap(([n, u]) => Array.from({ length: n }, () => ({ unit: u })));
  const name = groups.map(([n, u]) => `${n} ${u.name}`).join(', ');
  return { text: name, name, armyId: null, units, points: null, unsupported: [] };
}

/** Runs a spec on a fixed seed: a reader of each unit's outcome after a step, and the tally. */
export function simulateHeresy(spec: HeresySpec, seed: string, trials = EXACT_TRIALS) {
  const runner = new HeresyRunner(spec);
  const tally = new Float64Array(runner.layout.length);
  runner.run(rngFromSeed(seed), trials, tally);
  return { at: (record: number, f: number) => outcomeAt(tally, runner.layout, record, f), tally, layout: runner.layout, trials };
}
