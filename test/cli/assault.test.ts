import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcess, spawnCli } from '../helpers/cli.js';
import { projectRoot } from '../../src/model/projectRoot.js';


describe('epic-balance assault', () => {
  it('--json extends the shooting contract with "attacker" and "assault"; the outcomes add up', async () => {
    // In this process: the JSON is the command's, whichever way it runs (the tests below read the real command line's exit code).
    const r = await inProcess(['assault', 'codex-astartes/tactical', '--at', 'ork-war-horde/warband', '--support', '4 Devastator', '--trials', '20000', '--json', '--quiet']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    for (const side of ['target', 'attacker']) for (const key of ['unitsKilled', 'broken', 'destroyed', 'blastMarkers']) expect(out[side][key]).toBeDefined();
    const a = out.assault;
    expect(a.attackerWins.p + a.defenderWins.p + a.noResult.p).toBeCloseTo(a.fought.p, 12);
    expect(a.fought.p).toBe(1);
    expect(a.rounds.mean).toBeGreaterThanOrEqual(1);
    // The loser is broken (or destroyed) after an assault, whoever it is.
    expect(out.target.broken.p + out.target.destroyed.p).toBeGreaterThanOrEqual(a.attackerWins.p - 1e-12);
  });

  it('an assault with no unit in reach: one clear message, exit 2', async () => {
    const r = await spawnCli(['assault', '8 Boyz', '--at', '4 Devastator', '--gap', '40']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('no unit can charge to within 15 cm');
  });

  it('a war engine without damage capacity in a datasheet is refused by validate: exit 2', async () => {
    const r = await spawnCli(['validate', join(projectRoot(), 'test', 'cli', 'fixtures', 'war-engine-without-dc.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('units[0].damageCapacity: a war engine needs a damage capacity');
  });
});
