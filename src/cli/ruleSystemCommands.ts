import type { Command, OptionValues } from 'commander';
import type { Experiment, ExperimentStep } from '../model/experiment.js';
import type { LoadedExperiment } from '../scenarios/loadExperiment.js';
import type { AnyVariant } from '../scenarios/registry.js';
import type { SimulationRunner } from './simulationRunner.js';

/** The shared commands a rule system answers in its own way (`--rules` picks the system). */
export const SHARED_COMMANDS = ['shoot', 'assault', 'list', 'audit', 'fair-cost', 'matrix'] as const;
export type SharedCommand = (typeof SHARED_COMMANDS)[number];

/** One call of a shared command, as commander parsed it. */
export interface CommandCall {
  /** The name `--rules` gave: one of the answering system's `names`. */
  rules: string;
  /** The command's argument (the formation, the army), when it has one. */
  operand: string | undefined;
  /** The parsed options: the shared command's and every system's words (each system reads its own). */
  o: OptionValues;
  command: Command;
  /** When the command started (performance.now()), for the timings a report states. */
  started: number;
  /** How the command's simulations are answered: simulated, or replayed by `merge` (simulationRunner.ts). */
  runner: SimulationRunner;
}

/**
 * What a rule system gives the command line (docs/adding-a-rule.md, "Adding a rule system"):
 * the names `--rules` takes for it, its answer to each shared command it plays (or why it
 * cannot play one), the options it adds to a shared command, and the commands only it has.
 * Each system writes one in its folder (src/rulesets/<system>/cli/commands.ts); src/cli/registry.ts
 * lists them, and the shared commands ask the registry, never a system by name.
 */
export interface RuleSystemCommands {
  /** The names `--rules` takes for it, in the order the option lists them (its default first for the first system). */
  readonly names: readonly string[];
  /** What it plays under each shared command, for the help of `--rules` ("Epic 40,000 (BattleBible 1998...)"). */
  readonly help: Partial<Record<SharedCommand, string>>;
  /** Its answer to each shared command it plays. */
  readonly answers: Partial<Record<SharedCommand, (call: CommandCall) => Promise<void> | void>>;
  /** Why it does not play a shared command under one of its names, or undefined when it does. */
  refusal(command: SharedCommand, rules: string): string | undefined;
  /** Why `--datasheet` overlays cannot change its data, or undefined when they can. */
  readonly datasheetRefusal?: string;
  /** How `run` plays an experiment file whose "rules" names it. */
  readonly experiments: ExperimentAnswers;
  /** Options it adds to a shared command, after the shared ones (Epic 40,000's --order on `shoot`). */
  readonly words?: Partial<Record<SharedCommand, (cmd: Command) => Command>>;
  /** The commands only it has (NetEA's roster, game, matchup, tournament), added after the shared ones. */
  register?(program: Command, runner: SimulationRunner): void;
}

/** What a rule system does where `run` (cli/run.ts) reads an experiment file whose "rules" names it. */
export interface ExperimentAnswers {
  /**
   * The experiment with `run --data <path>` read as the system reads it, with the command's
   * --datasheet overlays laid over it, or an InputError when it takes no --data.
   */
  withData(loaded: LoadedExperiment, data: string, datasheets: readonly string[]): LoadedExperiment;
  /**
   * The file's variants compiled by the system, or undefined to leave the file to run.ts's
   * fair-cost and matrix paths; refuses (InputError) what the system cannot run.
   */
  compile(loaded: LoadedExperiment, data: string | undefined): { loaded: LoadedExperiment; variants: AnyVariant[] } | undefined;
  /** What every result under `rules` leaves out besides its formations' own rules ("Not simulated: ..."). */
  notes(rules: string): string[];
  /** The notes one compiled variant adds to the report (NetEA: formations in bought positions). */
  variantNotes(variant: AnyVariant): string[];
  /** A script step in the report's words, or undefined for the shared wording (run.ts describeStep). */
  describeStep(step: ExperimentStep, x: Experiment): string | undefined;
  /** The report's line on the geometry and switches, or undefined for the shared one. */
  settingsNote(x: Experiment): string | undefined;
}
