import { Option, type Command, type OptionValues } from 'commander';
import { checkOutTarget } from '../reports/outTarget.js';
import { ENGAGEMENT_KINDS } from '../reports/engagementKinds.js';
import { FAIR_COST_METRICS } from '../reports/fairCost.js';
import { PARITY_METRICS } from '../reports/value/parityCost.js';
import { nonNegativeNumber, positivePoints } from './options.js';
import { addSimOptions } from './simOptions.js';
import { addRulesOption } from './rulesOption.js';
import { type FairCostOptions, rejectRunOptions } from './fairCost.js';
import { FAIR_COST_TRIALS } from '../model/runDefaults.js';
import { addSystemWords, answer } from './registry.js';
import type { SimulationRunner } from './simulationRunner.js';

/** `fair-cost <formation>`: the cost at which it reaches parity, as the rule system `--rules` names values it (registry.ts). */
export function registerFairCost(program: Command, runner: SimulationRunner): void {
  const cmd = program
    .command('fair-cost')
    .description('the points cost at which a formation reaches parity with the field of the reference battle (or the --vs formations), with its 95% interval, sensitivity band and verdict')
    .argument('<formation>', 'the formation to price: "titan-legion/warhound-battlegroup", "Warhound" or "6 Tactical, 3 Rhino"')
    .option('--vs <formation...>', 'the opponents (army-list formations, each with a points cost); default: the battle\'s field for the data set')
    .addOption(new Option('--battle <file>', 'the battle file: scenes, weights, field and value credits (default: battles/reference.json)'))
    .addOption(new Option('--metric <metric>', 'what parity means (docs/fair-cost.md): efficiency (default) or exchange; win with --engagement').choices([...new Set([...PARITY_METRICS, ...FAIR_COST_METRICS])]))
    .addOption(new Option('--engagement <kind>', 'instead of the battle, one engagement kind: each opponent met twice, each side acting once (the earlier single-engagement fair cost)').choices([...ENGAGEMENT_KINDS]))
    .addOption(new Option('--gap <cm>', 'with --engagement: distance between the front ranks (default: 30 for shoot, 10 with an assault)').argParser(nonNegativeNumber('--gap')))
    .option('--out <dir>', 'write the report folder (report.html, CSV, charts, manifest.json) to this directory')
    .addOption(new Option('--cost <points>', 'the cost to judge (a balancer\'s proposal): changes the verdict, never the fair cost (default: the army list\'s cost)').argParser(positivePoints('--cost')));
  addSimOptions(addRulesOption(addSystemWords('fair-cost', cmd), 'fair-cost'), FAIR_COST_TRIALS)
    .addHelpText('after', '\nExamples:\n  epic-balance fair-cost titan-legion/warhound-battlegroup\n  epic-balance fair-cost titan-legion/warhound-battlegroup --vs codex-astartes/tactical-detachment ork-war-horde/warband --out out/warhound\n  epic-balance fair-cost space-marine-codex-astartes/tactical --data ../shared/netea-tp')
    .action(async (text: string, o: FairCostOptions & OptionValues & { rules: string }, command: Command) => {
      rejectRunOptions(o, 'fair-cost');
      if (o.out !== undefined) checkOutTarget(o.out, '--out', 'report');
      await answer('fair-cost', { rules: o.rules, operand: text, o, command, started: performance.now(), runner });
    });
}
