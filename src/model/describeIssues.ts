import { formatPath, type Problem } from './inputError.js';

/**
 * zod's issues as the problems an input error names, for every file a schema reads (experiments,
 * battles, army lists, table layouts): one idea shared by the loaders of every layer, so it sits
 * in the model beside InputError.
 */

/** Edit distance (insertions, deletions, substitutions, adjacent swaps) between two short names. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

export type Issue = { code: string; message: string; path: PropertyKey[]; keys?: string[] };

/**
 * zod's issues as problems. A misspelt required field shows up twice (an
 * unknown field, and the field it should have been missing): those pairs
 * become one problem, "unknown field "scirpt": did you mean "script"?".
 */
export function describeIssues(issues: readonly Issue[], file: string, schemaFile = 'experiments/experiment.schema.json'): Problem[] {
  const missing = issues.filter((i) => i.code === 'invalid_type' && / received undefined$/.test(i.message) && i.path.length > 0);
  const paired = new Set<Issue>();
  const hints = new Map<Issue, string[]>();
  for (const i of issues) {
    if (i.code !== 'unrecognized_keys' || !i.keys) continue;
    const at = formatPath(i.path);
    hints.set(
      i,
      i.keys.map((k) => {
        const m = missing.find((x) => !paired.has(x) && formatPath(x.path.slice(0, -1)) === at && distance(k, String(x.path[x.path.length - 1])) <= 2);
        if (!m) return `"${k}"`;
        paired.add(m);
        return `"${k}" (did you mean "${String(m.path[m.path.length - 1])}"?)`;
      }),
    );
  }
  return issues
    .filter((i) => !paired.has(i))
    .map((i) => {
      const h = hints.get(i);
      const message = h ? `unknown field${h.length > 1 ? 's' : ''} ${h.join(', ')}: check the spelling against ${schemaFile}` : issueMessage(i, schemaFile);
      return { file, path: formatPath(i.path), message };
    });
}

/** zod's message, with the offending key for unknown fields (a typo in a field name). */
function issueMessage(i: { code: string; message: string; keys?: string[] }, schemaFile: string): string {
  if (i.code === 'unrecognized_keys' && i.keys) return `unknown field${i.keys.length > 1 ? 's' : ''} ${i.keys.map((k) => `"${k}"`).join(', ')}: check the spelling against ${schemaFile}`;
  return i.message;
}
