import { describe, expect, it } from 'vitest';
import { inProcess } from '../helpers/cli.js';

/**
 * `fair-cost --cost <points>` (issue 32): a balancer's proposed cost is judged
 * by the verdict, and the fair cost, which never reads a cost, stays the same
 * to the last digit.
 */
describe('fair-cost --cost: the verdict moves, the fair cost does not', () => {
  it('the Devastators told 50, their cost and 1,000 points', async () => {
    const args = ['fair-cost', 'codex-astartes/devastator-detachment', '--vs', 'ork-war-horde/warband', 'steel-legion/infantry-company', '--trials', '150', '--workers', '1', '--json', '--quiet'];
    const runs = [];
    for (const extra of [[], ['--cost', '50'], ['--cost', '1000']]) runs.push(await inProcess([...args, ...extra]));
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const [stated, low, high] = runs.map((r) => JSON.parse(r.stdout));
    expect(low.fairCost).toEqual(stated.fairCost);
    expect(high.fairCost).toEqual(stated.fairCost);
    expect(low.opponents).toEqual(stated.opponents);
    expect([stated.currentCost, low.currentCost, high.currentCost]).toEqual([stated.statedCost, 50, 1000]);
    expect([stated.costFrom, low.costFrom, high.costFrom]).toEqual(['army list', 'option --cost', 'option --cost']);
    // 50 lies far below the band's low end, 1,000 far above its high end.
    expect(stated.fairCost.band[0]).toBeGreaterThan(50 * 1.25);
    expect(stated.fairCost.band[1]).toBeLessThan(1000 / 1.25);
    expect([low.verdict, high.verdict]).toEqual(['under-costed', 'over-costed']);
    expect(low.valuePerPoint).toBeCloseTo(stated.fairCost.estimate / 50, 12);
  });

  it('a proposed cost with the single-engagement search is refused by name', async () => {
    const r = await inProcess(['fair-cost', 'titan-legion/warhound-battlegroup', '--engagement', 'shoot', '--vs', 'ork-war-horde/warband', '--cost', '200']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^epic-balance: option --cost: a proposed cost is judged by the battle's verdict; the single-engagement search \(--engagement\) has none/);
  });
});
