import { Option, type Command, type OptionValues } from 'commander';
import { checkOutTarget } from '../reports/outTarget.js';
import { ENGAGEMENT_KINDS } from '../reports/engagementKinds.js';
import { rejectRunOptions } from './fairCost.js';
import { nonNegativeNumber } from './options.js';
import { addSimOptions } from './simOptions.js';
import { addRulesOption } from './rulesOption.js';
import type { MatrixOptions } from './matrix.js';
import { addSystemWords, answer } from './registry.js';
import type { SimulationRunner } from './simulationRunner.js';
import { DEFAULT_BATTLE_TRIALS } from '../model/runDefaults.js';

/** `matrix <army> --vs <army>`: every formation against every other, as the rule system `--rules` names plays it (registry.ts). */
export function registerMatrix(program: Command, runner: SimulationRunner): void {
  const cmd = program
    .command('matrix')
    .description('every formation of one army list against every formation of another: value per point in the reference battle, or with --engagement the points-efficiency matrix of one engagement')
    .argument('<army>', 'the acting army list, e.g. "codex-astartes"')
    .requiredOption('--vs <army>', 'the target army list, e.g. "ork-war-horde"')
    .addOption(new Option('--battle <file>', 'the battle file (default: battles/reference.json)'))
    .addOption(new Option('--metric <metric>', 'in a battle: what parity means (docs/fair-cost.md)').choices(['efficiency', 'exchange']))
    .addOption(new Option('--engagement <kind>', 'instead of the battle, one engagement: what the row formation does to the column formation (points destroyed per 100 points)').choices([...ENGAGEMENT_KINDS]))
    .addOption(new Option('--gap <cm>', 'distance between the front ranks (default: 30 for shoot, 10 with an assault)').argParser(nonNegativeNumber('--gap')))
    .option('--out <dir>', 'write the report folder (report.html, CSV, charts, manifest.json) to this directory');
  addSimOptions(addRulesOption(addSystemWords('matrix', cmd), 'matrix'), DEFAULT_BATTLE_TRIALS)
    .addHelpText('after', '\nExamples:\n  epic-balance matrix codex-astartes --vs ork-war-horde --out out/marines-vs-orks\n  epic-balance matrix codex-astartes --vs ork-war-horde --engagement shoot --trials 20000')
    .action(async (armyText: string, o: MatrixOptions & OptionValues & { rules: string }, command: Command) => {
      rejectRunOptions(o, 'matrix');
      if (o.out !== undefined) checkOutTarget(o.out, '--out', 'report');
      await answer('matrix', { rules: o.rules, operand: armyText, o, command, started: performance.now(), runner });
    });
}
