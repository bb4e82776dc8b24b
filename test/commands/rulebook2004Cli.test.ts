import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../helpers/tempDir.js';
import { loadExperiment } from '../../src/scenarios/loadExperiment.js';
import { compileScriptExperiment } from '../../src/rulesets/netea/scenarios/experiment.js';
import { variantOf } from '../../src/rulesets/netea/model/rulesVariant.js';
import { inProcess } from '../helpers/cli.js';

/**
 * `--rules rulebook-2004` and `"rules": "rulebook-2004"`: the 2004 rulebook's switches reach
 * the engine from each command, and every result names the variant and the Tournament Pack
 * changes it still plays as the Tournament Pack.
 */

type Json = { rules?: string; unsupported: string[]; target: { unitsKilled: { mean: number } } };

describe('the 2004 rulebook from the command line', () => {
  it('shoot: a 3 BP barrage hits a Leman Russ on 5+ under the TP, 6+ under the 2004 rulebook: fewer tanks lost', async () => {
    const args = ['shoot', '3 Basilisk', '--at', '10 Leman Russ', '--trials', '20000', '--json', '--quiet', '--gap', '60'];
    const tp = JSON.parse((await inProcess(args)).stdout) as Json;
    const rb = JSON.parse((await inProcess([...args, '--rules', 'rulebook-2004'])).stdout) as Json;
    expect(tp.rules).toBeUndefined();
    expect(rb.rules).toBe('rulebook-2004');
    expect(rb.unsupported.filter((n) => n.startsWith('2004 rulebook: '))).toHaveLength(2);
    expect(rb.target.unitsKilled.mean).toBeLessThan(tp.target.unitsKilled.mean);
  });

  it('fair-cost under the 2004 rulebook names it in the JSON and in the report\'s manifest', async () => {
    const out = testTempDir('eb-rb2004-');
    const r = await inProcess(['fair-cost', '4 Devastator', '--vs', 'ork-war-horde/warband', '--rules', 'rulebook-2004', '--trials', '200', '--json', '--quiet', '--out', out]);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { rules: string }).rules).toBe('rulebook-2004');
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { rules: string; notes: string[] };
    expect(manifest.rules).toBe('rulebook-2004');
    expect(manifest.notes.some((n) => n.startsWith('Not simulated: 2004 rulebook: '))).toBe(true);
  });

  it('fair-cost --engagement under the 2004 rulebook is refused with why (exit 2)', async () => {
    const r = await inProcess(['fair-cost', '4 Devastator', '--vs', '8 Ork Boyz', '--engagement', 'shoot', '--rules', 'rulebook-2004']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/option --engagement: under --rules rulebook-2004 a fair cost is valued in the battle/);
  });

  it('an experiment with "rules": "rulebook-2004" runs the 2004 switches, and its own options still win', () => {
    const dir = testTempDir('eb-rb2004-');
    const file = join(dir, 'x.json');
    const experiment = (extra: object) => ({
      name: 'x',
      description: 'Devastators shoot Orks under the 2004 rulebook.',
      rules: 'rulebook-2004',
      engagement: { formations: { a: { side: 'A', formation: '4 Devastator' }, b: { side: 'B', formation: '8 Ork Boyz' } }, script: [{ step: 'shoot', by: 'a', at: 'b' }] },
      ...extra,
    });
    writeFileSync(file, JSON.stringify(experiment({})));
    const [v] = compileScriptExperiment(loadExperiment(file));
    expect(variantOf(v!.spec.options)).toBe('rulebook-2004');
    writeFileSync(file, JSON.stringify(experiment({ options: { barrage3bpAt: 5 } })));
    const [own] = compileScriptExperiment(loadExperiment(file));
    expect(own!.spec.options.barrage3bpAt).toBe(5);
    expect(own!.spec.options.passengersSaveAgainstMacroWeapons).toBe(false);
  });

  it('run: a script under "rules": "rulebook-2004" names the rules and what it still plays as the TP; a matrix under it is refused (exit 2)', async () => {
    const dir = testTempDir('eb-rb2004-');
    const script = join(dir, 'script.json');
    writeFileSync(script, JSON.stringify({ name: 'rb', description: 'Devastators shoot Orks under the 2004 rulebook.', rules: 'rulebook-2004', trials: 2000, engagement: { formations: { a: { side: 'A', formation: '4 Devastator' }, b: { side: 'B', formation: '8 Ork Boyz' } }, script: [{ step: 'shoot', by: 'a', at: 'b' }] } }));
    const r = await inProcess(['run', script, '--json', '--quiet', '--out', join(dir, 'rb')]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { rules: string; unsupported: string[] };
    expect(out.rules).toBe('rulebook-2004');
    expect(out.unsupported.filter((n) => n.startsWith('2004 rulebook: '))).toHaveLength(2);
    const matrix = join(dir, 'matrix.json');
    writeFileSync(matrix, JSON.stringify({ name: 'm', description: 'A matrix.', rules: 'rulebook-2004', matrix: { army: 'codex-astartes', vs: 'ork-war-horde', engagement: 'shoot' } }));
    const bad = await inProcess(['run', matrix]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/matrix\.json: rules: "rulebook-2004" runs an "engagement" script or a "fairCost" in a battle/);
  });
});
