import { outcomeAt } from '../../../src/reports/aggregate.js';
import { rngFromSeed } from '../../../src/sim/rng.js';
import { Epic40kRunner } from '../../../src/rulesets/epic40k/engine/runner.js';
import type { Epic40kDetachment, Epic40kSpec, Epic40kUnitRef } from '../../../src/rulesets/epic40k/model/spec.js';
import { EXACT_TRIALS } from '../../helpers/simulate.js';

/** A hand-made unit profile (the seed's values where a test names a unit). */
export function unit(name: string, o: Partial<Omit<Epic40kUnitRef, 'firepower'>> & { fp?: number; firepower?: Epic40kUnitRef['firepower'] } = {}): Epic40kUnitRef {
  const kind = o.kind ?? 'infantry';
  return {
    id: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    name,
    aliases: [],
    line: 1,
    kind,
    speed: 10,
    range: { min: 0, max: 30 },
    assault: 1,
    armour: 4,
    abilities: [],
    notes: '',
    errata: [],
    type: kind === 'war-engine' ? 'WE' : kind === 'vehicle' ? 'AV' : kind === 'flyer' ? 'AC' : 'INF',
    ...o,
    firepower: o.firepower ?? { kind: 'normal', value: o.fp ?? 1 },
  } as Epic40kUnitRef;
}

/** A detachment of `n` copies of each listed unit, in order (nearest first). */
export function detachment(...groups: Array<[number, Epic40kUnitRef]>): Epic40kDetachment {
  const units = groups.flatMap(([n, u]) => Array.from({ length: n }, () => ({ unit: u })));
  return { text: groups.map(([n, u]) => `${n} ${u.name}`).join(', '), name: groups.map(([n, u]) => `${n} ${u.name}`).join(', '), armyId: null, units, points: null, unsupported: [] };
}

/** Runs a spec on a fixed seed; returns a reader of each detachment's outcome after a step, and the runner's tally. */
export function simulate40k(spec: Epic40kSpec, seed: string, trials = EXACT_TRIALS) {
  const runner = new Epic40kRunner(spec);
  const tally = new Float64Array(runner.layout.length);
  runner.run(rngFromSeed(seed), trials, tally);
  return { at: (record: number, f: number) => outcomeAt(tally, runner.layout, record, f), tally, layout: runner.layout, trials };
}
