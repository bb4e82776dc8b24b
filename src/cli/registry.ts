import type { Command } from 'commander';
import type { AuditOptions } from './audit.js';
import { epic40kAudit } from '../rulesets/epic40k/cli/epic40kAudit.js';
import { epic40kFairCost, type Epic40kFairCostWords } from '../rulesets/epic40k/cli/epic40kFairCost.js';
import { rejectNeteaOptions } from '../rulesets/epic40k/scenarios/epic40kJobs.js';
import { epic40kMatrix, type Epic40kMatrixOptions } from '../rulesets/epic40k/cli/epic40kMatrix.js';
import type { RuleSystem } from './rulesOption.js';
import type { SimOptions } from './simOptions.js';

/**
 * What a rule system answers with its own code where a shared command would otherwise play
 * NetEA: `audit`, `fair-cost` and `matrix` look the system named by `--rules` up here and hand
 * it the parsed options. NetEA and the 2004 rulebook (its variant, rulesVariant.ts) are the
 * shared commands' own; Heresy has no points, so none of the three plays it (rulesOption.ts).
 */
export interface SystemCommands {
  audit?: (o: AuditOptions, started: number) => Promise<void>;
  fairCost?: (text: string, o: Epic40kFairCostWords & SimOptions & { action: string; data?: string }, command: Command) => Promise<void>;
  matrix?: (armyText: string, o: Epic40kMatrixOptions, command: Command) => Promise<void>;
}

/** One line per rule system that answers a shared command itself (docs/adding-a-rule.md). */
export const SYSTEM_COMMANDS: Partial<Record<RuleSystem, SystemCommands>> = {
  epic40k: {
    audit: epic40kAudit,
    fairCost: async (text, o, command) => {
      rejectNeteaOptions([['--action', command.getOptionValueSource('action') === 'cli'], ['--data', o.data !== undefined]]);
      await epic40kFairCost(text, o);
    },
    matrix: epic40kMatrix,
  },
};
