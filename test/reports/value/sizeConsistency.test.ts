import { describe, expect, it } from 'vitest';
import { Battle } from '../../../src/model/battle.js';
import { parseFormation } from '../../../src/model/formation.js';
import { loadBattle } from '../../../src/model/loadBattle.js';
import { loadDataset } from '../../../src/model/loadDataset.js';
import { planValue, type ValuePlan } from '../../../src/reports/value/formationValue.js';
import { solveValue } from '../../../src/reports/value/fixedPointValue.js';
import { runValueMeeting } from '../../../src/run/valueMeeting.js';

/**
 * Size (docs/fair-cost.md, "Size"): two copies of a formation, valued as one
 * unit, against one copy. The fixed point itself is linear in size: when the
 * pair plays exactly the battles the single plays (each group of m pairs is
 * the single's group of 2m copies, the same meetings), its fair cost is
 * exactly twice the single's, and so are its interval and band. What makes a
 * pair valued in the reference battle differ from twice a single is the
 * battle's groups: a single is fielded one to three at a time, a pair two to
 * six, and copies fielded together do not fare as copies fielded alone.
 */

const battle = Battle.parse({
  ...loadBattle().battle,
  scenes: [
    { id: 'fire-30', kind: 'firefight', gap: 30, weight: 1, why: 'a turn of fire at 30 cm in the test battle' },
    { id: 'assault', kind: 'assault', gap: 15, weight: 1, why: 'an assault under overwatch in the test battle' },
  ],
  alternatives: [
    { id: 'fire', weights: { assault: 0 }, why: 'fire only, for the band' },
    { id: 'assault', weights: { 'fire-30': 0 }, why: 'assault only, for the band' },
  ],
  maxGroup: 3,
});

const data = loadDataset();
const field = [parseFormation(data, 'ork-war-horde/warband'), parseFormation(data, 'steel-legion/infantry-company')];
const devastators = parseFormation(data, 'codex-astartes/devastator-detachment');
const run = { seed: 'size', trials: 300, chunkSize: 50_000 };
const solved = (plan: ValuePlan) => solveValue(plan, battle, 'efficiency', (tasks) => Promise.resolve(tasks.map(runValueMeeting)), false);

/** The single fielded two at a time: its groups are 2m copies against n, for m of 1 to 3. */
function twoAtATime(single: ValuePlan): ValuePlan {
  return { ...single, compositions: single.compositions.map(({ m, n }) => ({ m: 2 * m, n })) };
}

/** Two copies as one unit: a group of m pairs is the single's 2m copies, each pair's loss counted as one unit. */
function pairOf(single: ValuePlan): ValuePlan {
  return { ...single, tasksFor: (oi, { m, n }) => single.tasksFor(oi, { m: 2 * m, n }).map((t) => ({ ...t, lossUnit: 2 * t.lossUnit })) };
}

describe('a formation and two copies of it', () => {
  it('in the same battles (the pair\'s m against n is the single\'s 2m against n, the same meetings), the pair is worth exactly twice the single: fair cost, interval and band', async () => {
    const single = planValue(devastators, field, battle, run);
    const [one, two] = await Promise.all([solved(twoAtATime(single)), solved(pairOf(single))]);
    expect(two.fairCost.estimate / one.fairCost.estimate).toBeCloseTo(2, 9);
    expect(two.fairCost.ci95[0] / one.fairCost.ci95[0]).toBeCloseTo(2, 9);
    expect(two.fairCost.ci95[1] / one.fairCost.ci95[1]).toBeCloseTo(2, 9);
    expect(two.fairCost.band[0] / one.fairCost.band[0]).toBeCloseTo(2, 9);
    expect(two.fairCost.band[1] / one.fairCost.band[1]).toBeCloseTo(2, 9);
  });

  it('in the battle\'s own groups (a single one to three at a time, a pair two to six copies), they differ only in the assault, where fielded together one charges and the others lend supporting fire: fire alone, the pair is twice the single within the intervals', async () => {
    const single = planValue(devastators, field, battle, run);
    const [one, two] = await Promise.all([solved(single), solved(pairOf(single))]);
    const Z = 3.2905 / 1.96;
    const fire = (v: typeof one) => v.alternatives.find((a) => a.mix === 'fire')!;
    const assault = (v: typeof one) => v.alternatives.find((a) => a.mix === 'assault')!;
    const half = (c: { ci95: [number, number] }) => ((c.ci95[1] - c.ci95[0]) / 2) * Z;
    // Fire alone: |pair − 2·single| within the two 99.9% intervals combined (the single's doubled).
    expect(Math.abs(fire(two).estimate - 2 * fire(one).estimate)).toBeLessThanOrEqual(Math.hypot(half(fire(two)), 2 * half(fire(one))));
    // The assault: beyond them, more than twice.
    expect(assault(two).estimate - 2 * assault(one).estimate).toBeGreaterThan(Math.hypot(half(assault(two)), 2 * half(assault(one))));
  });
});
