import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inProcess } from '../helpers/cli.js';
import { testTempDir } from '../helpers/tempDir.js';

/**
 * A bad experiment file gets one message per problem (README section 3), each
 * in words, never a pattern of the schema: the schema's problems and, where
 * the fields it refuses may stand at their defaults, what the later checks
 * (formations, steps) find in the rest of the file, in one run.
 */

const experiment = (edit: (x: Record<string, any>) => void) => {
  const x: Record<string, any> = {
    name: 'duel',
    description: 'Marines shoot, Orks assault.',
    trials: 1000,
    geometry: { gap: 15 },
    engagement: {
      formations: { marines: { side: 'A', formation: 'codex-astartes/tactical-detachment' }, orks: { side: 'B', formation: 'ork-war-horde/warband' } },
      script: [
        { step: 'shoot', by: 'marines', at: 'orks', action: 'sustained' },
        { step: 'assault', by: 'orks', at: 'marines', test: true },
      ],
    },
  };
  edit(x);
  return x;
};

async function problems(edit: (x: Record<string, any>) => void): Promise<string[]> {
  const dir = testTempDir('epic-balance-experiment-');
  const file = join(dir, 'duel.json');
  writeFileSync(file, JSON.stringify(experiment(edit)));
  const r = await inProcess(['run', file, '--out', join(dir, 'out')]);
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  return r.stderr.trim().split('\n').map((l) => l.replace(`epic-balance: ${file}: `, ''));
}

describe('a bad experiment file', () => {
  it('a wrong action names the actions, not the placeholder pattern', async () => {
    expect(await problems((x) => (x.engagement.script[0].action = 'sustaned'))).toEqual(['engagement.script[0].action: expected an action: advance, double, sustained, marshal, overwatch, or a {{parameter}}']);
  });

  it('a wrong step names the steps', async () => {
    expect(await problems((x) => (x.engagement.script[1].step = 'asault'))).toEqual(['engagement.script[1].step: expected a step: shoot, assault, regroup, action-test, end-phase, ground-attack, flak, intercept, arrive, orbital']);
  });

  it('two problems, one for the schema and one in a formation name, are both named', async () => {
    expect(
      await problems((x) => {
        x.engagement.script[0].action = 'sustaned';
        x.engagement.formations.orks.formation = 'ork-war-horde/warbnd';
      }),
    ).toEqual([
      'engagement.script[0].action: expected an action: advance, double, sustained, marshal, overwatch, or a {{parameter}}',
      expect.stringMatching(/^engagement\.formations\.orks\.formation: army "ork-war-horde" has no formation "warbnd"; expected one of "warband", /),
    ]);
  });

  it('a bad run setting and a step naming no formation are both named', async () => {
    expect(
      await problems((x) => {
        x.trials = 0;
        x.engagement.script[1].by = 'ork';
      }),
    ).toEqual(['trials: Too small: expected number to be >=1', 'engagement.script[1].by: no formation named "ork"; expected one of "marines", "orks"']);
  });

  it('a refused field that other checks read (a step\'s formation name) stops at the schema: nothing is said of its default', async () => {
    expect(
      await problems((x) => {
        x.engagement.script[0].by = 'Marines';
        x.engagement.formations.orks.formation = 'ork-war-horde/warbnd';
      }),
    ).toEqual(['engagement.script[0].by: a short lower-case name such as "marines" or "ork-warband"']);
  });
});
