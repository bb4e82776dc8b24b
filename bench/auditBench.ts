import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { newProgram } from '../src/cli/program.js';

/**
 * `node dist/bench/auditBench.js --data <TP checkout>`: how long the whole
 * audit of a data set takes, as a user runs it (`epic-balance audit --data
 * <checkout> --json`, its default trials by need, every validation figure
 * included), on this machine, measured once. Issue 32's target: the whole
 * Tournament Pack in at most 10 minutes on the 2-core development machine.
 *
 * The audit runs in this process (its worker threads are threads of it), so
 * the CPU time reported is all of it: the main thread's and every worker's.
 * The machine is shared: wall time depends on what else runs, so the load
 * average is sampled every 5 s and reported beside it, with the CPU time,
 * which the other load hardly changes.
 *
 * Options: --data <path> (required), --workers N (default 2), --json,
 * --save <file> (the audit's own --json output, for its figures); any
 * argument after `--` goes to the audit as is (e.g. `-- --trials 1000`).
 */

/** This thread's CPU seconds (user + system) from /proc (Linux), or NaN elsewhere: the main thread's, apart from the workers'. */
function threadCpuSeconds(): number {
  try {
    // Fields 14 and 15 of /proc/thread-self/stat, after the command name in parentheses, are utime and stime in clock ticks (100 a second on Linux).
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').replace(/^.*\) /s, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

interface Args {
  data: string;
  workers: number;
  json: boolean;
  save?: string;
  extra: string[];
}

function parseArgs(argv: string[]): Args {
  const a: Partial<Args> = { workers: 2, json: false, extra: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      a.extra = argv.slice(i + 1);
      break;
    }
    if (arg === '--json') a.json = true;
    else if (arg === '--data') a.data = argv[++i];
    else if (arg === '--workers') a.workers = Number(argv[++i]);
    else if (arg === '--save') a.save = argv[++i];
    else throw new Error(`auditBench: unknown argument "${arg}" (expected --data <path>, --workers N, --json, --save <file>, -- <audit arguments>)`);
  }
  if (a.data === undefined) throw new Error('auditBench: expected --data <a Tournament Pack checkout>');
  if (!Number.isInteger(a.workers) || a.workers! < 1) throw new Error('auditBench: expected --workers to be a whole number of 1 or more');
  return a as Args;
}

const args = parseArgs(process.argv.slice(2));
const command = ['audit', '--data', args.data, '--workers', String(args.workers), '--json', '--quiet', ...args.extra];
const loads: number[] = [];
/** Every 5 s: seconds since the start, and the CPU seconds of the whole process and of the main thread so far. */
const samples: Array<{ at: number; process: number; main: number }> = [];
const processCpu = () => {
  const c = process.cpuUsage(cpu0);
  return (c.user + c.system) / 1e6;
};
const sampler = setInterval(() => {
  loads.push(loadavg()[0]!);
  samples.push({ at: (performance.now() - t0) / 1000, process: processCpu(), main: threadCpuSeconds() - main0 });
}, 5000);
const loadBefore = loadavg();
const main0 = threadCpuSeconds();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
let json = '';
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: string | Uint8Array) => ((json += String(chunk)), true)) as typeof process.stdout.write;
try {
  await newProgram().parseAsync(['node', 'epic-balance', ...command]);
} finally {
  process.stdout.write = write;
  clearInterval(sampler);
}
const wallS = (performance.now() - t0) / 1000;
const cpuS = processCpu();
const mainS = threadCpuSeconds() - main0;
// The workers' CPU is the process's less the main thread's; the last sample in which it grew is about when the simulation ended.
const workersGrew = samples.filter((x, i) => i > 0 && x.process - x.main > samples[i - 1]!.process - samples[i - 1]!.main + 0.5);
const simulationEnd = workersGrew.length > 0 ? workersGrew[workersGrew.length - 1]! : null;
const loadAfter = loadavg();
const audit = JSON.parse(json);
if (args.save !== undefined) writeFileSync(args.save, json);
type Row = { trials: number; trialsPerMeeting: number };
const rows: Row[] = audit.formations;
const heldOut = audit.heldOut;
const ground = (id: string) => heldOut.predictors?.find((p: { id: string }) => p.id === id)?.figures?.ground ?? null;
const result = {
  command: `epic-balance ${command.join(' ')}`,
  machine: `${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}`,
  wallSeconds: Math.round(wallS),
  cpuSeconds: Math.round(cpuS),
  /** The main thread's CPU (it solves the fixed points, then runs the held-out validation alone) and the workers' (the simulation). */
  mainThreadCpuSeconds: Math.round(mainS),
  workersCpuSeconds: Math.round(cpuS - mainS),
  /** About when the workers stopped (the last 5-s sample in which their CPU grew), and the main thread's CPU after it: the validation and the report. */
  afterSimulation: simulationEnd === null ? null : { atWallSeconds: Math.round(simulationEnd.at), mainThreadCpuSeconds: Math.round(mainS - simulationEnd.main), wallSeconds: Math.round(wallS - simulationEnd.at) },
  load: { before: loadBefore.map((x) => Number(x.toFixed(2))), meanDuring: loads.length > 0 ? Number((loads.reduce((s, x) => s + x, 0) / loads.length).toFixed(2)) : null, after: loadAfter.map((x) => Number(x.toFixed(2))) },
  formations: rows.length,
  trials: rows.reduce((s, r) => s + r.trials, 0),
  mostTrialsInAMeeting: Math.max(0, ...rows.map((r) => r.trialsPerMeeting)),
  validation: { baseline: ground('baseline'), simulation: ground('simulation'), scaled: ground('simulation-scaled'), baselineWithSimulation: ground('baseline-with-simulation'), simulationAdds: heldOut.simulationAdds ?? null },
  target: { wallSeconds: 600, met: wallS <= 600 },
};
if (args.json) write(JSON.stringify(result, null, 2) + '\n');
else {
  const min = (s: number) => `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
  write(`${result.command}\n${result.machine}, ${args.workers} workers\n`);
  write(`wall ${min(wallS)}, CPU ${min(cpuS)} (all threads: main ${min(mainS)}, workers ${min(cpuS - mainS)}); load average ${result.load.before.join(' ')} before, ${result.load.meanDuring ?? '-'} on average during (1-minute, every 5 s), ${result.load.after.join(' ')} after\n`);
  write(`${result.formations} formations, ${result.trials.toLocaleString('en')} trials, at most ${result.mostTrialsInAMeeting.toLocaleString('en')} in one meeting\n`);
  if (result.afterSimulation !== null) write(`the workers stopped about ${min(result.afterSimulation.atWallSeconds)} in; after that the main thread (validation, held-out validation, report) used ${min(result.afterSimulation.mainThreadCpuSeconds)} of CPU in ${min(result.afterSimulation.wallSeconds)} of wall\n`);
  const cores = cpus().length;
  write(`target: the whole audit in at most 10 min wall: ${result.target.met ? 'met' : 'not met'}; CPU ÷ ${cores} cores = ${min(cpuS / cores)}, the least the wall time could be with the machine to itself\n`);
}
