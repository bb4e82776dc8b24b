import { availableParallelism } from 'node:os';
import { Option, type Command } from 'commander';
import { InputError } from '../model/inputError.js';
import { PILOT_TRIALS } from '../reports/value/valueFormations.js';
import { AUDIT_PRECISION_TRIAL_CAP, DEFAULT_AUDIT_PRECISION, DEFAULT_CHUNK_SIZE, DEFAULT_SEED } from '../model/runDefaults.js';
import { pathOption, seedText, wholeNumber } from './options.js';
import { addRulesOption } from './rulesOption.js';
import { chunkRangeOption } from './simOptions.js';
import { PARITY_METRICS } from '../reports/value/parityCost.js';
import { type AuditOptions, listOption, shareOption } from './audit.js';
import { answer, DEFAULT_RULES } from './registry.js';
import type { SimulationRunner } from './simulationRunner.js';
import { checkOutTarget } from '../reports/outTarget.js';

export function registerAudit(program: Command, runner: SimulationRunner): void {
  const cmd = program
    .command('audit')
    .description('the fair cost of every formation of a data set against the reference battle, validated against the data set\'s own costs')
    .addOption(new Option('--data <path>', 'a NetEA Tournament Pack checkout (default: the built-in 2004 rulebook data)').argParser(pathOption('--data')))
    .addOption(new Option('--lists <ids>', 'only these army lists, comma-separated (as `list` names them)').argParser(listOption))
    .addOption(new Option('--battle <file>', 'the battle file (default: battles/reference.json)'))
    .addOption(new Option('--metric <metric>', 'what parity means (docs/fair-cost.md)').choices([...PARITY_METRICS]).default('efficiency'))
    .addOption(new Option('--trials <n>', `alone: the same trials for every meeting; with --precision: the most any meeting runs (default ${AUDIT_PRECISION_TRIAL_CAP.toLocaleString('en')})`).default(AUDIT_PRECISION_TRIAL_CAP).argParser(wholeNumber('--trials', 1)))
    .addOption(new Option('--precision <share>', `trials by need (the default without --trials, at ±${DEFAULT_AUDIT_PRECISION}): ${PILOT_TRIALS} per meeting, then more for the meetings that decide each fair cost until its 95% interval is within ±share of it under every mix (docs/fair-cost.md)`).argParser(shareOption))
    .addOption(new Option('--seed <text>', 'seed: the same seed gives the same numbers').default(DEFAULT_SEED).argParser(seedText))
    .addOption(new Option('--chunk-size <n>', 'trials per chunk (part of the result: keep it to reproduce a run)').default(DEFAULT_CHUNK_SIZE).argParser(wholeNumber('--chunk-size', 1)))
    .addOption(new Option('--workers <n>', 'worker threads (the numbers do not depend on it)').default(availableParallelism(), 'available parallelism').argParser(wholeNumber('--workers', 1)))
    .option('--json', 'print the result as JSON')
    .option('--out <dir>', 'write the report folder (report.html, CSV, the scatter chart, manifest.json)')
    .option('--quiet', 'no progress on stderr');
  addRulesOption(cmd, 'audit');
  cmd
    .addOption(new Option('--fit <half>', 'also fit the scene weights to the costs of half A or B of the lists (alternate lists in id order) and judge both mixes on the other half').choices(['A', 'B']))
    .addOption(new Option('--fit-out <file>', 'with --fit: write a battle file with the fitted weights'))
    .addOption(new Option('--chunks <A-B>', 'value only audited formations A to B (from 0) and write a partial result; combine the pieces with `epic-balance merge`').argParser(chunkRangeOption))
    .addOption(new Option('--history <path>', 'a later Tournament Pack checkout: rate the price changes between --data and it, valued on --data (docs/history.md)').argParser(pathOption('--history')))
    .addOption(new Option('--partial-out <file>', 'where --chunks writes its partial result (default: audit-<hash>-chunks-A-B.partial.json)'))
    .addHelpText('after', '\nExamples:\n  epic-balance audit\n  epic-balance audit --data ../shared/netea-tp --lists ork-war-horde,space-marine-codex-astartes --out out/audit')
    .action(async (o: AuditOptions, cmd: Command) => {
      const started = performance.now();
      // Without --trials the trials are by need (docs/fair-cost.md, "Trials where they count"); --trials alone runs that many in every meeting.
      if (cmd.getOptionValueSource('trials') === 'default') o.precision ??= DEFAULT_AUDIT_PRECISION;
      if (o.fitOut !== undefined && o.fit === undefined) throw new InputError([{ file: 'option --fit-out', path: '', message: 'expected --fit A or --fit B with it: the weights to write are the fitted ones' }]);
      if (o.fitOut !== undefined && checkOutTarget(o.fitOut, '--fit-out', 'fitted-battle').replaces) process.stderr.write(`replacing the earlier fitted battle in ${o.fitOut}\n`);
      await answer('audit', { rules: o.rules ?? DEFAULT_RULES, operand: undefined, o, command: cmd, started, runner });
    });
}
