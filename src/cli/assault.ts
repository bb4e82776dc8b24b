import type { Command, OptionValues } from 'commander';
import { checkOutTarget } from '../reports/outTarget.js';
import { addRankOptions } from './options.js';
import { addSimOptions } from './simOptions.js';
import { addRulesOption } from './rulesOption.js';
import { addSystemWords, answer } from './registry.js';
import type { SimulationRunner } from './simulationRunner.js';
import { DEFAULT_TRIALS } from '../model/runDefaults.js';

/** `assault`: one formation assaults another, as the rule system `--rules` names plays it (registry.ts). */
export function registerAssault(program: Command, runner: SimulationRunner): void {
  const cmd = program
    .command('assault')
    .description('one formation assaults another: who wins, units killed on both sides, break chance')
    .argument('<formation>', 'the assaulting formation: "8 Boyz", "6 Tactical, 3 Rhino" or "codex-astartes/tactical"')
    .requiredOption('--at <formation>', 'the target formation, same syntax');
  addSimOptions(addRankOptions(addRulesOption(addSystemWords('assault', cmd), 'assault')), DEFAULT_TRIALS)
    .addHelpText('after', '\nExample:\n  epic-balance assault "codex-astartes/tactical" --at "ork-war-horde/warband" --support "4 Devastator" --trials 100000')
    .action(async (text: string, o: OptionValues & { rules: string; out?: string }, command: Command) => {
      const started = performance.now();
      if (o.out !== undefined) checkOutTarget(o.out, '--out', 'report');
      await answer('assault', { rules: o.rules, operand: text, o, command, started, runner });
    });
}
