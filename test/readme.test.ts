import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess, spawnCli, spawnNode } from './helpers/cli.js';
import { itWithTp, tournamentPackPath } from './helpers/tournamentPack.js';

/**
 * Every command in the README's `sh` blocks, run as written from a copy of the
 * repository's layout (a temporary folder with experiments/ linked in, and the
 * Tournament Pack checkout the tests read as ../shared/netea-tp), with small
 * trial counts:
 * - a command with `--trials N` runs min(N, 100) trials; with `--chunks`, the
 *   trials and the chunk size are divided by the same factor (400 trials), so
 *   the chunk ranges mean what they say; a simulating command without
 *   `--trials` gets `--trials 100`;
 * - `npx epic-balance ...` runs in this process (no start-up cost), except a
 *   piece of a split run (`--chunks`), which needs a process of its own as on
 *   another machine;
 * - `npm start` and `npm run <script>` run what package.json says, in-process
 *   for the CLI; `npm run bench` with a very short timing; `npm install` and
 *   `npm test` are only checked to exist (the first needs the network, the
 *   second is what runs this test);
 * - anything else (`cat > file <<'EOF'`) runs in sh.
 * Each must exit 0, and what it says it writes must exist (in the temporary
 * folder: `out/...` is relative to it). The commands that read
 * ../shared/netea-tp are skipped, saying why, where the tests have no
 * Tournament Pack checkout (test/helpers/tournamentPack.ts).
 */

const REPO = fileURLToPath(new URL('..', import.meta.url));
const README = readFileSync(join(REPO, 'README.md'), 'utf8');
const PKG = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const TP = tournamentPackPath();
const SIMULATING = new Set(['shoot', 'assault', 'fair-cost', 'matrix', 'run', 'showcase', 'audit']);
const SMALL = 100;

interface Block {
  lang: string;
  lines: string[];
}

/** Fenced code blocks; in `sh` blocks a here-document is one command with its lines. */
export function codeBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  for (const m of text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)) {
    const raw = m[2]!.split('\n').filter((l, i, all) => i < all.length - 1 || l !== '');
    const lines: string[] = [];
    for (let i = 0; i < raw.length; i++) {
      const line = raw[i]!;
      const here = /<<'?(\w+)'?\s*$/.exec(line);
      if (m[1] === 'sh' && here) {
        const end = raw.indexOf(here[1]!, i + 1);
        if (end < 0) throw new Error(`unterminated here-document: ${line}`);
        lines.push(raw.slice(i, end + 1).join('\n'));
        i = end;
      } else lines.push(line);
    }
    blocks.push({ lang: m[1]!, lines });
  }
  return blocks;
}

/** Splits a command line as sh does for the quoting the README uses ('...', "...", plain words). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  const re = /'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g;
  let word: string | null = null;
  let last = 0;
  for (const m of line.matchAll(re)) {
    const glued = word !== null && m.index === last;
    const piece = m[1] ?? m[2]?.replace(/\\(.)/g, '$1') ?? m[3]!;
    if (glued) word += piece;
    else {
      if (word !== null) words.push(word);
      word = piece;
    }
    last = m.index + m[0].length;
  }
  if (word !== null) words.push(word);
  return words;
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function setOption(args: string[], name: string, value: string): string[] {
  const i = args.indexOf(name);
  return i >= 0 ? [...args.slice(0, i + 1), value, ...args.slice(i + 2)] : [...args, name, value];
}

/** The same command with a small trial count (see the top of the file). */
export function smallTrials(args: string[]): string[] {
  if (!SIMULATING.has(args[0]!)) return args;
  const given = option(args, '--trials');
  if (given === undefined) return [...args, '--trials', String(SMALL)];
  const trials = Number(given);
  if (!args.includes('--chunks')) return setOption(args, '--trials', String(Math.min(trials, SMALL)));
  const chunkSize = Number(option(args, '--chunk-size') ?? 50_000);
  const factor = trials / 400;
  if (!Number.isInteger(chunkSize / factor)) throw new Error(`cannot scale ${args.join(' ')}: keep --trials a multiple of 400 chunks' worth`);
  return setOption(setOption(args, '--trials', '400'), '--chunk-size', String(chunkSize / factor));
}

/** Is dist/ newer than every source file the bench runs (src/ and bench/)? */
function builtSinceSources(): boolean {
  const built = join(REPO, 'dist/bench/bench.js');
  if (!existsSync(built)) return false;
  const newest = (dir: string): number =>
    Math.max(0, ...readdirSync(dir, { withFileTypes: true }).map((d) => (d.isDirectory() ? newest(join(dir, d.name)) : d.name.endsWith('.ts') ? statSync(join(dir, d.name)).mtimeMs : 0)));
  return statSync(built).mtimeMs >= Math.max(newest(join(REPO, 'src')), newest(join(REPO, 'bench')));
}

const blocks = codeBlocks(README);
const commands = blocks.filter((b) => b.lang === 'sh').flatMap((b) => b.lines.filter((l) => l.trim() !== '' && !l.trim().startsWith('#')));
/** Commands that read the Tournament Pack checkout, each an `npx epic-balance` command. */
const readsTp = (command: string) => command.includes('../shared/netea-tp');

const root = mkdtempSync(join(tmpdir(), 'epic-balance-readme-'));
const ws = join(root, 'main');
let cwd = '';

/**
 * The build `npm run bench` runs first (prebench) when dist/ is older than the
 * sources: started with the file, beside the commands before it, so the bench's
 * own test does not wait for a whole compile (the test checks it, and builds
 * again if the sources changed meanwhile).
 */
let earlyBuild: ReturnType<typeof spawnNode> | null = null;
const buildDist = () => spawnNode([join(REPO, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json']);

beforeAll(() => {
  if (commands.includes('npm run bench') && !builtSinceSources()) {
    earlyBuild = buildDist();
    earlyBuild.catch(() => {}); // awaited (and its failure reported) by the bench's test
  }
  mkdirSync(ws);
  symlinkSync(join(REPO, 'experiments'), join(ws, 'experiments'));
  if (TP !== undefined) {
    mkdirSync(join(root, 'shared'));
    symlinkSync(resolve(TP), join(root, 'shared', 'netea-tp'));
  }
  cwd = process.cwd();
  process.chdir(ws);
});
afterAll(() => {
  process.chdir(cwd);
  rmSync(root, { recursive: true, force: true });
});

/** What a command writes, as paths relative to the workspace: each must exist afterwards. */
function expectedOutputs(args: string[]): string[] {
  const out: string[] = [];
  const partial = option(args, '--partial-out');
  if (partial !== undefined) return [partial];
  const dir = option(args, '--out');
  if (dir !== undefined) out.push(join(dir, 'report.html'));
  else if (args[0] === 'run') out.push(join('out', JSON.parse(readFileSync(args[1]!, 'utf8')).name, 'report.html'));
  else if (args[0] === 'showcase') out.push(join('out', 'showcase', 'report.html'));
  return out;
}

async function runEpicBalance(args: string[]): Promise<void> {
  const small = smallTrials(args);
  const r = small.includes('--chunks') ? await spawnCli(small, ws) : await inProcess(small);
  expect(r.code, `${small.join(' ')}\n${r.stderr}`).toBe(0);
  // A piece of a split run writes its partial file and says so on stderr; everything else prints a result.
  expect((small.includes('--chunks') ? r.stderr : r.stdout).length, small.join(' ')).toBeGreaterThan(0);
  for (const f of expectedOutputs(small)) expect(existsSync(join(ws, f)), `${small.join(' ')} writes ${f}`).toBe(true);
  if (args[0] === 'merge') expect(r.stdout).toMatch(/report: .*report\.html/);
}

describe('README', () => {
  it('starts with the two set-up commands, and every other command is one this test can run', () => {
    expect(blocks[0]).toEqual({ lang: 'sh', lines: ['npm install && npm start', 'npm install && npm test'] });
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

  for (const [i, command] of commands.entries()) {
    if (readsTp(command)) itWithTp(`command ${i + 1} runs: ${command}`, () => runEpicBalance(shellWords(command.slice('npx epic-balance '.length))));
  }

  it.each(commands.map((c, i) => [i + 1, c.split('\n')[0]!, c] as const).filter(([, , c]) => !readsTp(c)))('command %i runs: %s', async (_i, _first, command) => {
    if (command.startsWith('npm install && npm ')) {
      const script = command.slice('npm install && npm '.length);
      expect(PKG.scripts[script], script).toBeDefined();
      expect(PKG.scripts.prepare).toBe('npm run build');
      // `npm test` is what runs this test; `npm start` runs the showcase, here with few trials.
      if (script === 'start') await runEpicBalance(shellWords(PKG.scripts.start!.replace(/^node dist\/src\/cli\.js /, '')));
      return;
    }
    const npmRun = /^npm run (\w+)$/.exec(command);
    if (npmRun) {
      const script = PKG.scripts[npmRun[1]!];
      expect(script, command).toBeDefined();
      if (npmRun[1] === 'bench') {
        // The bench measures the compiled build (its memory run starts dist/src/cli.js):
        // build first when dist/ is older than the sources, as `npm run bench` always does.
        expect(script).toBe('node dist/bench/bench.js');
        expect(PKG.scripts.prebench).toContain('npm run build');
        if (earlyBuild !== null) {
          const b = await earlyBuild;
          expect(b.code, b.stdout + b.stderr).toBe(0);
        }
        if (!builtSinceSources()) {
          const b = await buildDist();
          expect(b.code, b.stdout + b.stderr).toBe(0);
        }
        const r = await spawnNode([join(REPO, 'dist/bench/bench.js'), '--seconds', '0.05', '--reps', '1', '--memory-trials', '20000', '--only', 'shooting']);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout).toContain('| scenario |');
        return;
      }
      throw new Error(`no rule for ${command}`);
    }
    if (command.startsWith('npx epic-balance ')) {
      await runEpicBalance(shellWords(command.slice('npx epic-balance '.length)));
      return;
    }
    const r = spawnSync('sh', ['-c', command], { cwd: ws, encoding: 'utf8' });
    expect(r.status, `${command}\n${r.stderr}`).toBe(0);
    const file = /^cat > (\S+) <</.exec(command)?.[1];
    if (file) expect(existsSync(join(ws, file))).toBe(true);
  });
});
