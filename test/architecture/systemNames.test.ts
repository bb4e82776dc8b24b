import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { RULE_NAMES } from '../../src/cli/registry.js';
import { RULES_SYSTEM_NAMES } from '../../src/model/registry.js';
import { sourceFiles } from './importGraph.js';
import { isRegistry, placeOf } from './layers.js';

// Issue 29: the shared code names no rule system; it asks its layer's registry. A string equal to
// a system's name (`--rules`, an experiment's "rules") may stand only in the registries and in the
// two constants that are names of their own: the default system and the built-in data set's id.
const CONSTANTS = new Set(['src/model/runDefaults.ts DEFAULT_RULES', 'src/model/dataset.ts BUILTIN_DATASET_ID']);

/** "file:line 'name'" for each string literal in a shared, non-registry file that equals a system's name outside CONSTANTS. */
function namedSystems(root: string): string[] {
  const names = new Set<string>(RULES_SYSTEM_NAMES);
  const found: string[] = [];
  for (const file of sourceFiles(root, ['src', 'site/src'])) {
    if (placeOf(file)?.system !== undefined || isRegistry(file)) continue;
    const source = ts.createSourceFile(file, readFileSync(`${root}/${file}`, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && names.has(node.text)) {
        const declared = ts.isVariableDeclaration(node.parent) ? `${file} ${node.parent.name.getText(source)}` : '';
        if (!CONSTANTS.has(declared)) found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} '${node.text}'`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('rule systems named in shared code (issue 29)', () => {
  it('no shared file but a registry names a rule system', () => {
    expect(namedSystems('.')).toEqual([]);
  });

  it('the systems an experiment names are those the command line plays, in its order', () => {
    expect(RULES_SYSTEM_NAMES).toEqual(RULE_NAMES);
  });

  it('names each literal of a system in shared code, and none in a registry, a system\'s folder or the constants', () => {
    const root = mkdtempSync(join(tmpdir(), 'system-names-'));
    const files: Record<string, string> = {
      'src/reports/probe.ts': "export const a = 1;\nexport const b = (x: string) => x === 'epic40k' || x === `heresy`;\n",
      'src/reports/registry.ts': "export const c = 'netea';\n",
      'src/rulesets/heresy/cli/words.ts': "export const d = 'heresy';\n",
      'src/model/runDefaults.ts': "export const DEFAULT_RULES = 'netea';\nexport const OTHER = 'netea';\n",
      'site/src/view.ts': "// 'heresy' in a comment\nexport const e = 'rulebook-2004';\n",
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    expect(namedSystems(root)).toEqual(["site/src/view.ts:2 'rulebook-2004'", "src/model/runDefaults.ts:2 'netea'", "src/reports/probe.ts:2 'epic40k'", "src/reports/probe.ts:2 'heresy'"]);
  });
});
