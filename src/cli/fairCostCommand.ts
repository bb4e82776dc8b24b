import { SHOOT_ACTIONS } from '../rulesets/netea/scenarios/oneStepJobs.js';
import { Option, type Command } from 'commander';
import { parseFormation } from '../model/formation.js';
import { InputError } from '../model/inputError.js';
import { loadDataset } from '../model/loadDataset.js';
import { checkOutTarget } from '../reports/outTarget.js';
import { DEFAULT_GAPS, ENGAGEMENT_KINDS } from '../reports/engagementKinds.js';
import { fairCost, FAIR_COST_METRICS, type FairCostMetric } from '../reports/fairCost.js';
import { PARITY_METRICS } from '../reports/value/parityCost.js';
import { fairCostSection } from '../reports/sections/fairCostSection.js';
import { nonNegativeNumber, positivePoints } from './options.js';
import { overlayHeader, warnNotSimulated } from './print.js';
import { addSimOptions } from './simOptions.js';
import { rejectAirUnits } from '../model/rejectAirUnits.js';
import { addRulesOption, HERESY_HAS_NO_POINTS, type RuleSystem } from './rulesOption.js';
import { type RulesVariant } from '../rulesets/netea/model/rulesVariant.js';
import { type FairCostOptions, fairCostInBattle, fairCostJson, printResult, rejectRunOptions, unsupportedNotes, writeFairCostReport } from './fairCost.js';
import { FAIR_COST_TRIALS } from '../model/runDefaults.js';
import { unsupportedRules } from '../reports/value/battleFairCost.js';
import { SYSTEM_COMMANDS } from './registry.js';

export function registerFairCost(program: Command): void {
  const cmd = program
    .command('fair-cost')
    .description('the points cost at which a formation reaches parity with the field of the reference battle (or the --vs formations), with its 95% interval, sensitivity band and verdict')
    .argument('<formation>', 'the formation to price: "titan-legion/warhound-battlegroup", "Warhound" or "6 Tactical, 3 Rhino"')
    .option('--vs <formation...>', 'the opponents (army-list formations, each with a points cost); default: the battle\'s field for the data set')
    .addOption(new Option('--battle <file>', 'the battle file: scenes, weights, field and value credits (default: battles/reference.json)'))
    .addOption(new Option('--metric <metric>', 'what parity means (docs/fair-cost.md): efficiency (default) or exchange; win with --engagement').choices([...new Set([...PARITY_METRICS, ...FAIR_COST_METRICS])]))
    .addOption(new Option('--engagement <kind>', 'instead of the battle, one engagement kind: each opponent met twice, each side acting once (the earlier single-engagement fair cost)').choices([...ENGAGEMENT_KINDS]))
    .addOption(new Option('--action <action>', 'with --engagement: the acting formation\'s action when it shoots').choices(SHOOT_ACTIONS).default('advance'))
    .addOption(new Option('--gap <cm>', 'with --engagement: distance between the front ranks (default: 30 for shoot, 10 with an assault)').argParser(nonNegativeNumber('--gap')))
    .option('--out <dir>', 'write the report folder (report.html, CSV, charts, manifest.json) to this directory')
    .addOption(new Option('--cost <points>', 'the cost to judge (a balancer\'s proposal): changes the verdict, never the fair cost (default: the army list\'s cost)').argParser(positivePoints('--cost')));
  addRulesOption(cmd, 'rule system: NetEA Epic Armageddon, the 2004 rulebook (rulebook-2004, in the battle), or Epic 40,000 (BattleBible 1998: detachments written as units; the battle is battles/epic40k-reference.json, or --engagement shoot|assault with --vs); not heresy (no points)', { heresy: HERESY_HAS_NO_POINTS });
  addSimOptions(cmd, FAIR_COST_TRIALS)
    .addHelpText('after', '\nExamples:\n  epic-balance fair-cost titan-legion/warhound-battlegroup\n  epic-balance fair-cost titan-legion/warhound-battlegroup --vs codex-astartes/tactical-detachment ork-war-horde/warband --out out/warhound\n  epic-balance fair-cost space-marine-codex-astartes/tactical --data ../shared/netea-tp')
    .action(async (text: string, o: FairCostOptions & { rules: RuleSystem }, command: Command) => {
      rejectRunOptions(o, 'fair-cost');
      if (o.out !== undefined) checkOutTarget(o.out, '--out', 'report');
      const own = SYSTEM_COMMANDS[o.rules]?.fairCost;
      if (own !== undefined) return own(text, o, command);
      const variant: RulesVariant = o.rules === 'rulebook-2004' ? 'rulebook-2004' : 'netea';
      if (o.engagement === undefined) {
        await fairCostInBattle(text, o, variant);
        return;
      }
      if (variant !== 'netea') throw new InputError([{ file: 'option --engagement', path: '', message: 'under --rules rulebook-2004 a fair cost is valued in the battle; leave out --engagement' }]);
      if (o.cost !== undefined) throw new InputError([{ file: 'option --cost', path: '', message: 'a proposed cost is judged by the battle\'s verdict; the single-engagement search (--engagement) has none: leave out --engagement' }]);
      if (o.vs === undefined) throw new InputError([{ file: 'option --vs', path: '', message: 'a single-engagement fair cost (--engagement) needs the opponents: give --vs <formation...>' }]);
      const metric: FairCostMetric = o.metric ?? 'exchange';
      const started = performance.now();
      const data = loadDataset(o.data, o.datasheet);
      const formation = parseFormation(data, text);
      const opponents = o.vs.map((v) => parseFormation(data, v));
      rejectAirUnits([[text, formation], ...o.vs.map((v, i): [string, typeof formation] => [v, opponents[i]!])], 'fair-cost');
      const engagement = { kind: o.engagement, action: o.action, gap: o.gap ?? DEFAULT_GAPS[o.engagement] };
      const result = await fairCost({ formation, opponents, engagement, metric, run: { seed: o.seed, trials: o.trials, chunkSize: o.chunkSize } });
      const simulationMs = Math.round(performance.now() - started);
      if (o.json) process.stdout.write(JSON.stringify({ trials: o.trials, seed: o.seed, chunkSize: o.chunkSize, data: { id: data.id, version: data.version }, engagement, ...fairCostJson(result), unsupported: unsupportedRules([formation, ...opponents]) }, null, 2) + '\n');
      else {
        process.stdout.write(overlayHeader(data));
        printResult(result);
        warnNotSimulated(unsupportedRules([formation, ...opponents]));
      }
      if (o.out !== undefined) {
        await writeFairCostReport(o, { formation, data, simulations: result.meetings.length, simulationMs, notes: unsupportedNotes([formation, ...opponents]) }, (ctx) => fairCostSection(result, engagement, ctx));
      }
    });
}
