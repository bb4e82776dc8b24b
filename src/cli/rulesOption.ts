import { Option, type Command } from 'commander';
import { InputError } from '../model/inputError.js';
import { DEFAULT_RULES, RULE_NAMES, refusalOf, rulesHelp } from './registry.js';
import type { SharedCommand } from './ruleSystemCommands.js';

/**
 * `--rules <system>` takes the same names on every command (every rule system's, from
 * registry.ts), so a name that works on one command is never "invalid" on another: a command
 * that cannot play a system says which it can and why it cannot (one line, exit 2).
 */
export const RULE_SYSTEMS: readonly string[] = RULE_NAMES;

/** Adds `--rules` with every system's name to a shared command, refusing the systems that do not play it. */
export function addRulesOption(cmd: Command, command: SharedCommand): Command {
  const plays = RULE_NAMES.filter((s) => refusalOf(command, s) === undefined);
  return cmd.addOption(new Option('--rules <system>', rulesHelp(command)).choices(RULE_NAMES).default(DEFAULT_RULES)).hook('preAction', (_cmd, action) => {
    const rules = action.opts<{ rules?: string }>().rules;
    const why = rules === undefined ? undefined : refusalOf(command, rules);
    if (why !== undefined) throw new InputError([{ file: 'option --rules', path: '', message: `\`${action.name()}\` does not play ${rules}: ${why}; it plays ${plays.join(', ')}` }]);
  });
}
