import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import ts from 'typescript';

/** One import of one file by another, both relative to the repository root with forward slashes. */
export interface Arrow {
  from: string;
  to: string;
}

/** Every .ts file under the given folders (relative to root), sorted. */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(join(root, dir))) {
      const path = `${dir}/${name}`;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (name.endsWith('.ts')) files.push(path);
    }
  };
  for (const folder of folders) if (existsSync(join(root, folder))) walk(folder);
  return files.sort();
}

/**
 * The file a relative specifier names: `./x.js` is `./x.ts` as TypeScript's NodeNext resolution
 * reads it; specifiers that name no .ts file of the repository (packages, JSON, assets) give undefined.
 */
function resolveSpecifier(root: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = normalize(join(dirname(from), specifier)).split(sep).join('/');
  const candidates = [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, `${base}/index.ts`];
  return candidates.find((c) => c.endsWith('.ts') && existsSync(join(root, c)));
}

/**
 * Every import between the files: static imports and re-exports, type-only ones
 * included (a cycle of types is still a cycle of ideas), and dynamic `import()`.
 */
export function importArrows(root: string, files: readonly string[]): Arrow[] {
  const arrows: Arrow[] = [];
  for (const from of files) {
    const info = ts.preProcessFile(readFileSync(join(root, from), 'utf8'), true, true);
    const seen = new Set<string>();
    for (const { fileName } of info.importedFiles) {
      const to = resolveSpecifier(root, from, fileName);
      if (to === undefined || seen.has(to)) continue;
      seen.add(to);
      arrows.push({ from, to });
    }
  }
  return arrows;
}

/** Strongly connected groups of more than one file (Tarjan), each sorted; a file importing itself counts too. */
export function importCycles(files: readonly string[], arrows: readonly Arrow[]): string[][] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const a of arrows) next.get(a.from)?.push(a.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!next.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || next.get(v)!.includes(v)) cycles.push(group.sort());
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return cycles;
}

/** The arrows inside one cycle, to name it. */
export function cycleArrows(cycle: readonly string[], arrows: readonly Arrow[]): Arrow[] {
  const members = new Set(cycle);
  return arrows.filter((a) => members.has(a.from) && members.has(a.to));
}

export function repositoryRelative(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}
