import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { epic40kAssaultJob, epic40kShootJob } from '../../../src/rulesets/epic40k/scenarios/epic40kJobs.js';
import { compileScenario } from '../../../src/scenarios/registry.js';
import { rngFromSeed } from '../../../src/sim/rng.js';
import type { Epic40kSpec } from '../../../src/rulesets/epic40k/model/spec.js';

/**
 * The shooting speed-up (the first step's shot prepared once per scenario, the
 * first attack's Armor from the preparation, all-equal Armor dealt round
 * without the face-by-face allocation, record without branches) changes no
 * number: the same seed gives the same tally, byte for byte, as the kernel
 * before it (commit 6c4dd3c). The hashes and sums below were computed there.
 */

const base = { gap: 30, bm: 0, targetBm: 0, rankWidth: 5, spacing: 5 };

function script(): Epic40kSpec {
  const spec = epic40kShootJob({ ...base, formation: '6 Space Marines, 2 Rhino', at: 'orks/8 Orks, 2 Battlewagon' }).spec;
  const first = spec.steps[0]!;
  spec.steps = [first, { kind: 'shoot', label: 'back', by: 1, at: 0 }, { kind: 'rally', label: 'rally' }, { kind: 'end-turn', label: 'end' }, first, { kind: 'shoot', label: 'back', by: 1, at: 0 }];
  return spec;
}

const CASES: Array<[string, () => Epic40kSpec, string, number]> = [
  ['the bench scenario', () => epic40kShootJob({ ...base, formation: '6 Space Marines, 2 Rhino', at: 'orks/8 Orks, 2 Battlewagon' }).spec, '65be8085dcc7ebb8', 1349928],
  ['overwatch at a target in cover', () => epic40kShootJob({ ...base, formation: '6 Space Marines, 2 Rhino', at: 'orks/8 Orks, 2 Battlewagon', order: 'overwatch', cover: '1' }).spec, '49e1f5abdadaa622', 1997073],
  ['FP 30 in two attacks at mixed Armor', () => epic40kShootJob({ ...base, formation: '30 Space Marines', at: 'orks/8 Orks, 4 Battlewagon', rankWidth: 10 }).spec, '904d11d303ba8a76', 2250180],
  ['Assault orders with Blast markers', () => epic40kShootJob({ ...base, formation: '12 Space Marines', at: 'imperium/10 Imperial Guard', order: 'assault', bm: 2 }).spec, 'eb38adb1c9a6d7ff', 466914],
  ['an assault', () => epic40kAssaultJob({ ...base, gap: 15, formation: '6 Space Marines', at: '8 Orks' }).spec, 'fa89bfee9a60f4e9', 3131703],
  ['a two-turn script (the first shot prepared, the rest played)', script, 'e5c4aeaca79e7744', 1348569],
];

describe('epic40k shooting: the same seed gives the same numbers as before the speed-up', () => {
  it.each(CASES)('%s', (_name, build, hash, pointsLost) => {
    const spec = build();
    const r = compileScenario(spec);
    const tally = new Float64Array(r.layout.length);
    r.run(rngFromSeed('golden'), 100_000, tally);
    expect(tally[r.layout.records[0]!.formations[1]!.pointsLostSum]).toBe(pointsLost);
    expect(createHash('sha256').update(Buffer.from(tally.buffer)).digest('hex').slice(0, 16)).toBe(hash);
  });
});
