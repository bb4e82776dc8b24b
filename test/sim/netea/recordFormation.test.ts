import { describe, expect, it } from 'vitest';
import { parseFormation } from '../../../src/model/formation.js';
import { loadDataset } from '../../../src/model/loadDataset.js';
import { Sfc32 } from '../../../src/sim/rng.js';
import { recordFormation } from '../../../src/sim/recordFormation.js';
import { DEFAULT_GEOMETRY, FRESH, shootEngagement } from '../../../src/rulesets/netea/engine/engagements.js';
import { compileScenario } from '../../../src/scenarios/registry.js';

describe('recording a formation: broken and destroyed are exclusive', () => {
  it('a formation with no unit left counts as destroyed only, whatever its broken state', () => {
    const t = new Float64Array(20);
    recordFormation(t, 0, 1, 0, true, 0, 250, 3, 0);
    // hist 0..1, then broken at 2, destroyed at 3.
    expect([t[1], t[2], t[3]]).toEqual([1, 0, 1]);
    recordFormation(t, 0, 1, 1, true, 2, 0, 2, 0);
    expect([t[0], t[2], t[3]]).toEqual([1, 1, 1]);
  });

  it('a Warhound shot to destruction by a Leman Russ company: never counted broken and destroyed at once, so P(broken or destroyed) <= 1', () => {
    const data = loadDataset();
    const spec = shootEngagement(parseFormation(data, 'steel-legion/tank-company'), parseFormation(data, 'titan-legion/warhound-battlegroup'), { action: 'sustained', crossfire: false, geometry: { ...DEFAULT_GEOMETRY, gap: 15 }, attacker: FRESH, target: FRESH });
    spec.steps = [spec.steps[0]!, { kind: 'end-phase', label: 'end phase' }, { ...spec.steps[0]!, label: 'again' }];
    const runner = compileScenario(spec);
    const last = runner.layout.records[runner.layout.records.length - 1]!.formations[1]!;
    const rng = new Sfc32(1, 2, 3, 4);
    const one = new Float64Array(runner.layout.length);
    let destroyed = 0;
    let broken = 0;
    for (let trial = 0; trial < 2000; trial++) {
      one.fill(0);
      runner.run(rng, 1, one);
      expect(one[last.broken]! + one[last.destroyed]!).toBeLessThanOrEqual(1);
      destroyed += one[last.destroyed]!;
      broken += one[last.broken]!;
    }
    expect(destroyed).toBeGreaterThan(1000);
    expect(broken + destroyed).toBeLessThanOrEqual(2000);
  });
});
