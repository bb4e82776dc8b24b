import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCover } from '../../src/rulesets/netea/scenarios/oneStepJobs.js';
import { loadExperiment } from '../../src/scenarios/loadExperiment.js';
import { compileScriptExperiment } from '../../src/rulesets/netea/scenarios/experiment.js';
import { experimentOf } from '../../site/src/rulesets/netea/script.js';
import { inProcess } from '../helpers/cli.js';
import { problemsOf } from '../helpers/simulate.js';

/** Fortified positions as cover: `--cover bunker|gun-emplacement|trench` and `"cover": "bunker"`, and what bad input gets. */

const dir = mkdtempSync(join(tmpdir(), 'epic-cover-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function experimentWith(cover: unknown): string {
  const path = join(dir, `e${n++}.json`);
  const formations = { marines: { side: 'A', formation: '6 Tactical', cover, coverUnits: [0, 1, 2] }, orks: { side: 'B', formation: '8 Boyz' } };
  writeFileSync(path, JSON.stringify({ name: 'fortified', description: 'Marines in positions.', trials: 1000, engagement: { formations, script: [{ step: 'shoot', by: 'orks', at: 'marines' }] } }));
  return path;
}

describe('fortified positions as cover', () => {
  it('--cover takes a position by name, and keeps its other forms', () => {
    expect(parseCover('bunker')).toEqual({ kind: 'position', position: 'bunker' });
    expect(parseCover('gun-emplacement')).toEqual({ kind: 'position', position: 'gun-emplacement' });
    expect(parseCover('trench')).toEqual({ kind: 'position', position: 'trench' });
    expect(parseCover(true)).toEqual({ kind: 'obscured' });
    expect(parseCover('4')).toEqual({ kind: 'save', save: 4 });
    expect(parseCover(undefined)).toEqual({ kind: 'none' });
  });

  it('--cover fortress: one message naming the flag and the values it takes, exit code 2', async () => {
    const r = await inProcess(['shoot', '4 Devastator', '--at', '6 Tactical', '--cover', 'fortress']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('epic-balance: option --cover: expected no value (obscured: -1 to hit), an infantry cover save from 2 to 6, or a fortified position (bunker, gun-emplacement or trench), got "fortress"\n');
  });

  it('the playground\'s scripts write a position as the experiment\'s cover', () => {
    const formations = (cover: string | true) => experimentOf({ command: 'shoot-assault', formation: '6 Tactical', at: '8 Boyz', cover }).engagement as { formations: Record<string, { cover: unknown }> };
    expect(formations('trench').formations.target!.cover).toBe('trench');
    expect(formations('4').formations.target!.cover).toEqual({ save: 4 });
    expect(formations(true).formations.target!.cover).toBe('obscured');
  });

  it('an experiment\'s "cover": "bunker" places the units named in coverUnits in a bunker', () => {
    const [variant] = compileScriptExperiment(loadExperiment(experimentWith('bunker')));
    expect(variant!.spec.formations[0]).toMatchObject({ cover: { kind: 'position', position: 'bunker' }, coverUnits: [0, 1, 2] });
  });

  it('"cover": "fortress" is refused at its place in the file; Heresy\'s cover names NetEA\'s positions', () => {
    const problems = problemsOf(() => loadExperiment(experimentWith('fortress')));
    expect(problems).toEqual([
      {
        file: expect.any(String),
        path: 'engagement.formations.marines.cover',
        message: 'expected NetEA\'s "none", "obscured", {"save": 2-6} or a fortified position ("bunker", "gun-emplacement", "trench"), Epic 40,000\'s {"armour": 1|2} or Heresy\'s "soft", "hard", "fortified"',
      },
    ]);
    const heresy = problemsOf(() => compileScriptExperiment(loadExperiment(experimentWith('hard'))));
    expect(heresy.map((p) => p.message)).toEqual(['"hard" is Heresy cover ("rules": "heresy"); NetEA cover is "none", "obscured", {"save": 2-6} or a fortified position: "bunker", "gun-emplacement", "trench"']);
  });
});
