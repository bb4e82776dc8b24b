import { Option, type Command, type OptionValues } from 'commander';
import { addRulesOption } from './rulesOption.js';
import { pathOption } from './options.js';
import { answer } from './registry.js';
import type { SimulationRunner } from './simulationRunner.js';

/** `list [army]`: the armies and their formations, as the rule system `--rules` names lists them (registry.ts). */
export function registerList(program: Command, runner: SimulationRunner): void {
  const cmd = program
    .command('list')
    .description('list the armies, an army\'s formations with points and upgrades, or its units')
    .argument('[army]', 'an army id or name (e.g. codex-astartes)')
    .option('--units', 'list the army\'s units with their profiles')
    .addOption(new Option('--data <path>', 'use a NetEA Tournament Pack checkout instead of the built-in 2004 rulebook data').argParser(pathOption('--data')))
    .option('--json', 'print as JSON');
  addRulesOption(cmd, 'list');
  cmd
    .addHelpText('after', '\nExamples:\n  epic-balance list\n  epic-balance list codex-astartes\n  epic-balance list ork-war-horde --units\n  epic-balance list --rules epic40k imperium\n  epic-balance list --rules heresy')
    .action(async (armyQuery: string | undefined, o: OptionValues & { rules: string }, command: Command) => {
      await answer('list', { rules: o.rules, operand: armyQuery, o, command, started: performance.now(), runner });
    });
}
