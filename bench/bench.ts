import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Die } from '../src/sim/dice/die.js';
import { rngFromSeed, Sfc32 } from '../src/sim/rng.js';
import { compileScenario, dieOf } from '../src/scenarios/registry.js';
import { ChunkPool } from '../src/run/pool.js';
import { DEFAULT_CHUNK_SIZE } from '../src/model/runDefaults.js';
import { simulate } from '../src/run/simulate.js';
import { naiveHeresyRun, naiveHeresyScenario } from './naiveHeresyShoot.js';
import { naiveRun, naiveScenario } from './naiveShoot.js';
import { pageRate, type PageRate } from './pageBench.js';
import { EPIC40K_SCENARIOS, GAME_SCENARIOS, HERESY_SCENARIOS, SCENARIOS, type BenchScenario } from './scenarios.js';
import type { RunnableSpec } from '../src/scenarios/registry.js';
import type { EngagementSpec } from '../src/rulesets/netea/model/spec.js';
import type { HeresySpec } from '../src/rulesets/heresy/model/spec.js';

/**
 * `npm run bench`: how fast the engine runs, measured, never guessed.
 *
 * For every scenario in scenarios.ts: trials per second on one worker thread
 * and on all of them (the pool, as the CLI runs it, thread start-up and JIT
 * warm-up excluded), the scaling between the two, random words per trial
 * (the generator's 32-bit outputs: one per die, or one per count an assault
 * plan draws; counted in a separate pass with a counting generator, so the
 * timed runs use the real one), words per second on one thread against the
 * generator's raw rate of the scenario's rule system's die (a D6, or
 * Heresy's D10: src/scenarios/registry.ts RULESET_DIE) in a tight loop, and for
 * the NetEA and Heresy shooting scenarios the speed-up against their naive
 * references (naiveShoot.ts, naiveHeresyShoot.ts). Then the peak memory of a long CLI run, measured
 * in a child process: by default a real 100-million-trial run (a few seconds at today's rates); with
 * --memory-trials N, a run of N trials extrapolated to 100 million (quicker, and an overestimate:
 * the RSS growth of its second half, mostly the heap settling, is carried on as if it went on).
 * Then the playground's rate for the shooting
 * scenario in headless Chromium on the same number of workers (pageBench.ts),
 * against the CLI's.
 *
 * Options: --json, --seconds S (per timed run, default 2), --reps N (timed
 * runs of each kind, alternating, the best counts; default 4), --workers N
 * (default: available parallelism), --memory-trials N (extrapolate from N trials),
 * --full-memory (the default: the real run), --only id,id, --no-page.
 */

interface Args {
  json: boolean;
  seconds: number;
  reps: number;
  workers: number;
  /** The trials of the run the peak memory is extrapolated from, or null for a real 100-million-trial run. */
  memoryTrials: number | null;
  only: string[] | null;
  page: boolean;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { json: false, seconds: 2, reps: 4, workers: availableParallelism(), memoryTrials: null, only: null, page: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    const positive = (v: string) => {
      const n = Number(v);
      if (!Number.isFinite(n) || n <= 0) throw new Error(`${arg}: expected a positive number, got "${v}"`);
      return n;
    };
    if (arg === '--json') a.json = true;
    else if (arg === '--seconds') a.seconds = positive(value());
    else if (arg === '--workers') a.workers = Math.round(positive(value()));
    else if (arg === '--reps') a.reps = Math.round(positive(value()));
    else if (arg === '--memory-trials') a.memoryTrials = Math.round(positive(value()));
    else if (arg === '--full-memory') a.memoryTrials = null;
    else if (arg === '--only') a.only = value().split(',');
    else if (arg === '--no-page') a.page = false;
    else throw new Error(`unknown option ${arg} (options: --json --seconds S --reps N --workers N --memory-trials N --full-memory --only id,id --no-page)`);
  }
  return a;
}

const log = (args: Args, s: string) => {
  if (!args.json) process.stderr.write(s);
};

/** Rolls of `die` per second from the generator in a tight loop: the ceiling for a scenario of its rule system. */
function rawDiceRate(die: Die): number {
  const rng = rngFromSeed('raw');
  let best = 0;
  let sink = 0;
  for (let rep = 0; rep < 5; rep++) {
    const n = 20_000_000;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) sink += die.roll(rng);
    const rate = n / ((performance.now() - t0) / 1000);
    if (rate > best) best = rate;
  }
  if (sink === 42) process.stderr.write('');
  return best;
}

/** A generator that counts its outputs: one per die (a D6 rejects a word once in 2^30, a D10 once in 2^29.4). */
class CountingSfc32 extends Sfc32 {
  count = 0;

  override next(): number {
    this.count++;
    return super.next();
  }
}

function wordsPerTrial(spec: RunnableSpec, trials: number): number {
  const runner = compileScenario(spec);
  const tally = new Float64Array(runner.layout.length);
  const [a, b, c, d] = rngFromSeed('count').state();
  const rng = new CountingSfc32(a, b, c, d);
  rng.count = 0;
  runner.run(rng, trials, tally);
  return rng.count / trials;
}

interface Timed {
  trials: number;
  seconds: number;
  rate: number;
}

/** A pool of `workers` threads with every thread warmed up on the scenario (compiled, JIT settled). */
async function warmPool(spec: RunnableSpec, workers: number, chunkSize: number): Promise<{ pool: ChunkPool; rate: number }> {
  const pool = new ChunkPool({ workers });
  const warm = await simulate({ spec, seed: 'bench', scenario: 'bench', matchup: 'warm-up', chunkSize, pool, trials: workers * 4 * chunkSize });
  return { pool, rate: warm.trials / (warm.elapsedMs / 1000) };
}

/** One timed run of whole chunks on a warm pool. */
async function timedRun(spec: RunnableSpec, pool: ChunkPool, trials: number, rep: number, chunkSize: number): Promise<Timed> {
  const r = await simulate({ spec, seed: 'bench', scenario: 'bench', matchup: `timed ${rep}`, chunkSize, pool, trials });
  const s = r.elapsedMs / 1000;
  return { trials, seconds: s, rate: trials / s };
}

const chunksFor = (rate: number, seconds: number, workers: number, chunkSize: number) => Math.max(workers * 4, Math.round((rate * seconds) / chunkSize)) * chunkSize;

/**
 * Trials per second on one worker and on `workers`, measured alternately
 * `reps` times (1, N, 1, N, ...) so that load from other processes hits both
 * alike; the best run of each counts (other load only ever slows a run down).
 */
async function poolRates(spec: RunnableSpec, workers: number, seconds: number, reps: number, chunkSize: number): Promise<{ one: Timed; all: Timed; runs: { one: Timed[]; all: Timed[] } }> {
  const one = await warmPool(spec, 1, chunkSize);
  const all = await warmPool(spec, workers, chunkSize);
  try {
    const runs = { one: [] as Timed[], all: [] as Timed[] };
    for (let rep = 0; rep < reps; rep++) {
      const best1 = Math.max(one.rate, ...runs.one.map((r) => r.rate));
      runs.one.push(await timedRun(spec, one.pool, chunksFor(best1, seconds, 1, chunkSize), rep, chunkSize));
      const bestN = Math.max(all.rate, ...runs.all.map((r) => r.rate));
      runs.all.push(await timedRun(spec, all.pool, chunksFor(bestN, seconds, workers, chunkSize), rep, chunkSize));
    }
    const best = (xs: Timed[]) => xs.reduce((a, b) => (b.rate > a.rate ? b : a));
    return { one: best(runs.one), all: best(runs.all), runs };
  } finally {
    await one.pool.destroy();
    await all.pool.destroy();
  }
}

/** The naive references of the shooting scenarios: NetEA's (naiveShoot.ts) and Heresy's (naiveHeresyShoot.ts). */
const NAIVE: Record<string, (spec: RunnableSpec) => (rng: Sfc32, trials: number) => unknown> = {
  shooting: (spec) => {
    const s = naiveScenario(spec as EngagementSpec);
    return (rng, trials) => naiveRun(s, rng, trials);
  },
  'heresy-shooting': (spec) => {
    const s = naiveHeresyScenario(spec as HeresySpec);
    return (rng, trials) => naiveHeresyRun(s, rng, trials);
  },
};

function naiveRate(run: (rng: Sfc32, trials: number) => unknown, seconds: number): Timed {
  const rng = rngFromSeed('naive');
  run(rng, 20_000);
  const t0 = performance.now();
  run(rng, 20_000);
  const estimate = 20_000 / ((performance.now() - t0) / 1000);
  const trials = Math.max(20_000, Math.round(estimate * seconds));
  const t1 = performance.now();
  run(rng, trials);
  const secs = (performance.now() - t1) / 1000;
  return { trials, seconds: secs, rate: trials / secs };
}

interface MemoryRun {
  trials: number;
  maxRssBytes: number;
  seconds: number;
  /** RSS growth over the second half of the run, bytes per second (by least squares). */
  steadyGrowthPerSecond: number;
}

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p[0], 0) / n;
  const my = points.reduce((s, p) => s + p[1], 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den > 0 ? num / den : 0;
}

/** Peak RSS of the real CLI (compiled) running a scenario, from a child process, with RSS samples. */
function memoryRun(scenario: BenchScenario, trials: number, workers: number): MemoryRun {
  const dir = mkdtempSync(join(tmpdir(), 'epic-balance-bench-'));
  const file = join(dir, 'maxrss.json');
  try {
    const cli = fileURLToPath(new URL('../src/cli.js', import.meta.url));
    const preload = new URL('./maxRss.js', import.meta.url).href;
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['--import', preload, cli, ...scenario.cli, '--trials', String(trials), '--workers', String(workers), '--quiet', '--json'], {
      env: { ...process.env, EPIC_BALANCE_MAXRSS_FILE: file },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const seconds = (performance.now() - t0) / 1000;
    if (r.status !== 0) throw new Error(`the memory run failed (exit ${r.status}): ${r.stderr}`);
    const trialsRun = JSON.parse(r.stdout).trials as number;
    if (trialsRun !== trials) throw new Error(`the memory run did ${trialsRun} trials, not ${trials}`);
    const m = JSON.parse(readFileSync(file, 'utf8')) as { maxRssBytes: number; samples: Array<[number, number]> };
    const end = m.samples.length > 0 ? m.samples[m.samples.length - 1]![0] : 0;
    const secondHalf = m.samples.filter(([t]) => t >= end / 2).map(([t, rss]): [number, number] => [t / 1000, rss]);
    return { trials, maxRssBytes: m.maxRssBytes, seconds, steadyGrowthPerSecond: slope(secondHalf) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface ScenarioReport {
  id: string;
  title: string;
  cli: string;
  supported: boolean;
  reason?: string;
  /** How the engine runs the scenario's trials (fire plan, or the general path and why). */
  path?: string;
  /** The die its rule system rolls (D6, D10): its raw rate is the scenario's ceiling. */
  die?: string;
  oneWorker?: Timed;
  allWorkers?: Timed & { workers: number };
  /** Every timed run's trials per second (the best counts). */
  runs?: { oneWorker: number[]; allWorkers: number[] };
  scaling?: number;
  wordsPerTrial?: number;
  wordRateOneWorker?: number;
  wordRateAllWorkers?: number;
  wordFractionOfRaw?: number;
  naive?: Timed & { speedUp: number };
}

const MB = 1024 * 1024;
const TARGET_TRIALS = 100_000_000;

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const loadBefore = loadavg();
  log(args, `epic-balance bench on ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${args.workers} workers, load ${loadBefore.map((x) => x.toFixed(2)).join(' ')}\n`);

  const all: Array<BenchScenario<RunnableSpec>> = [...SCENARIOS, ...EPIC40K_SCENARIOS, ...HERESY_SCENARIOS, ...GAME_SCENARIOS];
  const scenarios = all.filter((s) => args.only === null || args.only.includes(s.id));
  // The raw rate of each die the scenarios roll is sampled before and after
  // every scenario and the best sample is the ceiling, so a quiet moment at
  // the start alone, or a busy one, does not decide the fraction of it a
  // scenario reaches.
  const dice = new Map<string, Die>(scenarios.map((s) => dieOf(s.build())).map((d) => [d.name, d]));
  if (dice.size === 0) dice.set('D6', dieOf({ ruleset: 'netea' }));
  const raw = new Map<string, number>();
  const sampleRaw = (die: Die) => raw.set(die.name, Math.max(raw.get(die.name) ?? 0, rawDiceRate(die)));
  for (const die of dice.values()) {
    log(args, `raw generator ${die.name} per second... `);
    sampleRaw(die);
    log(args, `${(raw.get(die.name)! / 1e6).toFixed(1)}M\n`);
  }
  const reports: ScenarioReport[] = [];
  for (const sc of scenarios) {
    const report: ScenarioReport = { id: sc.id, title: sc.title, cli: `epic-balance ${sc.cli.map((a) => (/[\s"]/.test(a) ? JSON.stringify(a) : a)).join(' ')}`, supported: true };
    reports.push(report);
    const spec = sc.build();
    report.die = dieOf(spec).name;
    try {
      report.path = compileScenario(spec).path;
    } catch (e) {
      report.supported = false;
      report.reason = (e as Error).message;
      log(args, `${sc.id}: skipped (${report.reason})\n`);
      continue;
    }
    log(args, `${sc.id}: 1 and ${args.workers} workers, best of ${args.reps}... `);
    const chunkSize = sc.chunkSize ?? DEFAULT_CHUNK_SIZE;
    const rates = await poolRates(spec, args.workers, args.seconds, args.reps, chunkSize);
    report.oneWorker = rates.one;
    const all = rates.all;
    report.allWorkers = { ...all, workers: args.workers };
    report.scaling = all.rate / report.oneWorker.rate;
    report.runs = { oneWorker: rates.runs.one.map((r) => r.rate), allWorkers: rates.runs.all.map((r) => r.rate) };
    log(args, `${report.oneWorker.rate >= 1e5 ? `${(report.oneWorker.rate / 1e6).toFixed(2)}M` : report.oneWorker.rate.toFixed(0)} and ${all.rate >= 1e5 ? `${(all.rate / 1e6).toFixed(2)}M` : all.rate.toFixed(0)} trials/s\n`);
    report.wordsPerTrial = wordsPerTrial(spec, Math.min(200_000, 8 * chunkSize));
    report.wordRateOneWorker = report.wordsPerTrial * report.oneWorker.rate;
    report.wordRateAllWorkers = report.wordsPerTrial * all.rate;
    sampleRaw(dieOf(spec));
    const naiveOf = NAIVE[sc.id];
    if (naiveOf !== undefined) {
      log(args, `${sc.id}: naive reference... `);
      const naive = naiveRate(naiveOf(spec), args.seconds);
      report.naive = { ...naive, speedUp: report.oneWorker.rate / naive.rate };
      log(args, `${(naive.rate / 1e3).toFixed(0)}k trials/s\n`);
    }
  }

  log(args, `raw generator, best sample: ${[...raw].map(([die, rate]) => `${die} ${(rate / 1e6).toFixed(1)}M/s`).join(', ')}\n`);
  for (const report of reports) if (report.wordRateOneWorker !== undefined) report.wordFractionOfRaw = report.wordRateOneWorker / raw.get(report.die!)!;

  const memScenario = SCENARIOS.find((s) => s.id === 'shooting')!;
  let memory: { scenario: string; measured: MemoryRun[]; trials: number; maxRssBytes: number; extrapolated: boolean; method: string };
  if (args.memoryTrials === null) {
    log(args, `peak memory: ${TARGET_TRIALS.toLocaleString('en')} trials... `);
    const run = memoryRun(memScenario, TARGET_TRIALS, args.workers);
    memory = { scenario: memScenario.id, measured: [run], trials: TARGET_TRIALS, maxRssBytes: run.maxRssBytes, extrapolated: false, method: 'measured: one CLI run of 100,000,000 trials' };
  } else {
    log(args, `peak memory: ${args.memoryTrials.toLocaleString('en')} trials... `);
    const run = memoryRun(memScenario, args.memoryTrials, args.workers);
    // Nothing is kept per trial, so the peak of a longer run is this peak plus any
    // steady growth over the extra time (the second half of this run's samples).
    const extraSeconds = Math.max(0, run.seconds * (TARGET_TRIALS / run.trials - 1));
    const growth = Math.max(0, run.steadyGrowthPerSecond);
    memory = {
      scenario: memScenario.id,
      measured: [run],
      trials: TARGET_TRIALS,
      maxRssBytes: run.maxRssBytes + growth * extraSeconds,
      extrapolated: true,
      method: `extrapolated from a CLI run of ${run.trials.toLocaleString('en')} trials: its peak plus its RSS growth over the second half of the run (${(growth / 1024).toFixed(1)} kB/s) for the ${extraSeconds.toFixed(0)} s more a 100,000,000-trial run takes; --full-memory measures it`,
    };
  }
  log(args, `${(memory.maxRssBytes / MB).toFixed(0)} MB\n\n`);

  const shooting = reports.find((r) => r.id === 'shooting');
  let page: (PageRate & { ofCli: number | null }) | { skipped: string } = { skipped: shooting?.allWorkers ? '--no-page' : 'the shooting scenario was not run' };
  if (args.page && shooting?.allWorkers) {
    log(args, `page: shooting in headless Chromium on ${args.workers} Web Workers, best of ${args.reps}... `);
    const r = await pageRate({ workers: args.workers, seconds: args.seconds, reps: args.reps });
    page = 'skipped' in r ? r : { ...r, ofCli: r.rate / shooting.allWorkers.rate };
    log(args, 'skipped' in page ? `skipped (${page.skipped})\n` : `${(page.rate / 1e6).toFixed(2)}M trials/s, ${(100 * page.ofCli!).toFixed(0)}% of the CLI's ${(shooting.allWorkers.rate / 1e6).toFixed(2)}M\n`);
  }
  const loadAfter = loadavg();
  const assault = reports.find((r) => r.id === 'assault');
  const game = reports.find((r) => r.id === 'game');
  const targets = [
    { target: `${args.workers} workers at least 1.8x one worker (shooting)`, measured: shooting?.scaling ?? null, ok: (shooting?.scaling ?? 0) >= 1.8, unit: 'x' },
    { target: 'shooting at least 10M trials/s with all workers', measured: shooting?.allWorkers?.rate ?? null, ok: (shooting?.allWorkers?.rate ?? 0) >= 10e6, unit: 'trials/s' },
    { target: 'peak memory under 300 MB for 100M trials', measured: memory.maxRssBytes, ok: memory.maxRssBytes < 300 * MB, unit: 'bytes' },
    { target: 'dice rate at least 30% of the raw generator (shooting)', measured: shooting?.wordFractionOfRaw ?? null, ok: (shooting?.wordFractionOfRaw ?? 0) >= 0.3, unit: 'fraction' },
    { target: `the page at least 70% of the CLI's rate on ${args.workers} workers (shooting, issue 19)`, measured: 'ofCli' in page ? page.ofCli : null, ok: 'ofCli' in page && (page.ofCli ?? 0) >= 0.7, unit: 'fraction' },
    { target: 'at least 1M full assaults per second on one core (issue 3)', measured: assault?.oneWorker?.rate ?? null, ok: (assault?.oneWorker?.rate ?? 0) >= 1e6, unit: 'trials/s' },
    { target: `at least 2,000 full games per second, two 3,000-point armies, on ${args.workers} workers (issue 30)`, measured: game?.allWorkers?.rate ?? null, ok: (game?.allWorkers?.rate ?? 0) >= 2000, unit: 'trials/s' },
  ];
  const result = {
    machine: { cpus: cpus().length, model: cpus()[0]?.model ?? null, availableParallelism: availableParallelism(), node: process.version, loadBefore, loadAfter },
    settings: { workers: args.workers, secondsPerRun: args.seconds, reps: args.reps, chunkSize: DEFAULT_CHUNK_SIZE },
    rawDicePerSecond: raw.get('D6') ?? null,
    rawDicePerSecondByDie: Object.fromEntries(raw),
    scenarios: reports,
    page,
    memory,
    targets,
    seconds: (performance.now() - started) / 1000,
  };
  if (args.json) {
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
    return;
  }
  process.stdout.write(markdown(result));
}

function markdown(r: {
  machine: { cpus: number; model: string | null; node: string; loadBefore: number[]; loadAfter: number[] };
  settings: { workers: number; secondsPerRun: number; reps: number; chunkSize: number };
  rawDicePerSecondByDie: Record<string, number>;
  scenarios: ScenarioReport[];
  page: (PageRate & { ofCli: number | null }) | { skipped: string };
  memory: { trials: number; maxRssBytes: number; method: string; measured: MemoryRun[] };
  targets: Array<{ target: string; measured: number | null; ok: boolean; unit: string }>;
}): string {
  const M = (x: number | undefined) => (x === undefined ? 'n/a' : x >= 1e6 ? `${(x / 1e6).toFixed(2)}M` : x >= 1e4 ? `${(x / 1e3).toFixed(0)}k` : x.toFixed(0));
  const w = r.settings.workers;
  let s = `| scenario | trials/s, 1 worker | trials/s, ${w} workers | scaling | words/trial | words/s, 1 worker | of raw generator | naive trials/s | speed-up vs naive |\n`;
  s += '|---|---:|---:|---:|---:|---:|---:|---:|---:|\n';
  for (const x of r.scenarios) {
    if (!x.supported) {
      s += `| ${x.id}: ${x.title} | not run: ${x.reason} | | | | | | | |\n`;
      continue;
    }
    s += `| ${x.id}: ${x.title} | ${M(x.oneWorker!.rate)} | ${M(x.allWorkers!.rate)} | ${x.scaling!.toFixed(2)}x | ${x.wordsPerTrial!.toFixed(1)} | ${M(x.wordRateOneWorker)} | ${(100 * x.wordFractionOfRaw!).toFixed(0)}% | ${x.naive ? M(x.naive.rate) : ''} | ${x.naive ? `${x.naive.speedUp.toFixed(1)}x` : ''} |\n`;
  }
  s += `\nEngine path per scenario: ${r.scenarios.filter((x) => x.path !== undefined).map((x) => `${x.id}: ${x.path}`).join('; ')}.\n`;
  s += `\nRaw generator (sfc32 + the rule system's die, tight loop, one thread, best of the samples taken before and after each scenario): ${Object.entries(r.rawDicePerSecondByDie).map(([die, rate]) => `${die} ${M(rate)}`).join(', ')} dice/s. `;
  s += `Peak memory of \`epic-balance shoot "4 Devastator" --at "8 Ork Boyz"\` for ${r.memory.trials.toLocaleString('en')} trials on ${w} workers: ${(r.memory.maxRssBytes / MB).toFixed(0)} MB (${r.memory.method}; measured ${r.memory.measured.map((m) => `${(m.maxRssBytes / MB).toFixed(0)} MB at ${m.trials.toLocaleString('en')}`).join(', ')}).\n\n`;
  s += 'skipped' in r.page
    ? `The page (site/, headless Chromium): not measured (${r.page.skipped}).\n\n`
    : `The page (site/, headless Chromium ${r.page.browser}, ${r.page.workers} Web Workers, shooting): ${M(r.page.rate)} trials/s, ${(100 * r.page.ofCli!).toFixed(0)}% of the CLI's rate on as many workers (runs: ${r.page.runs.map((x) => M(x)).join(', ')}).\n\n`;
  s += '| target | measured | met |\n|---|---:|---|\n';
  for (const t of r.targets) {
    const v = t.measured === null ? 'n/a' : t.unit === 'x' ? `${t.measured.toFixed(2)}x` : t.unit === 'bytes' ? `${(t.measured / MB).toFixed(0)} MB` : t.unit === 'fraction' ? `${(100 * t.measured).toFixed(0)}%` : `${M(t.measured)}/s`;
    s += `| ${t.target} | ${v} | ${t.ok ? 'yes' : 'no'} |\n`;
  }
  s += `\n${r.machine.cpus} CPUs (${r.machine.model}), Node ${r.machine.node}, load average ${r.machine.loadBefore.map((x) => x.toFixed(2)).join(' ')} before and ${r.machine.loadAfter.map((x) => x.toFixed(2)).join(' ')} after; best of ${r.settings.reps} alternating timed runs of about ${r.settings.secondsPerRun} s each, chunks of ${r.settings.chunkSize.toLocaleString('en')} trials.\n`;
  return s;
}

main().catch((e: unknown) => {
  process.stderr.write(`bench: ${(e as Error).stack ?? String(e)}\n`);
  process.exitCode = 1;
});
