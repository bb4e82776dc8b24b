import { Option, type Command } from 'commander';
import { InputError } from '../model/inputError.js';

/**
 * `--rules <system>` takes the same four names on every command, so a name
 * that works on one command is never "invalid" on another: a command that
 * cannot play a system says which it can and why it cannot (one line, exit 2).
 */
export const RULE_SYSTEMS = ['netea', 'rulebook-2004', 'epic40k', 'heresy'] as const;
export type RuleSystem = (typeof RULE_SYSTEMS)[number];

/** Heresy's illustrative profiles carry no points: the commands that price formations cannot play it. */
export const HERESY_HAS_NO_POINTS = "Heresy's profiles carry no points (docs/heresy.md), so there is no cost to weigh a result against";

/**
 * Adds `--rules` with every system's name; `cannot` gives, for each system the
 * command does not play, the reason it is refused for.
 */
export function addRulesOption(cmd: Command, description: string, cannot: Partial<Record<RuleSystem, string>> = {}): Command {
  const plays = RULE_SYSTEMS.filter((s) => cannot[s] === undefined);
  return cmd.addOption(new Option('--rules <system>', description).choices(RULE_SYSTEMS).default('netea')).hook('preAction', (_cmd, action) => {
    const rules = action.opts<{ rules?: RuleSystem }>().rules;
    const why = rules === undefined ? undefined : cannot[rules];
    if (why !== undefined) throw new InputError([{ file: 'option --rules', path: '', message: `\`${action.name()}\` does not play ${rules}: ${why}; it plays ${plays.join(', ')}` }]);
  });
}
