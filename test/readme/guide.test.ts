import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blocks, commands, outputBlocks, README, README_FILES, RAZORBACKS, readmeCommands, readmeCommandTests, SHOOT, testFile } from '../helpers/readme.js';

/**
 * The README as a whole: its set-up commands (run here), its size, its image,
 * and that each section's commands are run by one of the files of test/readme/
 * (test/helpers/readme.ts says how a command runs).
 */

const REPO = fileURLToPath(new URL('../..', import.meta.url));

describe('README', () => {
  it('starts with the two set-up commands, and every other command is one this test can run', () => {
    expect(blocks[0]).toEqual({ lang: 'sh', lines: ['npm install && npm start', 'npm install && npm test'], section: '' });
    expect(commands.length).toBeGreaterThan(10);
    for (const c of commands) expect(c, c).toMatch(/^(npm install && npm (start|test)|npm run \w+|npx epic-balance \S|cat > \S+ <<'EOF')/);
  });

  it('is a user guide of at most 20 KB; the method notes live in docs/ and bench/README.md (issue 18)', () => {
    expect(Buffer.byteLength(README, 'utf8')).toBeLessThanOrEqual(20 * 1024);
  });

  it('has the chart image it shows', () => {
    const images = [...README.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(images.length).toBeGreaterThan(0);
    for (const img of images) expect(existsSync(join(REPO, img)), img).toBe(true);
  });

  it('has every section with a command run by one test file of test/readme/, which runs them', () => {
    const sections = [...new Set(readmeCommands.map((c) => c.section))];
    const assigned = Object.values(README_FILES).flat();
    expect([...assigned].sort(), 'README_FILES (test/helpers/readme.ts): each section with a command, once').toEqual([...sections].sort());
    for (const file of Object.keys(README_FILES)) expect(readFileSync(join(REPO, file), 'utf8'), file).toContain('readmeCommandTests(testFile(import.meta.url))');
  });
});

describe('README numbers', () => {
  it('prints the output of the command before each text block', () => {
    expect(outputBlocks.map((b) => b.command)).toEqual([SHOOT, RAZORBACKS, 'npx epic-balance audit --data ../shared/netea-tp --lists space-marine-codex-astartes,ork-war-horde --out out/audit-two-lists']);
  });
});

readmeCommandTests(testFile(import.meta.url));
