import type { Command } from 'commander';
import { NETEA_COMMANDS } from '../rulesets/netea/cli/commands.js';
import { EPIC40K_COMMANDS } from '../rulesets/epic40k/cli/commands.js';
import { HERESY_COMMANDS } from '../rulesets/heresy/cli/commands.js';
import type { CommandCall, ExperimentAnswers, RuleSystemCommands, SharedCommand } from './ruleSystemCommands.js';
import type { SimulationRunner } from './simulationRunner.js';

/**
 * The rule systems the command line plays, one line each: the one file of the command layer
 * that names them (test/architecture/layers.ts). The first is the default of `--rules`.
 * Adding a system: write src/rulesets/<system>/cli/commands.ts and add it here
 * (docs/adding-a-rule.md, "Adding a rule system").
 */
const SYSTEMS: readonly RuleSystemCommands[] = [NETEA_COMMANDS, EPIC40K_COMMANDS, HERESY_COMMANDS];

/** Every name `--rules` takes, in the systems' order. */
export const RULE_NAMES: readonly string[] = SYSTEMS.flatMap((s) => s.names);

/** The name `--rules` takes when it is not given. */
export const DEFAULT_RULES: string = RULE_NAMES[0]!;

function systemNamed(rules: string): RuleSystemCommands {
  const system = SYSTEMS.find((s) => s.names.includes(rules));
  if (system === undefined) throw new Error(`no rule system is named ${rules} (src/cli/registry.ts)`);
  return system;
}

/** Why a shared command cannot play the system `rules` names, or undefined when it can. */
export function refusalOf(command: SharedCommand, rules: string): string | undefined {
  return systemNamed(rules).refusal(command, rules);
}

/** Runs a shared command as the system its call's `--rules` names answers it. */
export async function answer(command: SharedCommand, call: CommandCall): Promise<void> {
  const own = systemNamed(call.rules).answers[command];
  if (own === undefined) throw new Error(`${call.rules} neither answers nor refuses \`${command}\` (src/cli/registry.ts)`);
  await own(call);
}

/** Adds to a shared command the options each system gives it, in the systems' order. */
export function addSystemWords(command: SharedCommand, cmd: Command): Command {
  for (const s of SYSTEMS) s.words?.[command]?.(cmd);
  return cmd;
}

/** Adds the commands only one system has, in the systems' order. */
export function registerSystemCommands(program: Command, runner: SimulationRunner): void {
  for (const s of SYSTEMS) s.register?.(program, runner);
}

/** The help of `--rules` on a shared command: what each system plays there, then the names it refuses. */
export function rulesHelp(command: SharedCommand): string {
  const plays = SYSTEMS.map((s) => s.help[command]).filter((h): h is string => h !== undefined);
  const refused = RULE_NAMES.filter((n) => refusalOf(command, n) !== undefined);
  return `rule system: ${plays.join('; ')}${refused.length > 0 ? `; not ${refused.join(' or ')}` : ''}`;
}

/** Why `--datasheet` overlays cannot change the data of the system `rules` names, or undefined when they can. */
export function datasheetRefusal(rules: string): string | undefined {
  return systemNamed(rules).datasheetRefusal;
}

/** What the system an experiment's "rules" names does where `run` reads the file. */
export function experimentsOf(rules: string): ExperimentAnswers {
  return systemNamed(rules).experiments;
}
