import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycleArrows, importArrows, importCycles, sourceFiles } from './importGraph.js';
import { arrowProblem, placeOf } from './layers.js';
import { PENDING } from './pending.js';

// Every arrow points down (issue 29; docs/adding-a-rule.md, "Where code lives"): no import
// cycle between files, type-only imports included; no import from a layer to one above it; no
// import from one rule system to another; shared code reaches a rule system only through its
// layer's registry. A failure names the arrow.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const files = sourceFiles(ROOT, ['src', 'site/src']);
const arrows = importArrows(ROOT, files);
const pending = new Set(PENDING);

describe('the layers (test/architecture/layers.ts)', () => {
  it('every source file is in a layer', () => {
    expect(files.filter((f) => placeOf(f) === undefined)).toEqual([]);
  });

  it('no import points up, across rule systems, or into a rule system past its registry', () => {
    const problems = arrows.map(arrowProblem).filter((p): p is string => p !== undefined && !pending.has(p));
    expect(problems).toEqual([]);
  });

  it('no import cycle between files', () => {
    const cycles = importCycles(files, arrows)
      .map((c) => cycleArrows(c, arrows).map((a) => `${a.from} -> ${a.to}`).join('\n  '))
      .filter((c) => !pending.has(`cycle:\n  ${c}`));
    expect(cycles.map((c) => `cycle:\n  ${c}`)).toEqual([]);
  });

  it('every pending exception still exists (remove it from pending.ts once fixed)', () => {
    const now = new Set([
      ...arrows.map(arrowProblem).filter((p): p is string => p !== undefined),
      ...importCycles(files, arrows).map((c) => `cycle:\n  ${cycleArrows(c, arrows).map((a) => `${a.from} -> ${a.to}`).join('\n  ')}`),
    ]);
    expect(PENDING.filter((p) => !now.has(p))).toEqual([]);
  });
});
