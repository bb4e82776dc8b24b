import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess, spawnCli, spawnNode } from './cli.js';
import { expectRunReport, expectShowcaseReport } from './runReport.js';
import { itWithTp, tournamentPackPath } from './tournamentPack.js';

/**
 * Every command in the README's `sh` blocks, run as written from a copy of the
 * repository's layout (a temporary folder with experiments/ linked in, and the
 * Tournament Pack checkout the tests read as ../shared/netea-tp), most with
 * small trial counts:
 * - a command whose output the README prints (a `text` block after it) runs
 *   as written, once for this check and for its printed output's;
 * - any other command with `--trials N` runs min(N, 100) trials; with `--chunks`, the
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
 *
 * The commands are run section by section of the README, by the test files of
 * test/readme/ (README_FILES says which file runs which sections): files run
 * side by side, each in a process and a temporary folder of its own, so a
 * section's commands follow one another as a reader's would (`cat >
 * my-question.json` before `run my-question.json`, the pieces before `merge`).
 */

const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const README = readFileSync(join(REPO, 'README.md'), 'utf8');
export const PKG = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
export const TP = tournamentPackPath();
const SIMULATING = new Set(['shoot', 'assault', 'fair-cost', 'matrix', 'run', 'showcase', 'audit']);
const SMALL = 100;

interface Block {
  lang: string;
  lines: string[];
  /** The `## ` heading the block stands under ('' before the first). */
  section: string;
}

/** Fenced code blocks; in `sh` blocks a here-document is one command with its lines. */
export function codeBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  const headings = [...text.matchAll(/^## (.*)$/gm)];
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
    blocks.push({ lang: m[1]!, lines, section: headings.filter((h) => h.index < m.index).at(-1)?.[1] ?? '' });
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

export const blocks = codeBlocks(README);
/** The commands of the `sh` blocks, in order: each with its number (from 1) and its section. */
export const readmeCommands = blocks
  .filter((b) => b.lang === 'sh')
  .flatMap((b) => b.lines.filter((l) => l.trim() !== '' && !l.trim().startsWith('#')).map((command) => ({ command, section: b.section })))
  .map((c, i) => ({ ...c, n: i + 1 }));
export const commands = readmeCommands.map((c) => c.command);
/** Commands that read the Tournament Pack checkout, each an `npx epic-balance` command. */
const readsTp = (command: string) => command.includes('../shared/netea-tp');

/**
 * The test files of test/readme/ that run the README's commands, and the
 * sections (their `## ` headings; '' for the set-up commands above the first)
 * whose commands each runs. Every section with a command is one file's: the
 * sections are grouped so that the files take similar times (the audit of two
 * lists, section 6, is a file's on its own).
 */
export const README_FILES: Record<string, string[]> = {
  'test/readme/guide.test.ts': [''],
  'test/readme/firstQuestion.test.ts': ['1. A first question: `shoot` and `assault`', '2. Aircraft and spacecraft'],
  'test/readme/experiments.test.ts': ['3. Writing an experiment'],
  'test/readme/dataSets.test.ts': ['5. Data sets and rule systems', '7. The model and its assumptions'],
  'test/readme/audit.test.ts': ['6. Is it worth its points? `fair-cost` and `audit`'],
  'test/readme/split.test.ts': ['9. Splitting a big run', '10. Speed'],
};

/** The test file (this repository's path) whose import.meta.url is `url`. */
export const testFile = (url: string) => relative(REPO, fileURLToPath(url));

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

/**
 * The test file's workspace, made before its tests and removed after them:
 * the temporary folder the commands run in (this process's folder meanwhile).
 * `bench`: the file runs `npm run bench` (its build starts now).
 */
export function readmeWorkspace(bench = false): void {
  beforeAll(() => {
    if (bench && !builtSinceSources()) {
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
}

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

/**
 * Runs a README command (its words `args`) and checks it. A command whose output the README
 * prints (a `text` block after it) runs as written, once for this and for "README numbers" (the
 * same run, with its own trials: the small run would check less); the others with small trials.
 */
async function runEpicBalance(args: string[], command?: string): Promise<void> {
  const asWritten = command !== undefined && outputBlocks.some((b) => b.command === command);
  const small = asWritten ? args : smallTrials(args);
  const r = asWritten ? await runAsWritten(command, false) : small.includes('--chunks') ? await spawnCli(small, ws) : await inProcess(small);
  expect(r.code, `${small.join(' ')}\n${r.stderr}`).toBe(0);
  // A piece of a split run writes its partial file and says so on stderr; everything else prints a result.
  expect((small.includes('--chunks') ? r.stderr : r.stdout).length, small.join(' ')).toBeGreaterThan(0);
  for (const f of expectedOutputs(small)) expect(existsSync(join(ws, f)), `${small.join(' ')} writes ${f}`).toBe(true);
  if (args[0] === 'merge') expect(r.stdout).toMatch(/report: .*report\.html/);
  // A shipped experiment run whole: its report folder checked as test/commands/run.test.ts checks the others (runReport.ts).
  if (args[0] === 'run' && args[1]!.startsWith('experiments/') && !small.includes('--chunks') && !small.includes('--out')) {
    const trials = option(small, '--trials');
    expectRunReport(r, small, join('out', basename(args[1]!, '.json')), trials === undefined ? JSON.parse(readFileSync(args[1]!, 'utf8')).trials : Number(trials));
  }
  // The showcase (`npm start`): its parts and their commands, as test/commands/showcase.test.ts asked of it (runReport.ts).
  if (args[0] === 'showcase' && !small.includes('--out')) expectShowcaseReport(r, small, join('out', 'showcase'));
}

/** Runs one README command as the test "command N runs" (see the top of the file). */
async function runCommand(command: string): Promise<void> {
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
    await runEpicBalance(shellWords(command.slice('npx epic-balance '.length)), command);
    return;
  }
  const r = spawnSync('sh', ['-c', command], { cwd: ws, encoding: 'utf8' });
  expect(r.status, `${command}\n${r.stderr}`).toBe(0);
  const file = /^cat > (\S+) <</.exec(command)?.[1];
  if (file) expect(existsSync(join(ws, file))).toBe(true);
}

/**
 * The tests of the test file `file` (one of README_FILES): each command of its
 * sections runs, in the README's order ("README"), and the text block after a
 * command of them is its output ("README numbers").
 */
export function readmeCommandTests(file: string): void {
  const sections = README_FILES[file];
  if (sections === undefined) throw new Error(`${file} is not one of README_FILES`);
  const mine = readmeCommands.filter((c) => sections.includes(c.section));
  readmeWorkspace(mine.some((c) => c.command === 'npm run bench'));
  describe('README', () => {
    it(`has commands in the sections ${file} runs`, () => {
      for (const s of sections) expect(readmeCommands.some((c) => c.section === s), `README section "${s}"`).toBe(true);
    });
    for (const { n, command } of mine) {
      if (readsTp(command)) itWithTp(`command ${n} runs: ${command}`, () => runCommand(command));
    }
    it.each(mine.filter((c) => !readsTp(c.command)).map((c) => [c.n, c.command.split('\n')[0]!, c.command] as const))('command %i runs: %s', (_n, _first, command) => runCommand(command));
  });
  const printed = outputBlocks.filter((b) => mine.some((c) => c.command === b.command));
  if (printed.length === 0) return;
  describe('README numbers', () => {
    it.each(printed.map((b) => [b.command, b] as const))('the text block after `%s` is its output', async (command, b) => {
      if (needsTp(command) && TP === undefined) {
        console.warn(`skipped (no Tournament Pack checkout: set EPIC_BALANCE_TP or place ../shared/netea-tp): the output of ${command}`);
        return;
      }
      if (command === RAZORBACKS) writeMyQuestion();
      const r = await runAsWritten(command, false);
      expect(r.code, r.stderr).toBe(0);
      expect(notAnExcerpt(b.lines, r.stdout + r.stderr), `${command}\n--- prints ---\n${r.stdout}${r.stderr}`).toBeNull();
    }, FULL_RUN_TIMEOUT);
  });
}

/* ---------- the numbers the README prints ---------- */

/**
 * Every number the README prints beside a command is that command's, run as
 * written (its own trials and seed):
 * - a `text` block after an `sh` block is the output (stdout, then stderr) of
 *   the block's last command, line for line; a line "..." stands for lines
 *   left out, and the block must start and end where the output does unless
 *   it starts or ends with one;
 * - each result the prose quotes is a sentence in QUOTES, written from the
 *   --json of the commands it names (README commands, word for word);
 * - every percentage or decimal in the prose (but "95%", the intervals'
 *   level) lies in a quote, a text block, or an entry of NOT_RESULTS that
 *   says why it is no command's result, and how it is checked instead.
 */

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export const prose = (text: string) => text.replace(/^```\w*\n[\s\S]*?^```$/gm, ' ').replace(/\s+/g, ' ');
const pct = (p: number) => `${(100 * p).toFixed(1)}%`;
const fix = (x: number, d: number) => x.toFixed(d);

export const SHOOT = 'npx epic-balance shoot codex-astartes/devastator-detachment --at ork-war-horde/warband --action sustained --trials 200000';
const ASSAULT = 'npx epic-balance assault codex-astartes/tactical-detachment --at ork-war-horde/warband --trials 200000';
const SUPPORTED = 'npx epic-balance assault codex-astartes/tactical-detachment --at ork-war-horde/warband --support codex-astartes/devastator-detachment --trials 200000';
const AIR = 'npx epic-balance shoot imperial-navy/thunderbolt-squadron --at "steel-legion/mechanised-infantry-company+flak-upgrade" --flak steel-legion/flak-battery --trials 200000';
const DEVASTATORS = 'npx epic-balance run experiments/devastator-actions.json';
const WARHOUND = 'npx epic-balance run experiments/warhound-fair-cost.json';
export const RAZORBACKS = 'npx epic-balance run my-question.json';
const TP_ASSAULT = 'npx epic-balance assault space-marine-codex-astartes/tactical --at ork-war-horde/warband --data ../shared/netea-tp --trials 100000';
const AIR_FAIR = 'npx epic-balance fair-cost imperial-navy/thunderbolt-squadron';

interface Quote {
  /** README commands, word for word, whose --json the sentence is written from. */
  commands: string[];
  sentence: (json: Json[]) => string;
}

export const QUOTES: Quote[] = [
  {
    commands: [SHOOT],
    sentence: ([j]) => {
      const t = j.target;
      return `On average ${fix(t.unitsKilled.mean, 2)} of the warband's ${t.unitsKilled.distribution.length - 1} units die; it breaks in ${pct(t.broken.p)} of the trials (95% interval ${pct(t.broken.ci95[0])} to ${pct(t.broken.ci95[1])}) and ends with ${Number(fix(t.blastMarkers.mean, 2))} Blast markers.`;
    },
  },
  {
    commands: [ASSAULT, SUPPORTED],
    sentence: ([alone, supported]) => {
      const [a, s] = [alone.assault.attackerWins, supported.assault.attackerWins];
      return `Alone, the Marines win ${pct(a.p)} of these assaults (${pct(a.ci95[0])} to ${pct(a.ci95[1])}); with the Devastators within 15 cm lending supporting fire, ${pct(s.p)} (${pct(s.ci95[0])} to ${pct(s.ci95[1])}).`;
    },
  },
  {
    commands: [AIR],
    sentence: ([j]) => `The company loses ${fix(j.target.unitsKilled.mean, 2)} units on average; the Thunderbolts are destroyed in ${pct(j.attacker.destroyed.p)} of the trials.`,
  },
  {
    commands: [DEVASTATORS, WARHOUND],
    sentence: ([d, w]) => {
      const per100 = (action: string) => d.variants.find((v: Json) => v.values.action === action && v.values.target === 'ork-war-horde/warband').efficiency[0].per100.mean;
      return `sustained fire gives Devastators ${fix(per100('sustained'), 1)} points destroyed per 100 points against a warband, an advance ${fix(per100('advance'), 1)}; the Warhound battlegroup, costing ${w.currentCost}, is fair at ${fix(w.fairCost.estimate, 0)} (${fix(w.fairCost.ci95[0], 0)} to ${fix(w.fairCost.ci95[1], 0)}).`;
    },
  },
  {
    commands: [RAZORBACKS],
    sentence: ([j]) => `With the Razorback the Orks win ${pct(j.variants[1].assaults[0].attackerWins.p)} of the assaults instead of ${pct(j.variants[0].assaults[0].attackerWins.p)}.`,
  },
  {
    commands: [TP_ASSAULT],
    sentence: ([j]) => `(its Tactical detachment: 6 Tactical and the Rhinos to carry them, ${j.attackerFormation.points} points)`,
  },
  {
    commands: [AIR_FAIR],
    sentence: ([j]) =>
      `The Thunderbolts cost ${j.currentCost} and are fair at ${fix(j.fairCost.estimate, 0)} (95% interval ${fix(j.fairCost.ci95[0], 0)} to ${fix(j.fairCost.ci95[1], 0)}). The **sensitivity band**, ${fix(j.fairCost.band[0], 0)} to ${fix(j.fairCost.band[1], 0)}, is the range over the battle's alternative mixes; the verdict is over- or under-costed only when the whole band lies more than 25% from the cost, so here it is ${j.verdict}.`,
  },
];

interface NotAResult {
  /** The prose it covers. */
  text: RegExp;
  why: string;
  /** How it is checked instead, when it can be. */
  check?: () => Promise<void> | void;
}

export const NOT_RESULTS: NotAResult[] = [
  { text: /\(Node 20\.19 or later\)/, why: 'the Node version the package needs', check: () => expect(JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).engines.node).toBe('>=20.19') },
  { text: /use `--precision 0\.002` instead of `--trials` to run until every headline interval is within ±0\.2 points/, why: "an option's value and what it means, not a result" },
  {
    text: /The whole Tournament Pack \(`npx epic-balance audit --data \.\.\/shared\/netea-tp`: 554 formations, titans armed with each of their weapons, 870 valuations\)/,
    why: 'the whole Tournament Pack\'s audit is too slow for the suite: its formations and valuations are counted here without simulating (the test "the whole Tournament Pack\'s audit")',
  },
  { text: /On the 2-core development machine \(AMD EPYC, Node 20\.20\.2, 25 November 2026; runs on this shared machine vary by about ±20%\)/, why: 'the speed table\'s machine and spread: measurements, not results of a seed (`npm run bench` measures them anew; its command runs above with a short timing)' },
  { text: /\| scenario \| 1 worker \| 2 workers \| engine path \|.*\(91% of the CLI's\) \| fire plan \|/, why: 'the speed table: trials per second measured on the development machine, which vary by about ±20% between runs, not results of a seed (`npm run bench` measures them anew)' },
];

/** The whole Tournament Pack's audit, as the README writes it; too slow for the suite. */
export const WHOLE_TP = 'npx epic-balance audit --data ../shared/netea-tp';

/**
 * README commands run as written, once each in a test file (with --json and
 * --quiet for the quotes): their exit code and output. One at a time: an
 * in-process run captures this process's stdout and stderr.
 */
const fullRuns = new Map<string, ReturnType<typeof inProcess>>();
let lastRun: Promise<unknown> = Promise.resolve();
export function runAsWritten(command: string, json: boolean): ReturnType<typeof inProcess> {
  expect(commands, 'a README command, word for word').toContain(command);
  const args = [...shellWords(command.slice('npx epic-balance '.length)), ...(json ? ['--json', '--quiet'] : [])];
  const key = JSON.stringify(args);
  if (!fullRuns.has(key)) {
    const run = lastRun.then(() => inProcess(args));
    lastRun = run.catch(() => undefined);
    fullRuns.set(key, run);
  }
  return fullRuns.get(key)!;
}

/** The numbers' tests run the commands at their own trials: the audit of two lists takes about 30 s of CPU. */
export const FULL_RUN_TIMEOUT = 600_000;

/** The README's own experiment file for RAZORBACKS (its here-document), written if an earlier test has not. */
export function writeMyQuestion(): void {
  if (existsSync(join(ws, 'my-question.json'))) return;
  const here = commands.find((c) => c.startsWith('cat > my-question.json'))!;
  expect(spawnSync('sh', ['-c', here], { cwd: ws }).status).toBe(0);
}

export const needsTp = (c: string) => c.includes('../shared/');

/** Where `block` ("..." lines standing for lines left out) is not an excerpt of `output`, in order: the first line missing; null when it is. */
export function notAnExcerpt(block: string[], output: string): string | null {
  const out = output.replace(/\n+$/, '').split('\n').map((l) => l.trimEnd());
  const parts: string[][] = [[]];
  for (const l of block) {
    if (l.trim() === '...') parts.push([]);
    else parts[parts.length - 1]!.push(l.trimEnd());
  }
  const first = parts[0]!.length > 0;
  const last = parts[parts.length - 1]!.length > 0;
  let at = 0;
  for (const [k, part] of parts.entries()) {
    if (part.length === 0) continue;
    const fits = (j: number) => part.every((l, i) => out[j + i] === l);
    let j = k === 0 && first ? 0 : at;
    while (!(k === 0 && first) && j + part.length <= out.length && !fits(j)) j++;
    if (j + part.length > out.length || !fits(j)) {
      // Where the part starts in the output (or should), the first of its lines the output does not print.
      const from = k === 0 && first ? 0 : Math.max(at, out.indexOf(part[0]!, at));
      const wrong = part.findIndex((l, i) => out[from + i] !== l);
      return `${part[wrong]!}  (printed: ${out[from + wrong] ?? 'nothing'})`;
    }
    at = j + part.length;
  }
  return last && at !== out.length ? `(the output goes on: ${out[at]})` : null;
}

export const outputBlocks = blocks.flatMap((b, i) => {
  const before = blocks[i - 1];
  if (b.lang !== 'text' || before?.lang !== 'sh') return [];
  return [{ command: before.lines.filter((l) => l.startsWith('npx epic-balance ')).at(-1)!, lines: b.lines }];
});
