import type { Command } from 'commander';
import { registerImportTp } from './importTp.js';
import { registerShoot } from './shoot.js';

/** Every subcommand registers itself here; each lives in its own file. */
export function registerCommands(program: Command): void {
  registerShoot(program);
  registerImportTp(program);
}
