import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { TestProject } from 'vitest/node';
import { projectRoot } from '../src/model/projectRoot.js';

/**
 * The suite writes only to temporary folders (issue 28): a user's `out/`, and
 * everything else in the repository, is theirs. This global setup lists the
 * repository's files that git does not track (out/ and anything a test could
 * leave beside it) with their modification times before the run, and fails the
 * run, naming them, when one was created or changed by the end.
 *
 * Not listed: `.git`, `node_modules`, and `dist/`, the build `npm install` makes
 * and `npm run bench` refreshes (the README test runs `npm run bench`, which
 * builds first when dist/ is older than the sources, as the command does).
 * Tracked files are left out so that editing a source while the suite runs is
 * not taken for a test's write. Watch mode is not checked: its run never ends.
 */

const SKIPPED = new Set(['.git', 'node_modules', 'dist']);

/** Files git tracks, relative to the repository (none outside a git work tree). */
function trackedFiles(root: string): Set<string> {
  if (!existsSync(join(root, '.git'))) return new Set();
  return new Set(execFileSync('git', ['-C', root, 'ls-files', '-z'], { encoding: 'utf8' }).split('\0'));
}

/** Every untracked file under `root` with its modification time, by path relative to `root`. */
function untrackedFiles(root: string): Map<string, number> {
  const tracked = trackedFiles(root);
  const files = new Map<string, number>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(root, path);
      if (entry.isDirectory()) {
        if (!SKIPPED.has(rel)) walk(path);
      } else if (!tracked.has(rel)) files.set(rel, statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0);
    }
  };
  walk(root);
  return files;
}

/** Paths grouped by their first two parts ("out/rb (11 files)"): a report folder is one item. */
function summary(paths: string[]): string {
  if (paths.length === 0) return 'none';
  const groups = new Map<string, string[]>();
  for (const p of paths) {
    const group = p.split('/').slice(0, 2).join('/');
    groups.set(group, [...(groups.get(group) ?? []), p]);
  }
  return [...groups].sort().map(([group, files]) => (files.length === 1 ? files[0]! : `${group} (${files.length} files)`)).join(', ');
}

/**
 * Set by the first project's setup, which lists the files; the others do nothing. Every
 * project runs the global setups, each loading this module anew: the mark is on the process.
 */
const LISTED = Symbol.for('epic-balance.repositoryUntouched');

export default function setup(project: TestProject): (() => void) | undefined {
  const marks = globalThis as { [LISTED]?: true };
  if (marks[LISTED] || project.vitest.config.watch) return undefined;
  marks[LISTED] = true;
  const root = projectRoot();
  const before = untrackedFiles(root);
  return () => {
    const after = untrackedFiles(root);
    const written = [...after].filter(([path, mtime]) => before.get(path) !== mtime).map(([path]) => path);
    const deleted = [...before.keys()].filter((path) => !after.has(path));
    if (written.length + deleted.length > 0) {
      throw new Error(`the test run changed the repository (tests write to temporary folders only): written ${summary(written)}; deleted ${summary(deleted)}`);
    }
  };
}
