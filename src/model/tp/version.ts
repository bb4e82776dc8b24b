import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data set version of a checkout: its git commit when `dir` is the top of a git work tree
 * (with the content hash added when the TP data folders have uncommitted changes); otherwise the
 * commit named in a SOURCE.md beside `_site`, plus the sha256 of the files read; otherwise the
 * sha256 alone. The text always says which.
 */
export function checkoutVersion(dir: string, contentSha256: string): string {
  const content = `content sha256:${contentSha256}`;
  const git = gitCommit(dir);
  if (git) return git.dirty ? `${git.commit} (git HEAD, with uncommitted changes), ${content}` : `${git.commit} (git HEAD)`;
  const source = join(dir, 'SOURCE.md');
  if (existsSync(source)) {
    const m = /\bcommit\s+([0-9a-f]{7,40})\b/i.exec(readFileSync(source, 'utf8'));
    if (m) return `${m[1]} (from SOURCE.md), ${content}`;
  }
  return `${content} (no git commit or SOURCE.md commit found)`;
}

function gitCommit(dir: string): { commit: string; dirty: boolean } | undefined {
  // The top of a work tree holds .git (a folder, or a file for worktrees and submodules);
  // without it there is no commit to ask git for, and no process to start.
  if (!existsSync(join(dir, '.git'))) return undefined;
  const run = (...args: string[]) =>
    execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 }).trim();
  try {
    const top = run('rev-parse', '--show-toplevel');
    // Only the checkout itself counts, not a repository that happens to contain the folder.
    if (realpathSync(top) !== realpathSync(dir)) return undefined;
    const commit = run('rev-parse', 'HEAD');
    const dirty = run('status', '--porcelain', '--', '_site') !== '';
    return { commit, dirty };
  } catch {
    return undefined;
  }
}
