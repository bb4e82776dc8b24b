import { Option, type Command } from 'commander';
import { parseFormation } from '../../../model/formation.js';
import { InputError } from '../../../model/inputError.js';
import { loadDataset } from '../../../model/loadDataset.js';
import { DEFAULT_GAPS } from '../../../reports/engagementKinds.js';
import { fairCost, type FairCostMetric } from '../../../reports/fairCost.js';
import { fairCostSection } from '../../../reports/sections/fairCostSection.js';
import { overlayHeader, warnNotSimulated } from '../../../cli/print.js';
import { rejectAirUnits } from '../../../model/rejectAirUnits.js';
import { type FairCostOptions, fairCostJson, printResult, unsupportedNotes, writeFairCostReport } from '../../../cli/fairCost.js';
import { fairCostInBattle } from './battleFairCost.js';
import { unsupportedRules } from '../../../reports/value/battleFairCost.js';
import type { CommandCall } from '../../../cli/ruleSystemCommands.js';
import { rulesVariantOf } from '../model/rulesVariant.js';
import { SHOOT_ACTIONS } from '../../../model/shootActions.js';

/** --action: the word NetEA adds to `fair-cost` and `matrix` (what the acting formation does when it shoots). */
export function addActionWord(description: string) {
  return (cmd: Command): Command => cmd.addOption(new Option('--action <action>', description).choices(SHOOT_ACTIONS).default('advance'));
}

/** `fair-cost` under NetEA (in the battle or one engagement) or the 2004 rulebook (in the battle). */
export async function neteaFairCost({ rules, operand, o: options }: CommandCall): Promise<void> {
  const o = options as FairCostOptions;
  const text = operand!;
  const variant = rulesVariantOf(rules);
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
}
