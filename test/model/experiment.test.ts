import { mkdtempSync, rmSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { problemsOf } from '../helpers/simulate.js';
import { afterAll, describe, expect, it } from 'vitest';
import { loadExperiment, parameterCombinations } from '../../src/scenarios/loadExperiment.js';
import { compileScriptExperiment } from '../../src/rulesets/netea/scenarios/experiment.js';
import { datasheetJsonSchema, experimentJsonSchema } from '../../src/model/jsonSchemas.js';
import { projectRoot } from '../../src/model/projectRoot.js';

const dir = mkdtempSync(join(tmpdir(), 'epic-exp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function write(json: unknown): string {
  const path = join(dir, `e${n++}.json`);
  writeFileSync(path, JSON.stringify(json));
  return path;
}

const valid = {
  name: 'duel',
  description: 'A test duel.',
  trials: 1000,
  engagement: {
    formations: {
      marines: { side: 'A', formation: 'codex-astartes/tactical' },
      orks: { side: 'B', formation: '{{orks}}' },
    },
    parameters: { orks: ['ork-war-horde/warband', '8 Boyz'], action: ['advance', 'sustained'] },
    script: [{ step: 'shoot', by: 'marines', at: 'orks', action: '{{action}}' }, { step: 'assault', by: 'orks', at: 'marines' }, { step: 'end-phase' }],
    turns: 2,
  },
};

describe('experiment files', () => {
  it('the committed JSON Schemas match the zod schemas', () => {
    const root = projectRoot();
    expect(JSON.parse(readFileSync(join(root, 'experiments', 'experiment.schema.json'), 'utf8'))).toEqual(experimentJsonSchema());
    expect(JSON.parse(readFileSync(join(root, 'datasheets', 'datasheet.schema.json'), 'utf8'))).toEqual(datasheetJsonSchema());
  });

  it('parameters expand to every combination, and each variant repeats the script per turn', () => {
    expect(parameterCombinations({ a: ['1', '2'], b: ['x', 'y', 'z'] })).toHaveLength(6);
    const variants = compileScriptExperiment(loadExperiment(write(valid)));
    expect(variants.map((v) => v.name)).toEqual([
      'orks=ork-war-horde/warband, action=advance',
      'orks=ork-war-horde/warband, action=sustained',
      'orks=8 Boyz, action=advance',
      'orks=8 Boyz, action=sustained',
    ]);
    const v = variants[1]!;
    expect(v.spec.steps.map((s) => s.kind)).toEqual(['shoot', 'assault', 'end-phase', 'end-turn', 'shoot', 'assault', 'end-phase', 'end-turn']);
    expect(v.spec.steps[0]).toMatchObject({ kind: 'shoot', by: 0, at: 1, action: 'sustained' });
    expect(v.spec.formations[1]).toMatchObject({ side: 1, front: 30 });
    expect(v.formations[0]!.points).toBe(300);
  });

  it('a typo in a field name names the field and the path', () => {
    const bad = structuredClone(valid) as Record<string, unknown>;
    (bad.engagement as Record<string, unknown>).turnz = 3;
    const problems = problemsOf(() => loadExperiment(write(bad)));
    expect(problems).toHaveLength(1);
    expect(problems[0]!.path).toBe('engagement');
    expect(problems[0]!.message).toContain('"turnz"');
  });

  it('a formation that is not in the army list names the path of the formation string', () => {
    const bad = structuredClone(valid);
    bad.engagement.formations.marines.formation = 'codex-astartes/tacticool';
    const problems = problemsOf(() => compileScriptExperiment(loadExperiment(write(bad))));
    expect(problems).toHaveLength(1);
    expect(problems[0]!.path).toBe('engagement.formations.marines.formation');
    expect(problems[0]!.message).toContain('has no formation "tacticool"');
  });

  it('a script step naming a missing formation is reported with its path', () => {
    const bad = structuredClone(valid);
    (bad.engagement.script[1] as { by: string }).by = 'gretchin';
    const problems = problemsOf(() => compileScriptExperiment(loadExperiment(write(bad))));
    expect(problems.map((p) => p.path)).toEqual(['engagement.script[1].by']);
    expect(problems[0]!.message).toContain('no formation named "gretchin"');
  });

  it('an unknown parameter placeholder is reported', () => {
    const bad = structuredClone(valid);
    bad.engagement.script[0] = { step: 'shoot', by: 'marines', at: 'orks', action: '{{stance}}' };
    const problems = problemsOf(() => compileScriptExperiment(loadExperiment(write(bad))));
    expect(problems[0]!.path).toBe('engagement.script[0].action');
  });

  it("a system's switches under another system: one problem each, naming where the chosen system's own go", () => {
    const under = (rules: string | undefined, extra: Record<string, unknown>) =>
      problemsOf(() => loadExperiment(write({ ...valid, ...(rules === undefined ? {} : { rules }), ...extra }))).map((p) => `${p.path}: ${p.message}`);
    expect(under(undefined, { epic40kOptions: {} })).toEqual(['epic40kOptions: Epic 40,000 switches apply only with "rules": "epic40k"']);
    expect(under('heresy', { epic40kOptions: { armourCap: true } })).toEqual(['epic40kOptions: Epic 40,000 switches apply only with "rules": "epic40k"; Heresy switches go in "heresyOptions"']);
    expect(under('epic40k', { heresyOptions: {} })).toEqual(['heresyOptions: Heresy switches apply only with "rules": "heresy"; Epic 40,000 switches go in "epic40kOptions"']);
    expect(under('rulebook-2004', { heresyOptions: {}, epic40kOptions: {} })).toEqual([
      'epic40kOptions: Epic 40,000 switches apply only with "rules": "epic40k"',
      'heresyOptions: Heresy switches apply only with "rules": "heresy"',
    ]);
  });
});
