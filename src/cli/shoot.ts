import type { Command, OptionValues } from 'commander';
import { checkOutTarget } from '../reports/outTarget.js';
import { addRankOptions } from './options.js';
import { addSimOptions } from './simOptions.js';
import { addRulesOption } from './rulesOption.js';
import { addSystemWords, answer } from './registry.js';
import type { SimulationRunner } from './simulationRunner.js';
import { DEFAULT_TRIALS } from '../model/runDefaults.js';

/** `shoot`: one formation shoots another, as the rule system `--rules` names plays it (registry.ts). */
export function registerShoot(program: Command, runner: SimulationRunner): void {
  const cmd = program
    .command('shoot')
    .description('one formation shoots another: units killed, break chance, Blast markers')
    .argument('<formation>', 'the shooting formation: "4 Devastator", "6 Tactical, 3 Rhino" or "codex-astartes/devastator"')
    .requiredOption('--at <formation>', 'the target formation, same syntax');
  addSimOptions(addRankOptions(addRulesOption(addSystemWords('shoot', cmd), 'shoot')), DEFAULT_TRIALS)
    .addHelpText('after', '\nExamples:\n  epic-balance shoot "4 Devastator" --at "8 Ork Boyz" --action sustained --trials 200000\n  epic-balance shoot "2 Thunderbolt" --at "steel-legion/mechanised-infantry-company" --flak "3 Hydra"\n\nWhen a side flies, the attack follows the aerospace rules: aircraft at a ground formation make a ground attack through its flak;\na ground formation at aircraft fires flak; fighters at aircraft intercept; a spacecraft bombards from orbit.')
    .action(async (text: string, o: OptionValues & { rules: string; out?: string }, command: Command) => {
      const started = performance.now();
      if (o.out !== undefined) checkOutTarget(o.out, '--out', 'report');
      await answer('shoot', { rules: o.rules, operand: text, o, command, started, runner });
    });
}
