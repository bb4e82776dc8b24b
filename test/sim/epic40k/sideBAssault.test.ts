import { describe, expect, it } from 'vitest';
import { epic40kAssaultJob } from '../../../src/rulesets/epic40k/scenarios/epic40kJobs.js';
import { epic40kAssaultEngagement, OPEN_GROUND } from '../../../src/rulesets/epic40k/engine/engagements.js';
import type { Epic40kSpec } from '../../../src/rulesets/epic40k/model/spec.js';
import { detachment, simulate40k, unit } from './fixtures.js';

/**
 * An assault by side 1 (issue 20, item 3): the charge moves towards side 0,
 * the attacker's die is rolled first in the close-combat and firefight
 * roll-offs, and its win is the attacker's. So a spec whose two detachments
 * have swapped sides (everything else the same) is the mirror image of the
 * original, die for die: the same seed gives the same tally, byte for byte.
 */

const base = { gap: 15, bm: 0, targetBm: 0, rankWidth: 5, spacing: 5 };

/** The same spec with every detachment on the other side. */
function mirrored(spec: Epic40kSpec): Epic40kSpec {
  return { ...spec, formations: spec.formations.map((f) => ({ ...f, side: f.side === 0 ? 1 : 0 })) };
}

const CASES: Array<[string, () => Epic40kSpec]> = [
  ['6 Space Marines charge 8 Orks', () => epic40kAssaultJob({ ...base, formation: '6 Space Marines', at: '8 Orks' }).spec],
  ['Orks with Blast markers charge Marines in cover', () => epic40kAssaultJob({ ...base, formation: 'orks/10 Orks', at: 'imperium/4 Space Marines', targetBm: 2, cover: '1' }).spec],
  ['out of charge reach: only a firefight', () => epic40kAssaultJob({ ...base, gap: 25, formation: '6 Space Marines', at: '8 Orks' }).spec],
];

describe('epic40k: an assault by side 1 is the mirror image of one by side 0', () => {
  it.each(CASES)('%s: the same tally, byte for byte', (name, build) => {
    const spec = build();
    const a = simulate40k(spec, `mirror-${name}`, 20_000);
    const b = simulate40k(mirrored(spec), `mirror-${name}`, 20_000);
    expect(Array.from(b.tally)).toEqual(Array.from(a.tally));
  });

  it('the side-1 charger wins as the attacker: totals 8 v 1 (+4 bonus) win with P = 33/34 (99.9% interval)', () => {
    const spec = epic40kAssaultEngagement(detachment([2, unit('Defender', { assault: 1 })]), detachment([2, unit('Attacker', { assault: 4 })]), { geometry: { gap: 10, rankWidth: 10, spacing: 5 }, attacker: OPEN_GROUND, target: OPEN_GROUND });
    // Detachment 1 (side 1) assaults detachment 0 (side 0).
    spec.formations[0]!.order = 'none';
    spec.formations[1]!.order = 'assault';
    spec.steps = [{ kind: 'assault', label: 'side 1 charges', by: [1], at: [0], support: [] }];
    const sim = simulate40k(spec, 'side-1-charger', 20_000);
    const assault = sim.layout.records[0]!.assault!;
    // Bonus +4 (quadruple, L1199): the attacker loses only on (1, 6) and ties re-roll on (1, 5), (2, 6): P(win) = 33/34.
    const p = sim.tally[assault.attackerWins]! / sim.trials;
    const se = Math.sqrt((33 / 34) * (1 / 34) / sim.trials);
    expect(Math.abs(p - 33 / 34)).toBeLessThan(3.29 * se);
    // Only a loser breaks: side 0 never more often than the attacker wins, side 1 never more often than it loses.
    expect(sim.tally[sim.layout.records[0]!.formations[0]!.broken]).toBeLessThanOrEqual(sim.tally[assault.attackerWins]!);
    expect(sim.tally[sim.layout.records[0]!.formations[1]!.broken]).toBeLessThanOrEqual(sim.tally[assault.defenderWins]!);
  });
});
