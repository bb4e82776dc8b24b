import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayPath } from '../../src/model/displayPath.js';
import { projectRoot } from '../../src/model/projectRoot.js';
import { inProcess } from '../helpers/cli.js';
import { testTempDir } from '../helpers/tempDir.js';

/** A file named in a message is named as the user gave it, or absolute; the tool's own files by their path in the package. */

describe('file paths in messages', () => {
  it('a path given absolute comes back absolute, a relative one as given, a file of the package by its path there', () => {
    expect(displayPath('/tmp/x/duel.json')).toBe('/tmp/x/duel.json');
    expect(displayPath('../duel.json')).toBe('../duel.json');
    expect(displayPath(join(projectRoot(), 'battles', 'reference.json'))).toBe('battles/reference.json');
  });

  it('run, validate and fair-cost --battle name an absolute path as given, not as "../../..."', async () => {
    const dir = testTempDir('epic-balance-paths-');
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ name: 'bad', description: 'x', trials: 0, engagement: { formations: {}, script: [] } }));
    expect(relative(process.cwd(), file).startsWith('..')).toBe(true);
    for (const args of [['run', file], ['validate', file], ['fair-cost', '4 Devastator', '--battle', file]]) {
      const r = await inProcess(args);
      expect(r.code, args.join(' ')).toBe(2);
      for (const l of r.stderr.trim().split('\n')) expect(l, args.join(' ')).toMatch(new RegExp(`^epic-balance: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
    }
  });
});
