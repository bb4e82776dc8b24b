#!/usr/bin/env node
import { handleInterrupts } from './run/interrupt.js';

// First of all, before the commands and their libraries load (seconds from the
// sources): from here on Ctrl-C always prints its one line and exits 130.
handleInterrupts();

const { CommanderError } = await import('commander');
const { InputError, formatProblem } = await import('./model/inputError.js');
const { newProgram } = await import('./cli/program.js');

/**
 * The command line: parse, call the library, print. Bad input of any kind ends
 * with one line per problem on stderr and exit code 2.
 */
async function main(argv: string[]): Promise<number> {
  const program = newProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return 0;
      return 2;
    }
    if (e instanceof InputError) {
      for (const p of e.problems) process.stderr.write(`epic-balance: ${formatProblem(p)}\n`);
      return 2;
    }
    process.stderr.write(`epic-balance: ${(e as Error).stack ?? String(e)}\n`);
    return 1;
  }
}

// A reader that stops early (`| head`) closes the pipe: stop quietly rather than crash.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

process.exitCode = await main(process.argv);
