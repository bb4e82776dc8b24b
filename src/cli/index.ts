import type { Command } from 'commander';
import { registerAssault } from './assault.js';
import { registerAudit } from './auditCommand.js';
import { registerImportTp } from './importTp.js';
import { registerList } from './list.js';
import { registerValidate } from './validate.js';
import { registerMerge } from './merge.js';
import { registerShoot } from './shoot.js';
import { registerFairCost } from './fairCostCommand.js';
import { registerMatrix } from './matrixCommand.js';
import { registerRun } from './run.js';
import { registerServe } from './serve.js';
import { registerShowcase } from './showcase.js';
import { addDatasheetOption } from './options.js';
import { SimulationRunner, WorkerPools } from './simulationRunner.js';
import { datasheetRefusal, registerSystemCommands } from './registry.js';

/** The commands that read a NetEA or 2004 rulebook data set: each takes --datasheet overlays. */
const READ_DATA = new Set(['shoot', 'assault', 'list', 'fair-cost', 'matrix', 'run', 'showcase', 'audit']);

/**
 * Every subcommand registers itself here, each in its own file, then the
 * commands only one rule system has (registry.ts). The
 * commands that simulate get `runner`, which says how their simulations are
 * answered: simulated (program.ts) or replayed from merged pieces (merge.ts).
 * Without one, they simulate on threads of their own.
 */
export function registerCommands(program: Command, runner = SimulationRunner.simulating(new WorkerPools())): void {
  registerShoot(program, runner);
  registerAssault(program, runner);
  registerImportTp(program);
  registerValidate(program);
  registerList(program, runner);
  registerMerge(program, registerCommands);
  registerFairCost(program, runner);
  registerMatrix(program, runner);
  registerRun(program, runner);
  registerShowcase(program, runner);
  registerAudit(program, runner);
  registerServe(program);
  registerSystemCommands(program, runner);
  for (const cmd of program.commands) if (READ_DATA.has(cmd.name())) addDatasheetOption(cmd, datasheetRefusal);
}
