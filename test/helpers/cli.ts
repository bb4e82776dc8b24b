import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CommanderError } from 'commander';
import { vi } from 'vitest';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

let inProcessPools: import('../../src/cli/simulationRunner.js').WorkerPools | undefined;

/**
 * Runs a command line in this process, as src/cli.ts does (no tsx start-up):
 * InputError and commander errors give exit code 2 with the problems on
 * stderr, --help gives 0, a command that sets process.exitCode gives it.
 */
export async function inProcess(args: string[]): Promise<CliResult> {
  // Imported here, not at the top: a test file that only spawns the command
  // line (spawnCli) then does not load every command and its libraries.
  const [{ newProgram }, { formatProblem, InputError }, { WorkerPools }] = await Promise.all([import('../../src/cli/program.js'), import('../../src/model/inputError.js'), import('../../src/cli/simulationRunner.js')]);
  // One set of worker threads for the test file's in-process commands, as one process keeps.
  inProcessPools ??= new WorkerPools();
  const program = newProgram(inProcessPools);
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => ((stdout += String(c)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((c: string | Uint8Array) => ((stderr += String(c)), true));
  // A command's own exit code (`roster check` sets 1 for a breach) is read, then the test process's restored.
  const exitCode = process.exitCode;
  process.exitCode = undefined;
  try {
    await program.parseAsync(['node', 'epic-balance', ...args]);
    return { code: typeof process.exitCode === 'number' ? process.exitCode : 0, stdout, stderr };
  } catch (e) {
    if (e instanceof InputError) return { code: 2, stdout, stderr: stderr + e.problems.map((p) => `epic-balance: ${formatProblem(p)}\n`).join('') };
    if (e instanceof CommanderError) return { code: e.code === 'commander.helpDisplayed' || e.code === 'commander.help' || e.code === 'commander.version' ? 0 : 2, stdout, stderr };
    throw e;
  } finally {
    process.exitCode = exitCode;
    out.mockRestore();
    err.mockRestore();
  }
}

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** `node ...args` as a process of its own in `cwd`, awaited without blocking this one: its exit code and output. */
export function spawnNode(args: string[], cwd = REPO): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Node's arguments that start the command line from the sources: their bundle
 * for this test run (test/bundles.ts; symbolic links kept, so that a
 * node_modules linked from elsewhere still finds this repository above it), or,
 * outside a run of the suite, src/cli.ts through tsx.
 */
export function cliArgs(): string[] {
  const bundle = process.env.EPIC_BALANCE_CLI_BUNDLE;
  return bundle ? ['--preserve-symlinks', '--preserve-symlinks-main', bundle] : ['--import', TSX, join(REPO, 'src/cli.ts')];
}

/**
 * Runs a command line as a process of its own, from the TypeScript sources
 * (no build step): for commands that start worker threads, and to see the
 * real exit code and output streams.
 */
export function spawnCli(args: string[], cwd = REPO): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return spawnNode([...cliArgs(), ...args], cwd);
}
