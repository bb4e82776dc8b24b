import { Command } from 'commander';
import { toolVersion } from '../model/projectRoot.js';
import { registerCommands } from './index.js';
import { SimulationRunner, WorkerPools } from './simulationRunner.js';

/**
 * The epic-balance command line with every subcommand: what src/cli.ts runs
 * and what the tests run in-process. Parse errors of commander's own (an
 * unknown option, a missing argument, a value not among the choices) print
 * one line and end with a CommanderError (exit code 2 in cli.ts), as every
 * other bad input does; --help and --version still print and exit 0.
 * Its commands simulate on the threads of `pools`: src/cli.ts parses one
 * command line per process; tests that parse many share one set.
 */
export function newProgram(pools = new WorkerPools()): Command {
  const program = new Command('epic-balance')
    .description('Monte Carlo analysis and army balancing for Epic Armageddon as NetEA plays it (default), the 2004 rulebook, Epic 40,000 and Heresy (--rules)')
    .version(toolVersion())
    .exitOverride()
    .configureOutput({ outputError: oneLineError('epic-balance --help') });
  registerCommands(program, SimulationRunner.simulating(pools));
  for (const sub of program.commands) sub.exitOverride().configureOutput({ outputError: oneLineError(`epic-balance ${sub.name()} --help`) });
  return program;
}

/** Writes a commander error as one line that ends by naming the help to read. */
function oneLineError(help: string) {
  return (text: string, write: (s: string) => void): void => write(`epic-balance: ${commanderMessage(text, help)}\n`);
}

/**
 * A commander error message as one line: its "error: " dropped and its
 * "(Did you mean ...?)" line appended. A formation text starting with a
 * minus ("-1 Devastator") reaches commander as an unknown option; it gets
 * the formation parser's message for a bad unit count instead.
 */
export function commanderMessage(text: string, help: string): string {
  const lines = text.trim().replace(/^error: /, '').split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const negative = /^unknown option '(-[0-9][0-9.]*)\s+([^']*)'$/.exec(lines[0] ?? '');
  if (negative) return `formation "${negative[1]} ${negative[2]}": expected a unit count from 1 to 200, got ${negative[1]}`;
  const hints = lines.slice(1).map((l) => l.replace(/^\(Did you mean (.*)\)$/, '(did you mean $1)'));
  return `${[(lines[0] ?? 'bad command line').replace(/\.$/, ''), ...hints].join(' ')}; see ${help}`;
}
